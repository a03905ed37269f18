import { describe, expect, it } from 'vitest';
import { OrderLinks } from './order-links';
import { SignedTokens } from './signed-tokens';

const SESSION_SECRET = 'a-session-secret-that-is-long-enough-for-tests';
const DAY_MS = 24 * 60 * 60 * 1000;
const since = new Date('2026-12-01T00:00:00Z');

function links(secret = 'the-order-link-secret-kept-in-the-database-0123') {
  const made = new OrderLinks(SESSION_SECRET);
  made.useKey(secret, since);
  return made;
}

describe('order links', () => {
  it('gives back the order id for 180 days, and refuses the link after', () => {
    const signedAt = since.getTime() + 3 * DAY_MS;
    const link = links().sign('42', signedAt);
    expect(links().verify(link, signedAt)).toBe('42');
    expect(links().verify(link, signedAt + 179 * DAY_MS)).toBe('42');
    expect(links().verify(link, signedAt + 180 * DAY_MS)).toBeUndefined();
  });

  it('reads as the id, then a tag; refuses another id, another expiry or another key', () => {
    const now = since.getTime();
    const link = links().sign('42', now);
    const [id, tag] = link.split('.');
    expect(Buffer.from(id!, 'base64url').toString()).toBe('42');
    expect(links().verify(`${Buffer.from('43').toString('base64url')}.${tag}`, now)).toBeUndefined();
    const later = Buffer.from(tag!, 'base64url');
    later.writeUInt32BE(later.readUInt32BE() + 365 * 24 * 60 * 60);
    expect(links().verify(`${id}.${later.toString('base64url')}`, now)).toBeUndefined();
    expect(links('another-order-link-secret-of-another-shop-0123').verify(link, now)).toBeUndefined();
  });

  it('does not depend on SESSION_SECRET', () => {
    const link = links().sign('42', since.getTime());
    const rotated = new OrderLinks('a-new-session-secret-after-rotation-0123456789');
    rotated.useKey('the-order-link-secret-kept-in-the-database-0123', since);
    expect(rotated.verify(link, since.getTime())).toBe('42');
  });

  it('opens a link of the old form (no expiry) until 180 days after the key was made, with the secret that signed it', () => {
    const old = new SignedTokens(SESSION_SECRET, 'order-link-v1').sign('42');
    expect(links().verify(old, since.getTime() + 179 * DAY_MS)).toBe('42');
    expect(links().verify(old, since.getTime() + 180 * DAY_MS)).toBeUndefined();
    const rotated = new OrderLinks('a-new-session-secret-after-rotation-0123456789');
    rotated.useKey('the-order-link-secret-kept-in-the-database-0123', since);
    expect(rotated.verify(old, since.getTime())).toBeUndefined();
  });

  it('refuses every link of the old form on an install that never emailed one', () => {
    const old = new SignedTokens(SESSION_SECRET, 'order-link-v1').sign('42');
    const fresh = new OrderLinks(SESSION_SECRET);
    fresh.useKey('the-order-link-secret-kept-in-the-database-0123', since, false);
    expect(fresh.verify(old, since.getTime())).toBeUndefined();
    expect(fresh.verify(fresh.sign('42', since.getTime()), since.getTime())).toBe('42');
  });

  it('refuses malformed links', () => {
    for (const token of ['', 'abc', 'abc.def', '.', `${'a'.repeat(10)}.${'!'.repeat(48)}`, `NDI.${'A'.repeat(48)}`]) {
      expect(links().verify(token, since.getTime()), token).toBeUndefined();
    }
  });
});
