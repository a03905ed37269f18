import { TRPCError } from '@trpc/server';
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCents } from '../../domain/money';
import type { PaymentProviders, VerifiedPayment } from '../payments/payment-provider';
import { asPaymentError } from '../payments/payment-errors';
import type { CreateOrderInput } from './order.schema';
import { Order } from './order.entity';

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

/** Serialises every order attempt on one payment id for the rest of the transaction (D8: one payment, one order). */
export async function lockPayment(em: EntityManager, claim: PaymentClaim) {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`payment:${claim.method}:${claim.id}`]);
}

export async function refuseReplay(em: EntityManager, claim: PaymentClaim) {
  const used = await em.count(Order, claim.method === 'square' ? { squarePaymentId: claim.id } : { paypalCaptureId: claim.id });
  if (used > 0) throw new TRPCError({ code: 'CONFLICT', message: 'This payment has already paid for another order' });
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
  if (!payment) throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: `${field}: no such payment was made` });
  if (payment.status !== 'COMPLETED') {
    throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: `${field}: the payment is not completed (${payment.status})` });
  }
  if (payment.currency !== 'USD') throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: `${field}: the payment is not in USD` });
  if (paypalOrderId && payment.paypalOrderId && payment.paypalOrderId !== paypalOrderId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'paypalOrderId: does not match the captured PayPal order' });
  }
  return payment;
}

export function requireExactAmount(payment: VerifiedPayment, totalCents: number) {
  if (payment.amountCents !== totalCents) {
    throw new TRPCError({
      code: 'PAYMENT_REQUIRED',
      message: `The payment of $${formatCents(payment.amountCents)} does not match the order total of $${formatCents(totalCents)}`,
    });
  }
}

/** D9: gives the money back when the order failed after the payment was taken. Says what happened. */
export async function refundAfterFailure(
  em: EntityManager,
  payments: PaymentProviders,
  claim: PaymentClaim,
  payment: VerifiedPayment,
  logger: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<string> {
  const amount = `$${formatCents(payment.amountCents)}`;
  try {
    if (claim.method === 'square') await payments.card.refund({ em }, claim.id, payment.amountCents, `refund-${claim.id}`);
    else await payments.paypal.refundCapture({ em }, claim.id, payment.amountCents, `refund-${claim.id}`);
    logger.info({ paymentId: claim.id, method: claim.method }, 'payment refunded after a failed order');
    return `Your payment of ${amount} has been refunded.`;
  } catch (error) {
    logger.error({ paymentId: claim.id, method: claim.method, err: { message: (error as Error).message } }, 'automatic refund failed');
    return `We could not refund your payment of ${amount} automatically; please contact us and we will refund it.`;
  }
}
