import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config';
import { RateLimits } from './http/rate-limits';
import { sessionSecret } from './http/session-secret';
import type { Logger } from './logger';
import { AdminPasswordService } from './modules/admin/admin-password.service';
import { AdminSessionService } from './modules/admin/admin-session.service';
import { MailService } from './modules/mail/mail.service';
import { UnsubscribeTokens } from './modules/newsletter/unsubscribe-token';
import type { PaymentProviders } from './modules/payments/payment-provider';
import { createPaymentProviders } from './modules/payments/payment-providers';

/** Long-lived services shared by every request; each module adds its own here. */
export interface AppServices {
  logger: Logger;
  adminSessions: AdminSessionService;
  adminPassword: AdminPasswordService;
  mail: MailService;
  rateLimits: RateLimits;
  unsubscribeTokens: UnsubscribeTokens;
  payments: PaymentProviders;
  /** Set when the instance is stopping: readiness answers 503 so a balancer sends it nothing new. */
  lifecycle: { stopping: boolean };
}

export function createServices(config: Config, logger: Logger, orm: MikroORM): AppServices {
  return {
    logger,
    adminSessions: new AdminSessionService(),
    adminPassword: new AdminPasswordService(config, logger),
    mail: new MailService(config, logger),
    rateLimits: new RateLimits(orm.em.getConnection().getKnex(), {
      cardPayment: config.PAYMENT_ATTEMPTS_PER_CLIENT,
      paypalOrder: config.PAYMENT_ATTEMPTS_PER_CLIENT,
    }),
    unsubscribeTokens: new UnsubscribeTokens(sessionSecret(config)),
    payments: createPaymentProviders(config),
    lifecycle: { stopping: false },
  };
}
