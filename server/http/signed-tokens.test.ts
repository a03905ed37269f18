import { describe, expect, it } from 'vitest';
import { SignedTokens } from './signed-tokens';

const tokens = new SignedTokens('a-session-secret-that-is-long-enough-for-tests', 'newsletter-unsubscribe-v1');

describe('signed tokens', () => {
  it('gives back the email a token was signed for', () => {
    expect(tokens.verify(tokens.sign('ada@example.com'))).toBe('ada@example.com');
  });

  it('refuses a token whose email was swapped', () => {
    const [, mac] = tokens.sign('ada@example.com').split('.');
    const forged = `${Buffer.from('bob@example.com').toString('base64url')}.${mac}`;
    expect(tokens.verify(forged)).toBeUndefined();
  });

  it('refuses a token signed with another secret', () => {
    const other = new SignedTokens('another-secret-that-is-also-long-enough-000', 'newsletter-unsubscribe-v1');
    expect(tokens.verify(other.sign('ada@example.com'))).toBeUndefined();
  });

  it('refuses a token made for another purpose with the same secret', () => {
    const orderLinks = new SignedTokens('a-session-secret-that-is-long-enough-for-tests', 'order-link-v1');
    expect(tokens.verify(orderLinks.sign('ada@example.com'))).toBeUndefined();
  });

  it('refuses malformed tokens', () => {
    for (const token of ['', 'abc', 'abc.def', '.', `${'a'.repeat(10)}.${'!'.repeat(43)}`]) {
      expect(tokens.verify(token)).toBeUndefined();
    }
  });
});
