// The services' type, apart from the code that builds them (server/services.ts), so that a module, the request
// context and the jobs can name what they are handed without importing the boot code. Type imports only: this
// file brings no code of another part along.
import type { ForwardingCheck } from '../http/client-key';
import type { Metrics } from '../http/metrics';
import type { OrderLinks } from '../http/order-links';
import type { SignedTokens } from '../http/signed-tokens';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger';
import type { AdminPasswordService, AdminSessionService, ApiTokenService } from '../modules/admin';
import type { MailService } from '../modules/mail';
import type { SalesSettings } from '../modules/checkout';
import type { CardLimits, PaymentProviders } from '../modules/payments';
import type { WebhookService } from '../modules/webhooks';
import type { RateLimits } from '../trpc/rate-limits';

/** Long-lived services shared by every request; each module adds its own here. */
export interface AppServices {
  logger: Logger;
  adminSessions: AdminSessionService;
  adminPassword: AdminPasswordService;
  apiTokens: ApiTokenService;
  mail: MailService;
  webhooks: WebhookService;
  rateLimits: RateLimits;
  /** Card testing's limits per card and across the shop (declines). */
  cardLimits: CardLimits;
  /** Notices requests forwarded by a peer TRUST_PROXY does not name (a balancer the setting leaves out). */
  forwarding: ForwardingCheck;
  unsubscribeTokens: SignedTokens;
  /** Signs an order's id for its link in emails (180 days): the order page opens from any device, no cookie needed. */
  orderLinks: OrderLinks;
  payments: PaymentProviders;
  /** Where the shop sells (D39), the owner's settings as this instance keeps them until they change. */
  salesSettings: SalesSettings;
  /** What the storefront reads changed (products, posts, pages, reviews, shipping, tax): this instance's caches drop on it. */
  catalogChanges: { changedHere(): void };
  /** This instance's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /**
   * Questions one module answers for another that may not import it (docs/architecture.md: no cycles between modules),
   * wired in server/services.ts.
   */
  lookups: {
    /** Whether any order holds the product (the orders module's), for the products module's delete. */
    productWasOrdered: (em: EntityManager, productId: number) => Promise<boolean>;
    /** The commission whose accepted quote an order is (the commissions module's), for the orders module's status change. */
    commissionOfOrder: (em: EntityManager, orderId: number) => Promise<number | null>;
  };
  /** Set when the instance is stopping: readiness answers 503 so a balancer sends it nothing new. */
  lifecycle: { stopping: boolean };
}
