import { AppError } from '../../trpc/errors';
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCents } from '../../domain/money';
import type { PaymentProviders, VerifiedPayment } from '../payments/payment-provider';
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
 * Locks the payment id for the rest of the transaction (every attempt on one payment queues, D8: one payment,
 * one order) and says, in the same round trip, whether an order already holds it.
 */
async function lockPayment(em: EntityManager, claim: PaymentClaim, reserveOrderId: boolean): Promise<{ used: boolean; orderId: number }> {
  const column = claim.method === 'square' ? 'square_payment_id' : 'paypal_capture_id';
  const [row] = await em.execute<{ used: boolean; id: string | number | null }[]>(
    `select pg_advisory_xact_lock(hashtext(?))::text as locked,
            exists (select 1 from shop_order where ${column} = ?) as used,
            ${reserveOrderId ? "nextval(pg_get_serial_sequence('shop_order', 'id'))" : 'null'} as id`,
    [`payment:${claim.method}:${claim.id}`, claim.id],
  );
  return { used: row!.used, orderId: Number(row!.id) };
}

/**
 * Opens an order attempt on a payment: its lock, no earlier order on it, and the new order's id, reserved now
 * because its number goes into the confirmation email written with the order.
 */
export async function claimPayment(em: EntityManager, claim: PaymentClaim): Promise<number> {
  const { used, orderId } = await lockPayment(em, claim, true);
  if (used) throw new AppError('PAYMENT_REPLAYED', 'This payment has already paid for another order');
  return orderId;
}

/** Asks the provider (D8): the payment must exist, be captured, and be in USD. The amount is checked later. */
export async function verifyPayment(
  em: EntityManager,
  payments: PaymentProviders,
  claim: PaymentClaim,
  paypalOrderId: string | null | undefined,
): Promise<VerifiedPayment> {
  let payment: VerifiedPayment | null;
  try {
    payment = claim.method === 'square' ? await payments.card.get({ em }, claim.id) : await payments.paypal.getCapture({ em }, claim.id);
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
 * D9: gives the money back when the order failed after the payment was taken, in a transaction of its own
 * (the order's was rolled back). It takes the payment's lock again and refunds only while no order holds the
 * payment, so a retry of the same payment that succeeded meanwhile keeps its money. Says what happened.
 */
export async function refundUnlessPaidFor(
  em: EntityManager,
  payments: PaymentProviders,
  claim: PaymentClaim,
  payment: VerifiedPayment,
  logger: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<string> {
  const amount = `$${formatCents(payment.amountCents)}`;
  try {
    const refunded = await em.transactional(async (tem) => {
      if ((await lockPayment(tem, claim, false)).used) return false;
      if (claim.method === 'square') await payments.card.refund({ em: tem }, claim.id, payment.amountCents, `refund-${claim.id}`);
      else await payments.paypal.refundCapture({ em: tem }, claim.id, payment.amountCents, `refund-${claim.id}`);
      return true;
    });
    if (!refunded) return 'This payment has paid for another order, which stands.';
    logger.info({ paymentId: claim.id, method: claim.method }, 'payment refunded after a failed order');
    return `Your payment of ${amount} has been refunded.`;
  } catch (error) {
    // The provider or the database failed: nothing was refunded, and the buyer is told so.
    logger.error({ paymentId: claim.id, method: claim.method, err: { message: (error as Error).message } }, 'automatic refund failed');
    return `We could not refund your payment of ${amount} automatically; please contact us and we will refund it.`;
  }
}
