import type { Config } from '../../config';
import { unconfigured, type PaymentProviders } from './payment-provider';
import { PayPalProvider } from './paypal.provider';
import { SandboxProvider } from './sandbox.provider';
import { SquareProvider } from './square.provider';

/**
 * PAYMENT_PROVIDER picks the providers (D11). `sandbox` (the default) handles cards and PayPal in-process.
 * With `square` or `paypal` every payment is real: cards go to Square and PayPal to PayPal, each when its
 * credentials are set; a method without credentials answers that it is not configured. It never falls back to
 * the sandbox, which would approve payments that took no money.
 */
export function createPaymentProviders(config: Config): PaymentProviders {
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    const sandbox = new SandboxProvider();
    return { name: 'sandbox', card: sandbox, paypal: sandbox, timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS };
  }
  const card =
    config.SQUARE_ACCESS_TOKEN && config.SQUARE_LOCATION_ID
      ? new SquareProvider({
          baseUrl: config.SQUARE_BASE_URL,
          accessToken: config.SQUARE_ACCESS_TOKEN,
          locationId: config.SQUARE_LOCATION_ID,
          timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
        })
      : unconfigured('Card', 'SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID');
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? new PayPalProvider({
          baseUrl: config.PAYPAL_BASE_URL,
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
        })
      : unconfigured('PayPal', 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
  return { name: config.PAYMENT_PROVIDER, card, paypal, timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS };
}
