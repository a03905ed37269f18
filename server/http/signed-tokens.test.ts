import { describe, expect, it } from 'vitest';
import { UnsubscribeTokens } from './unsubscribe-token';

const tokens = new UnsubscribeTokens('a-session-secret-that-is-long-enough-for-tests');

describe('unsubscribe tokens', () => {
  it('gives back the email a token was signed for', () => {
    expect(tokens.verify(tokens.sign('ada@example.com'))).toBe('ada@example.com');
  });

  it('refuses a token whose email was swapped', () => {
    const [, mac] = tokens.sign('ada@example.com').split('.');
    const forged = `${Buffer.from('bob@example.com').toString('base64url')}.${mac}`;
    expect(tokens.verify(forged)).toBeUndefined();
  });

  it('refuses a token signed with another secret', () => {
    const other = new UnsubscribeTokens('another-secret-that-is-also-long-enough-000');
    expect(tokens.verify(other.sign('ada@example.com'))).toBeUndefined();
  });

  it('refuses malformed tokens', () => {
    for (const token of ['', 'abc', 'abc.def', '.', `${'a'.repeat(10)}.${'!'.repeat(43)}`]) {
      expect(tokens.verify(token)).toBeUndefined();
    }
  });
});
