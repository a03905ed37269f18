import type { Config } from '../../config';
import { squareEnvironment, type SquareEnvironment } from '../../domain/square-web';

/** Which card form the checkout shows: docs/product.md's own (sandbox), Square's fields, or none (no card provider). */
export type CardFormSettings =
  { form: 'sandbox' } | { form: 'square'; applicationId: string; locationId: string } | { form: 'unavailable' };

/** Square's card fields, when a real provider is chosen and Square's browser settings are present. */
export function squareCardForm(config: Config): { applicationId: string; locationId: string; environment: SquareEnvironment } | null {
  if (config.PAYMENT_PROVIDER === 'sandbox' || !config.SQUARE_APPLICATION_ID || !config.SQUARE_LOCATION_ID) return null;
  const environment = squareEnvironment(config.SQUARE_APPLICATION_ID);
  return environment && { applicationId: config.SQUARE_APPLICATION_ID, locationId: config.SQUARE_LOCATION_ID, environment };
}

/**
 * The sandbox takes docs/product.md's card form (its test cards, D12). A real provider takes cards only through Square's
 * fields: card numbers never reach this server (D10). PAYMENT_PROVIDER=paypal without Square settings offers
 * PayPal alone.
 */
export function cardFormSettings(config: Config): CardFormSettings {
  if (config.PAYMENT_PROVIDER === 'sandbox') return { form: 'sandbox' };
  const square = squareCardForm(config);
  return square ? { form: 'square', applicationId: square.applicationId, locationId: square.locationId } : { form: 'unavailable' };
}
