import type { Config } from '../config';

/**
 * A staging shop (production with PAYMENT_PROVIDER=sandbox, D29) says on every page that its payments are
 * simulated: nobody takes it for the real shop, or types a real card into the sandbox's card form, whose numbers
 * reach this server. Outside production nothing is shown (development and the tests know what they run).
 * Put before the app's root by staticClient, so the browser's app never renders or removes it.
 */
export function stagingBanner(config: Pick<Config, 'isProduction' | 'PAYMENT_PROVIDER'>): string {
  if (!config.isProduction || config.PAYMENT_PROVIDER !== 'sandbox') return '';
  return (
    '<aside class="staging-banner no-print" aria-label="Staging shop"><p><strong>Staging shop:</strong> payments are ' +
    'simulated and no money is taken. Use a test card, never a real one.</p></aside>'
  );
}
