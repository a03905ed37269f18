import { AppError } from '../../trpc/errors';
import { mapPaymentError, type PaymentProvider } from '../../domain/payment-errors';
import { PaymentDeclinedError, PaymentUnavailableError } from './payment-provider';

/**
 * A provider's refusal becomes a 402 whose message is docs/product.md's text for the code and whose cause carries the
 * code (the error formatter puts it in `data.paymentCode`); an unreachable provider is a 503. Anything else
 * is a real fault and stays one.
 */
export function asPaymentError(error: unknown, provider: PaymentProvider): unknown {
  if (error instanceof PaymentDeclinedError) {
    const mapped = mapPaymentError({ code: error.paymentCode, detail: error.detail }, provider);
    return new AppError('PAYMENT_DECLINED', mapped.message, { paymentCode: error.paymentCode }, error);
  }
  if (error instanceof PaymentUnavailableError) {
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `${error.message}. Please try again.`, {}, error);
  }
  return error;
}
