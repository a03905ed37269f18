import { createHmac } from 'node:crypto';
import { tooMany, type RateLimits } from '../../trpc/rate-limits';
import type { CardDetails } from './payment-provider';

// How often an instance reads the shop-wide decline count while it is under the ceiling: every card charge reading
// one hot row would be a query per checkout; a second's delay before an instance notices is nothing to a card
// testing run of hundreds of cards. Once over, the refusal is kept in memory until the minute ends.
const SHOP_READ_EVERY_MS = 1000;
const SHOP = 'shop';

/**
 * Card testing's limits beyond the per-client count (cardPayment, per address or IPv6 /64):
 *
 * - Per card (CARD_DECLINES_PER_CARD declines an hour, by the card's fingerprint): a run that guesses one stolen
 *   card's CVV, expiry or zip from many addresses. Declines are counted, not attempts: a buyer paying with the same
 *   card again and again is no sign of testing. With the sandbox the card number arrives with the charge, so its
 *   fingerprint (a keyed hash: the number itself is never stored or logged, D10) is checked before the provider is
 *   asked. With Square the card is a token from the browser and the fingerprint comes only in Square's answer
 *   (card_details.card.fingerprint, on failed payments too), so the attempt that shows a card to be over has already
 *   reached Square and its bank. What the shop can still do: answer it 429 instead of the decline's reason (the
 *   tester does not learn which of CVV, zip or expiry was wrong), and refuse that client's card charges for the rest
 *   of its window. An approved charge is answered as approved whatever its card's count: the money moved.
 *
 * - Shop-wide (CARD_DECLINES_PER_MINUTE declines a minute, all clients together): a run spread over thousands of
 *   addresses passes every per-client limit. Over the ceiling, every card charge is refused (429) for the rest of the
 *   minute rather than slowed: holding requests open would tie up connections and memory and still let the run go
 *   on at the held pace, while a refusal costs a real buyer at most a minute's wait, and only while the shop is
 *   under attack. The default is far above a small shop's declines in any minute.
 */
export class CardLimits {
  private shopReadAt = 0;
  private shopRefusedUntil = 0;

  /** `fingerprintKey`: keys the sandbox's card fingerprints; null when card numbers never reach the server. */
  constructor(
    private readonly rateLimits: RateLimits,
    private readonly fingerprintKey: string | null,
  ) {}

  /**
   * Before a charge: refuses (429) while the shop is over its decline ceiling, or when the card, known now, is over
   * its declines. Returns the card's fingerprint when it is known before the charge.
   */
  async admit(card: CardDetails | undefined): Promise<string | undefined> {
    const shopSeconds = await this.shopRefusal();
    if (shopSeconds > 0) {
      throw tooMany(
        `Card payments are paused because of many declined cards. Please wait ${wait(shopSeconds)} and try again.`,
        shopSeconds,
      );
    }
    const fingerprint = this.fingerprintOf(card);
    if (fingerprint) {
      const seconds = await this.rateLimits.usedUp('cardDeclines', fingerprint);
      if (seconds > 0) throw cardRefused(seconds);
    }
    return fingerprint;
  }

  /**
   * After a decline: counts it for the shop and for the card. A card whose count was already at its limit (seen
   * only now: Square) is answered 429, and the client's card charges are refused for the rest of their window.
   */
  async declined(client: string, fingerprint: string | undefined): Promise<void> {
    const shop = await this.rateLimits.count('shopDeclines', SHOP);
    if (shop.count >= this.rateLimits.limit('shopDeclines')) this.shopRefusedUntil = Date.now() + shop.seconds * 1000;
    if (!fingerprint) return;
    const card = await this.rateLimits.count('cardDeclines', fingerprint);
    if (card.count > this.rateLimits.limit('cardDeclines')) {
      await this.rateLimits.block('cardPayment', client);
      throw cardRefused(card.seconds);
    }
  }

  private async shopRefusal(): Promise<number> {
    const now = Date.now();
    if (now < this.shopRefusedUntil) return Math.ceil((this.shopRefusedUntil - now) / 1000);
    if (now - this.shopReadAt < SHOP_READ_EVERY_MS) return 0;
    this.shopReadAt = now;
    const seconds = await this.rateLimits.usedUp('shopDeclines', SHOP);
    if (seconds > 0) this.shopRefusedUntil = now + seconds * 1000;
    return seconds;
  }

  private fingerprintOf(card: CardDetails | undefined): string | undefined {
    if (!card || this.fingerprintKey === null) return undefined;
    const digits = card.cardNumber.replace(/\D/g, '');
    return `sbx-${createHmac('sha256', this.fingerprintKey).update(`card-fingerprint-v1:${digits}`).digest('base64url').slice(0, 32)}`;
  }
}

const cardRefused = (seconds: number) =>
  tooMany(`This card has been declined too many times. Please wait ${wait(seconds)}, or pay with another card.`, seconds);

/** A wait as a person reads it: seconds up to a minute and a half, minutes beyond. */
const wait = (seconds: number) => (seconds <= 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);
