// The services' type, apart from the code that builds them (server/services.ts), so that a module, the request
// context and the jobs can name what they are handed without importing the boot code. Type imports only: this
// file brings no code of another part along.
import type { ForwardingCheck } from '../http/client-key';
import type { Metrics } from '../http/metrics';
import type { OrderLinks } from '../http/order-links';
import type { SignedTokens } from '../http/signed-tokens';
import type { Logger } from '../logger';
import type { AdminPasswordService } from '../modules/admin/admin-password.service';
import type { AdminSessionService } from '../modules/admin/admin-session.service';
import type { ApiTokenService } from '../modules/admin/api-tokens.service';
import type { MailService } from '../modules/mail/mail.service';
import type { CardLimits } from '../modules/payments/card-limits';
import type { PaymentProviders } from '../modules/payments/payment-provider';
import type { WebhookService } from '../modules/webhooks/webhooks.service';
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
  /** This instance's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Set when the instance is stopping: readiness answers 503 so a balancer sends it nothing new. */
  lifecycle: { stopping: boolean };
}
