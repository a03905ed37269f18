import { TRPCClientError } from '@trpc/client';
import { mapPaymentError, type PaymentErrorInfo, type PaymentProvider } from '../../../server/domain/payment-errors';

interface ErrorData {
  reason?: string;
  paymentCode?: string;
  httpStatus?: number;
}

const dataOf = (error: unknown): ErrorData => (error instanceof TRPCClientError ? ((error.data ?? {}) as ErrorData) : {});

/** What went wrong with a deposit or balance payment, for the buyer. */
export type PaymentOutcome =
  /** Shown above the quote; `reload` when the page's figures are stale and are read again. */
  | { kind: 'notice'; message: string; reload: boolean }
  /** The payment-error dialog: declined, or the provider could not be reached. */
  | { kind: 'dialog'; error: PaymentErrorInfo };

/**
 * The server's reason, in plain words: a replaced or expired quote, a payment another tab took, too many attempts,
 * or a payment the provider refused (the dialog, as at the checkout). Nothing was charged in any of these.
 */
export function paymentOutcome(error: unknown, provider: PaymentProvider): PaymentOutcome {
  const data = dataOf(error);
  const message = error instanceof Error ? error.message : String(error);
  switch (data.reason) {
    case 'QUOTE_REPLACED':
      return {
        kind: 'notice',
        reload: true,
        message: 'The workshop sent a new quote while this page was open, so nothing was charged. The new quote is shown below.',
      };
    case 'QUOTE_EXPIRED':
      return {
        kind: 'notice',
        reload: true,
        message: "This quote's last day has passed, so it can no longer be accepted and nothing was charged. Write to us for a new one.",
      };
    case 'ALREADY_PAID':
      return { kind: 'notice', reload: true, message: 'This is paid already (perhaps from another tab). Nothing more was charged.' };
    case 'PAYMENT_IN_PROGRESS':
      return {
        kind: 'notice',
        reload: true,
        message: 'Your payment is being taken in another tab or window; nothing was charged by this one. This page updates in a moment.',
      };
    case 'INVALID_TRANSITION':
      return {
        kind: 'notice',
        reload: true,
        message: 'This commission has moved on, so nothing was charged. The page now shows where it stands.',
      };
    case 'RATE_LIMITED':
      return { kind: 'notice', reload: false, message };
    case 'VALIDATION_FAILED':
      return { kind: 'notice', reload: true, message: `Nothing was charged: ${message}` };
    default:
      return { kind: 'dialog', error: mapPaymentError({ code: data.paymentCode, detail: message }, provider) };
  }
}
