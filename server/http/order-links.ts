import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SqlSource } from '../db/sql';
import { keepOrderLinkKey } from '../modules/admin';
import { SignedTokens } from './signed-tokens';

/** How long an order's emailed link opens the order. */
export const ORDER_LINK_LIFETIME_DAYS = 180;
const LIFETIME_S = ORDER_LINK_LIFETIME_DAYS * 24 * 60 * 60;
const keptValue = z.object({
  secret: z.string().min(32),
  since: z.iso.datetime(),
  // Whether links of the old form may exist: the key was made on a database that already held orders. A key kept
  // before this was recorded says nothing, and its install keeps opening them as it did.
  legacyLinks: z.boolean().default(true),
});

/**
 * The link in an order's emails: `<order id, base64url>.<tag, base64url>`, the tag being the link's expiry (4 bytes,
 * seconds since 1970, 180 days after signing) and the HMAC-SHA256 of that expiry and the id. Its key is a random
 * secret kept in the database, made at the first start and shared by every instance, so a new SESSION_SECRET does
 * not break links already emailed.
 *
 * Links emailed before links expired (the id signed with a key derived from SESSION_SECRET, no expiry) keep opening
 * until 180 days after the first start that made the key, no later than any of them would have expired, and only
 * while SESSION_SECRET is still the one that signed them; and only on an install that can have emailed them, one
 * that held orders when the key was made. A fresh install never did, so a link of the old form is refused there as
 * a forged one is (anyone who knows SESSION_SECRET could otherwise open any order for 180 days).
 */
export class OrderLinks {
  private key: Buffer | undefined;
  private legacyUntilS = 0;
  private readonly legacy: SignedTokens;

  constructor(sessionSecret: string) {
    this.legacy = new SignedTokens(sessionSecret, 'order-link-v1');
  }

  /** Reads the key from the database (making it on the very first start); once, before links are signed or read. */
  async prepare(db: SqlSource): Promise<void> {
    const kept = await keptKey(db);
    this.useKey(kept.secret, new Date(kept.since), kept.legacyLinks);
  }

  /**
   * Signs and reads links with `secret`; when `legacyLinks` (the install emailed links of the old form before
   * `since`), those open until 180 days after `since`, otherwise never.
   */
  useKey(secret: string, since: Date, legacyLinks = true): void {
    this.key = createHmac('sha256', secret).update('order-link-v2').digest();
    this.legacyUntilS = legacyLinks ? Math.floor(since.getTime() / 1000) + LIFETIME_S : 0;
  }

  sign(orderId: string, now = Date.now()): string {
    const expires = Buffer.alloc(4);
    expires.writeUInt32BE(Math.floor(now / 1000) + LIFETIME_S);
    const tag = Buffer.concat([expires, this.mac(expires, orderId)]);
    return `${Buffer.from(orderId, 'utf8').toString('base64url')}.${tag.toString('base64url')}`;
  }

  /** The order id a link was made for, or undefined when it is malformed, forged or expired. */
  verify(token: string, now = Date.now()): string | undefined {
    const nowS = Math.floor(now / 1000);
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{48})$/.exec(token);
    if (!match) return nowS < this.legacyUntilS ? this.legacy.verify(token) : undefined;
    const orderId = Buffer.from(match[1]!, 'base64url').toString('utf8');
    const tag = Buffer.from(match[2]!, 'base64url');
    const expires = tag.subarray(0, 4);
    if (!timingSafeEqual(tag.subarray(4), this.mac(expires, orderId))) return undefined;
    return expires.readUInt32BE() > nowS ? orderId : undefined;
  }

  private mac(expires: Buffer, orderId: string): Buffer {
    if (!this.key) throw new Error('OrderLinks.prepare() must run before order links are signed or read');
    return createHmac('sha256', this.key).update(expires).update(orderId, 'utf8').digest();
  }
}

/**
 * The key's secret, when it was made and whether links of the old form may exist: the first instance to start
 * writes it, every other one reads that one (the admin module keeps it, in server_setting).
 */
async function keptKey(db: SqlSource): Promise<z.infer<typeof keptValue>> {
  const kept = await keepOrderLinkKey(db, { secret: randomBytes(32).toString('base64url'), since: new Date().toISOString() });
  return keptValue.parse(JSON.parse(kept));
}
