import { TRPCError } from '@trpc/server';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** The limits of what one client may do, by name. */
const LIMITS = {
  // Failed admin sign-ins per client per minute (D16).
  adminLogin: { points: 5, duration: 60 },
  // Contact messages per client per 10 minutes: people write a few, scripts write thousands.
  contact: { points: 5, duration: 600 },
  newsletter: { points: 10, duration: 600 },
} as const;

export type RateLimitName = keyof typeof LIMITS;

/** Per-client counters; over the limit is a 429 with a message a person can act on. */
export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RateLimiterMemory>();

  constructor(private readonly scale = 1) {}

  private limiter(name: RateLimitName) {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: LIMITS[name].points * this.scale, duration: LIMITS[name].duration });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  /** Counts one attempt by `client`; throws TOO_MANY_REQUESTS once the limit is passed. */
  async consume(name: RateLimitName, client: string): Promise<void> {
    try {
      await this.limiter(name).consume(client);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many attempts. Please wait ${seconds} seconds and try again.`,
      });
    }
  }

  /** Forgets a client's attempts, e.g. after a successful sign-in. */
  async reset(name: RateLimitName, client: string): Promise<void> {
    await this.limiter(name).delete(client);
  }
}
