import { TRPCError } from '@trpc/server';
import { mapPaymentError, type PaymentProvider } from '../../domain/payment-errors';
import { PaymentDeclinedError, PaymentUnavailableError } from './payment-provider';

/**
 * A provider's refusal becomes a 402 whose message is SPEC.md's text for the code and whose cause carries the
 * code (the error formatter puts it in `data.paymentCode`); an unreachable provider is a 503. Anything else
 * is a real fault and stays one.
 */
export function asPaymentError(error: unknown, provider: PaymentProvider): unknown {
  if (error instanceof PaymentDeclinedError) {
    const mapped = mapPaymentError({ code: error.paymentCode, detail: error.detail }, provider);
    return new TRPCError({ code: 'PAYMENT_REQUIRED', message: mapped.message, cause: error });
  }
  if (error instanceof PaymentUnavailableError) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: `${error.message}. Please try again.`,
      cause: error,
    });
  }
  return error;
}
