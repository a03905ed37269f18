import type pg from 'pg';
import { RLWrapperTimeouts, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';

/** The limits of what one client (or one card, or the whole shop) may do, by name. */
const DEFAULT_LIMITS = {
  // Failed admin sign-ins per client per minute (D16).
  adminLogin: { points: 5, duration: 60 },
  // Contact messages per client per 10 minutes: people write a few, scripts write thousands.
  contact: { points: 5, duration: 600 },
  newsletter: { points: 10, duration: 600 },
  // Reviews (D37) per client per 10 minutes, and a review's photo uploads: a buyer reviews an order's few lines.
  review: { points: 10, duration: 600 },
  // A commission request's reference photos per client per 10 minutes: four a request, a few requests' worth.
  commissionPhoto: { points: 20, duration: 600 },
  // Their bytes per client per 10 minutes (a point a byte), beside their count: five photos of the largest size
  // (8 MB), so one address no longer stores 160 MB every 10 minutes.
  commissionPhotoBytes: { points: 40 * 1024 * 1024, duration: 600 },
  // Card charges, PayPal orders, PayPal captures and orders per client per 10 minutes, each counted on its own
  // (PAYMENT_ATTEMPTS_PER_CLIENT): a buyer retries a declined card a few times and places one or two orders; card
  // testing tries hundreds of stolen numbers, and each capture or order asks about a payment id.
  cardPayment: { points: 10, duration: 600 },
  paypalOrder: { points: 10, duration: 600 },
  paypalCapture: { points: 10, duration: 600 },
  order: { points: 10, duration: 600 },
  // Declined charges per card (its fingerprint) per hour (CARD_DECLINES_PER_CARD): a buyer mistypes a CVV or zip
  // once or twice; guessing one stolen card's CVV or expiry takes hundreds of tries, from as many addresses.
  cardDeclines: { points: 5, duration: 3600 },
  // Declined card charges across the whole shop per minute (CARD_DECLINES_PER_MINUTE), key 'shop'.
  shopDeclines: { points: 30, duration: 60 },
  // Requests per API token per minute (API_TOKEN_REQUESTS_PER_MINUTE): a script that loops by mistake is stopped
  // before it loads the shop; a sync of the whole catalogue fits.
  apiToken: { points: 600, duration: 60 },
};

export type RateLimitName = keyof typeof DEFAULT_LIMITS;

/** Limits that differ from the defaults, e.g. from configuration. */
export type RateLimitPoints = Partial<Record<RateLimitName, number>>;

const STORE_TIMEOUT_MS = 1000;

/** The table every limiter counts in (created by a migration), one row per limit name and client. */
const TABLE = 'rate_limit';

/**
 * Per-client counters, kept in PostgreSQL so that a limit of 5 is 5 across any number of instances (D23).
 * While the database cannot be reached, each instance counts in its own memory instead (the insurance limiter),
 * so a limit still holds, per instance, rather than failing every request. Over the limit is a 429 with a
 * message a person can act on and the seconds to wait (Retry-After).
 *
 * A client that has used up a limit is refused from this instance's memory for the rest of the window
 * (`inMemoryBlockOnConsumed`): a flood from one client costs no database work once it is over. Another instance
 * counts it once more in the database before it blocks it too.
 */
export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RLWrapperTimeouts>();
  /** The clients this instance refused (`consume`), by limit and client: until when, and what was too many. */
  private readonly refused = new Map<string, Refused>();

  constructor(
    /** The shop's own pool (server/db/sql-pool.ts). */
    private readonly pool: pg.Pool,
    private readonly points: RateLimitPoints = {},
  ) {}

  /** How many attempts `name` allows in its window. */
  limit(name: RateLimitName): number {
    return this.points[name] ?? DEFAULT_LIMITS[name].points;
  }

  private limiter(name: RateLimitName) {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const { duration } = DEFAULT_LIMITS[name];
      const points = this.limit(name);
      const shared = new RateLimiterPostgres({
        storeClient: this.pool,
        storeType: 'pool',
        tableName: TABLE,
        tableCreated: true,
        keyPrefix: name,
        points,
        duration,
        // The attempt that uses the last point blocks the client here until its window ends.
        inMemoryBlockOnConsumed: points,
      });
      // A count normally takes milliseconds; one that takes a second means the database is away (a partition
      // answers nothing): count in memory rather than hold the request until the query times out.
      limiter = new RLWrapperTimeouts({
        limiter: shared,
        timeoutMs: STORE_TIMEOUT_MS,
        insuranceLimiter: new RateLimiterMemory({ points, duration, keyPrefix: name }),
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  /**
   * Counts one attempt by `client` (or `points` of it, e.g. a photo's bytes); throws RATE_LIMITED (429) once the
   * limit is passed, naming `what` was too many.
   */
  async consume(name: RateLimitName, client: string, what = 'attempts', points = 1): Promise<void> {
    try {
      await this.limiter(name).consume(client, points);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      this.remember(`${name}\0${client}`, { until: Date.now() + error.msBeforeNext, what });
      throw refusal(error.msBeforeNext, what);
    }
  }

  /**
   * The 429 `consume` would throw, when this instance has already refused `client` for `name` in the window still
   * running; otherwise undefined. Memory only, for a flood from one client to be answered before its request is
   * read (server/rest/rest-adapter.ts, server/trpc/init.ts); `consume` stays the count that decides.
   */
  refusal(name: RateLimitName, client: string): AppError | undefined {
    const key = `${name}\0${client}`;
    const refused = this.refused.get(key);
    if (refused === undefined) return undefined;
    const ms = refused.until - Date.now();
    if (ms <= 0) {
      this.refused.delete(key);
      return undefined;
    }
    // The same answer for the rest of a second: making an error (its stack) was about a tenth of a refusal's CPU.
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    if (refused.last?.details.retryAfterSeconds !== seconds) refused.last = refusal(ms, refused.what);
    return refused.last;
  }

  private remember(key: string, refused: Refused) {
    if (this.refused.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [old, { until }] of this.refused) if (until <= now) this.refused.delete(old);
      // Still full of live refusals (a flood from many addresses): the oldest goes; consume still counts it.
      if (this.refused.size >= MAX_REMEMBERED) this.refused.delete(this.refused.keys().next().value!);
    }
    this.refused.set(key, refused);
  }

  /** Counts one event (a decline) under `key` without refusing anything: its count so far and the seconds left of its window. */
  async count(name: RateLimitName, key: string): Promise<{ count: number; seconds: number }> {
    const res = await this.limiter(name).penalty(key);
    return { count: res.consumedPoints, seconds: secondsLeft(res) };
  }

  /** The seconds until `key`'s window ends when its count has reached the limit, otherwise 0. Reads, counts nothing. */
  async usedUp(name: RateLimitName, key: string): Promise<number> {
    const res = await this.limiter(name).get(key);
    return res && res.consumedPoints >= this.limit(name) ? secondsLeft(res) : 0;
  }

  /** Refuses `client` everything `name` limits for a whole window from now. */
  async block(name: RateLimitName, client: string): Promise<void> {
    await this.limiter(name).block(client, DEFAULT_LIMITS[name].duration);
  }

  /** Forgets a client's attempts, e.g. after a successful sign-in. */
  async reset(name: RateLimitName, client: string): Promise<void> {
    this.refused.delete(`${name}\0${client}`);
    await this.limiter(name).delete(client);
  }
}

const secondsLeft = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

interface Refused {
  until: number;
  /** What was too many (the message's words). */
  what: string;
  /** The answer last given. */
  last?: AppError;
}

// Refused clients remembered per instance for the early answer, at most (each entry is a few dozen bytes).
const MAX_REMEMBERED = 10_000;

/** The 429 of a client refused for `ms` more, naming `what` was too many. */
function refusal(ms: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return tooMany(`Too many ${what}. Please wait ${seconds} seconds and try again.`, seconds);
}

/** A 429 (RATE_LIMITED) with the message a person reads and the seconds a client waits (Retry-After). */
export function tooMany(message: string, seconds: number): AppError {
  return new AppError('RATE_LIMITED', message, { retryAfterSeconds: seconds });
}
