import { AppError } from '../../trpc/errors';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlRunner } from '../../db/sql';
import { formatCents } from '../../domain/money';
import { describePurpose } from '../../domain/payment-purpose';
import {
  type PaymentProviders,
  type ProviderContext,
  type VerifiedPayment,
  claimForOrder,
  entryOf,
  type LedgerEntry,
  type LedgerState,
  type PaymentMethod,
  type PaymentRef,
  refundPayment,
  asPaymentError,
} from '../payments';
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
 * order's id reserved before the transaction, because its number goes into the order's signed link.
 * No provider is called here: the payment was verified before the transaction began. Answers the transaction's
 * time, the order's creation time.
 */
export async function claimPayment(db: SqlRunner, ref: PaymentRef, orderId: number, purpose: string): Promise<Date> {
  const claimed = await claimForOrder(db, ref, orderId, purpose);
  if (claimed.ok) return claimed.at;
  if (claimed.state === 'captured' && claimed.purpose && claimed.purpose !== purpose) throw wrongPurpose(claimed.purpose);
  throw claimRefusal(claimed.state, ref.method);
}

function wrongPurpose(made: string): AppError {
  return new AppError('PAYMENT_WRONG_PURPOSE', `This payment was made to pay ${describePurpose(made)}, and pays only that`);
}

const FIELD = { square: 'squarePaymentId', paypal: 'paypalCaptureId' } as const;

/**
 * Why the ledger refuses to give a payment in `state` to a new order. The messages say what the buyer can do and
 * nothing of a payment the shop did not take (whether it exists, its status or amount).
 */
function claimRefusal(state: LedgerState | undefined, method: PaymentMethod): AppError {
  if (state === 'ordered') return new AppError('PAYMENT_REPLAYED', 'This payment has already paid for another order');
  if (state === 'refunding' || state === 'refunded') {
    return new AppError('PAYMENT_NOT_VERIFIED', 'This payment has been refunded and cannot pay for an order');
  }
  return new AppError(
    'PAYMENT_UNKNOWN',
    `${FIELD[method]}: this shop took no such payment. Pay at the checkout, then place the order with the id that payment answered`,
  );
}

/**
 * D28: an order is paid only by a payment the ledger holds as taken by this shop (its own card charge or PayPal
 * capture, captured, by the providers now configured) and no order holds yet. Anything else is refused here,
 * before the provider is asked about it, so an id from elsewhere (a market-stall payment on the same account, a
 * receipt) is never looked up, claimed or refunded.
 */
export async function requireOwnPayment(db: SqlRunner, claim: PaymentClaim, provider: string, purpose: string): Promise<LedgerEntry> {
  const entry = await entryOf(db, claim.method, claim.id);
  if (entry?.state !== 'captured' || entry.provider !== provider)
    throw claimRefusal(entry?.provider === provider ? entry.state : undefined, claim.method);
  // D35: a payment made for something else (a commission's deposit) is refused before the provider is asked.
  if (entry.purpose && entry.purpose !== purpose) throw wrongPurpose(entry.purpose);
  return entry;
}

/**
 * Asks the provider (D8) about a payment the ledger holds as the shop's: it must still be captured (not refunded
 * from the provider's dashboard meanwhile) and be in USD. The amount is checked later.
 */
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
  const field = FIELD[claim.method];
  if (!payment || payment.status !== 'COMPLETED' || payment.currency !== 'USD') {
    throw new AppError('PAYMENT_NOT_VERIFIED', `${field}: this payment cannot pay for an order. Please pay again at the checkout`);
  }
  if (paypalOrderId && payment.paypalOrderId && payment.paypalOrderId !== paypalOrderId) {
    throw new AppError('VALIDATION_FAILED', 'paypalOrderId: does not match the captured PayPal order');
  }
  return payment;
}

export function requireExactAmount(payment: VerifiedPayment, totalCents: number) {
  if (payment.amountCents !== totalCents) {
    throw new AppError('PAYMENT_NOT_VERIFIED', `The payment does not match the order total of $${formatCents(totalCents)}`);
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
    // Not the shop's to give back (never claimed as ours): say nothing of it beyond what the buyer can do.
    if (!outcome.refunded && outcome.state !== 'refunded') return 'Nothing was refunded by this shop.';
    logger.info({ paymentId: ref.paymentId, method: ref.method }, 'payment refunded after a failed order');
    return `Your payment of ${amount} has been refunded.`;
  } catch (error) {
    // The provider or the database failed: the ledger keeps the refund pending and the recovery pass repeats it.
    logger.error({ paymentId: ref.paymentId, method: ref.method, err: { message: (error as Error).message } }, 'automatic refund failed');
    return `We could not refund your payment of ${amount} just now; it will be refunded automatically shortly (contact us if it is not).`;
  }
}
