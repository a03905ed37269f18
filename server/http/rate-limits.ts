import type { Knex } from '@mikro-orm/postgresql';
import { RLWrapperTimeouts, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../trpc/errors';

/** The limits of what one client may do, by name. */
const DEFAULT_LIMITS = {
  // Failed admin sign-ins per client per minute (D16).
  adminLogin: { points: 5, duration: 60 },
  // Contact messages per client per 10 minutes: people write a few, scripts write thousands.
  contact: { points: 5, duration: 600 },
  newsletter: { points: 10, duration: 600 },
  // Card charges and PayPal orders per client per 10 minutes (PAYMENT_ATTEMPTS_PER_CLIENT): a buyer retries a
  // declined card a few times; card testing tries hundreds of stolen numbers.
  cardPayment: { points: 10, duration: 600 },
  paypalOrder: { points: 10, duration: 600 },
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
 */
export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RLWrapperTimeouts>();

  constructor(
    private readonly knex: Knex,
    private readonly points: RateLimitPoints = {},
  ) {}

  private limiter(name: RateLimitName) {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const { duration } = DEFAULT_LIMITS[name];
      const points = this.points[name] ?? DEFAULT_LIMITS[name].points;
      const shared = new RateLimiterPostgres({
        storeClient: this.knex,
        storeType: 'knex',
        tableName: TABLE,
        tableCreated: true,
        keyPrefix: name,
        points,
        duration,
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

  /** Counts one attempt by `client`; throws RATE_LIMITED (429) once the limit is passed, naming `what` was too many. */
  async consume(name: RateLimitName, client: string, what = 'attempts'): Promise<void> {
    try {
      await this.limiter(name).consume(client);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new AppError('RATE_LIMITED', `Too many ${what}. Please wait ${seconds} seconds and try again.`, {
        retryAfterSeconds: seconds,
      });
    }
  }

  /** Forgets a client's attempts, e.g. after a successful sign-in. */
  async reset(name: RateLimitName, client: string): Promise<void> {
    await this.limiter(name).delete(client);
  }
}
