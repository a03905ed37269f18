import { AppError } from '../../trpc/errors';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlRunner } from '../../db/sql';
import { formatCents } from '../../domain/money';
import type { PaymentProviders, ProviderContext, VerifiedPayment } from '../payments/payment-provider';
import { claimForOrder, stateOf, type LedgerState, type PaymentRef } from '../payments/payment-ledger';
import { refundPayment } from '../payments/payment-refunds';
import { asPaymentError } from '../payments/payment-errors';
import type { CreateOrderInput } from './order.schema';

/** The payment an order claims, as one of the two providers names it. */
export interface PaymentClaim {
  method: 'square' | 'paypal';
  id: string;
}

export function paymentClaim(input: CreateOrderInput): PaymentClaim {
  return input.paymentMethod === 'square'
    ? { method: 'square', id: input.squarePaymentId! }
    : { method: 'paypal', id: input.paypalCaptureId! };
}

/**
 * Inside the order's short transaction: the payment becomes the new order's in the payment ledger (its row
 * locked until the commit, so every other attempt on the payment waits, D8: one payment, one order), under the
 * order's id reserved before, because its number goes into the confirmation email written before the transaction.
 * No provider is called here: the payment was verified before the transaction began. Answers the transaction's
 * time, the order's creation time.
 */
export async function claimPayment(db: SqlRunner, ref: PaymentRef, orderId: number): Promise<Date> {
  const claimed = await claimForOrder(db, ref, orderId);
  if (!claimed.ok) throw claimRefusal(claimed.state);
  return claimed.at;
}

/** Why the ledger refuses to give a payment in `state` to a new order. */
function claimRefusal(state: LedgerState): AppError {
  if (state === 'refunding' || state === 'refunded') {
    return new AppError('PAYMENT_NOT_VERIFIED', 'This payment has been refunded and cannot pay for an order');
  }
  return new AppError('PAYMENT_REPLAYED', 'This payment has already paid for another order');
}

/**
 * The refusal a claim of the payment would meet now (it already paid for an order, or was refunded), if any: an
 * order refused before its transaction (its cart changed) answers what it would have answered when its claim came
 * first, so a replayed payment is told so whatever its cart has become.
 */
export async function refusedClaim(db: SqlRunner, ref: PaymentRef): Promise<AppError | undefined> {
  const state = await stateOf(db, ref.method, ref.paymentId);
  return state === 'ordered' || state === 'refunding' || state === 'refunded' ? claimRefusal(state) : undefined;
}

/** Asks the provider (D8): the payment must exist, be captured, and be in USD. The amount is checked later. */
export async function verifyPayment(
  ctx: ProviderContext,
  payments: PaymentProviders,
  claim: PaymentClaim,
  paypalOrderId: string | null | undefined,
): Promise<VerifiedPayment> {
  let payment: VerifiedPayment | null;
  try {
    payment = claim.method === 'square' ? await payments.card.get(ctx, claim.id) : await payments.paypal.getCapture(ctx, claim.id);
  } catch (error) {
    throw asPaymentError(error, claim.method === 'square' ? 'card' : 'paypal');
  }
  const field = claim.method === 'square' ? 'squarePaymentId' : 'paypalCaptureId';
  if (!payment) throw new AppError('PAYMENT_NOT_VERIFIED', `${field}: no such payment was made`);
  if (payment.status !== 'COMPLETED') {
    throw new AppError('PAYMENT_NOT_VERIFIED', `${field}: the payment is not completed (${payment.status})`);
  }
  if (payment.currency !== 'USD') throw new AppError('PAYMENT_NOT_VERIFIED', `${field}: the payment is not in USD`);
  if (paypalOrderId && payment.paypalOrderId && payment.paypalOrderId !== paypalOrderId) {
    throw new AppError('VALIDATION_FAILED', 'paypalOrderId: does not match the captured PayPal order');
  }
  return payment;
}

export function requireExactAmount(payment: VerifiedPayment, totalCents: number) {
  if (payment.amountCents !== totalCents) {
    throw new AppError(
      'PAYMENT_NOT_VERIFIED',
      `The payment of $${formatCents(payment.amountCents)} does not match the order total of $${formatCents(totalCents)}`,
    );
  }
}

/**
 * D9: gives the money back when the order failed after the payment was verified, after the order's transaction
 * ended (refundPayment: the ledger decides, the provider is called with nothing locked). A retry of the same
 * payment that succeeded meanwhile keeps its money. Says what happened.
 */
export async function refundUnlessPaidFor(
  em: EntityManager,
  payments: PaymentProviders,
  ref: PaymentRef,
  logger: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<string> {
  const amount = `$${formatCents(ref.amountCents)}`;
  try {
    const outcome = await refundPayment(em, payments, ref);
    if (!outcome.refunded && outcome.state === 'ordered') return 'This payment has paid for another order, which stands.';
    logger.info({ paymentId: ref.paymentId, method: ref.method }, 'payment refunded after a failed order');
    return `Your payment of ${amount} has been refunded.`;
  } catch (error) {
    // The provider or the database failed: the ledger keeps the refund pending and the recovery pass repeats it.
    logger.error({ paymentId: ref.paymentId, method: ref.method, err: { message: (error as Error).message } }, 'automatic refund failed');
    return `We could not refund your payment of ${amount} just now; it will be refunded automatically shortly (contact us if it is not).`;
  }
}
