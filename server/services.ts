import type { MikroORM } from '@mikro-orm/postgresql';
import type { CatalogChanges } from './cache/catalog-changes';
import type { Config } from './config';
import type { AppServices } from './contract/app-services';
import { sqlPool } from './db/sql-pool';
import { Metrics } from './http/metrics';
import { ForwardingCheck } from './http/client-key';
import { RateLimits } from './trpc/rate-limits';
import { sessionSecret } from './http/session-secret';
import type { Logger } from './logger';
import { AdminPasswordService, AdminSessionService, ApiTokenService } from './modules/admin';
import { MailService } from './modules/mail';
import { OrderLinks } from './http/order-links';
import { SignedTokens } from './http/signed-tokens';
import { SalesSettings } from './modules/checkout';
import { createPaymentProviders, CardLimits } from './modules/payments';
import { WebhookService } from './modules/webhooks';
import { wasOrdered } from './modules/orders';
import { commissionIdOfOrder } from './modules/commissions';

export async function createServices(config: Config, logger: Logger, orm: MikroORM, catalogChanges: CatalogChanges): Promise<AppServices> {
  const pool = await sqlPool(orm.em);
  const rateLimits = new RateLimits(pool, {
    cardPayment: config.PAYMENT_ATTEMPTS_PER_CLIENT,
    paypalOrder: config.PAYMENT_ATTEMPTS_PER_CLIENT,
    paypalCapture: config.PAYMENT_ATTEMPTS_PER_CLIENT,
    order: config.PAYMENT_ATTEMPTS_PER_CLIENT,
    cardDeclines: config.CARD_DECLINES_PER_CARD,
    shopDeclines: config.CARD_DECLINES_PER_MINUTE,
    apiToken: config.API_TOKEN_REQUESTS_PER_MINUTE,
  });
  // Only the sandbox sees card numbers (D10), so only it fingerprints them, keyed so that a number cannot be found
  // from its fingerprint by trying numbers.
  const fingerprintKey = config.PAYMENT_PROVIDER === 'sandbox' ? sessionSecret(config) : null;
  return {
    logger,
    adminSessions: new AdminSessionService(),
    adminPassword: new AdminPasswordService(config, logger),
    apiTokens: new ApiTokenService(rateLimits),
    mail: new MailService(config, logger),
    rateLimits,
    cardLimits: new CardLimits(rateLimits, fingerprintKey),
    forwarding: new ForwardingCheck(logger),
    webhooks: new WebhookService(config, logger),
    unsubscribeTokens: new SignedTokens(sessionSecret(config), 'newsletter-unsubscribe-v1'),
    orderLinks: new OrderLinks(sessionSecret(config)),
    payments: createPaymentProviders(config),
    lookups: { productWasOrdered: wasOrdered, commissionOfOrder: commissionIdOfOrder },
    lifecycle: { stopping: false },
    metrics: new Metrics(orm, pool),
    salesSettings: new SalesSettings(),
    catalogChanges,
  };
}
