import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs the email address an unsubscribe link is for, so the link needs no sign-in but cannot be made up
 * for someone else's address. The key is derived from the session secret for this one purpose, so a token
 * can never pass for a session cookie signature or the other way round.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('newsletter-unsubscribe-v1').digest();
  }

  /** `<email, base64url>.<hmac, base64url>` */
  sign(email: string): string {
    return `${Buffer.from(email, 'utf8').toString('base64url')}.${this.mac(email).toString('base64url')}`;
  }

  /** The email the token was made for, or undefined when it is malformed or forged. */
  verify(token: string): string | undefined {
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = this.mac(email);
    return given.length === expected.length && timingSafeEqual(given, expected) ? email : undefined;
  }

  private mac(email: string): Buffer {
    return createHmac('sha256', this.key).update(email, 'utf8').digest();
  }
}
