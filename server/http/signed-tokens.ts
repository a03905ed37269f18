import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token is for; each purpose has its own key, so a token made for one never passes for another. */
export type TokenPurpose = 'newsletter-unsubscribe-v1' | 'order-link-v1';

/**
 * Signs a value for a link that needs no sign-in but cannot be made up for another value: an unsubscribe link
 * (the email address), an order's link (its id). The key is derived from the session secret for the one
 * purpose, so a token can never pass for a session cookie signature, or for a token of another purpose.
 */
export class SignedTokens {
  private readonly key: Buffer;

  constructor(sessionSecret: string, purpose: TokenPurpose) {
    this.key = createHmac('sha256', sessionSecret).update(purpose).digest();
  }

  /** `<value, base64url>.<hmac, base64url>` */
  sign(value: string): string {
    return `${Buffer.from(value, 'utf8').toString('base64url')}.${this.mac(value).toString('base64url')}`;
  }

  /** The value the token was made for, or undefined when it is malformed or forged. */
  verify(token: string): string | undefined {
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const value = Buffer.from(match[1]!, 'base64url').toString('utf8');
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = this.mac(value);
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
  }

  private mac(value: string): Buffer {
    return createHmac('sha256', this.key).update(value, 'utf8').digest();
  }
}
