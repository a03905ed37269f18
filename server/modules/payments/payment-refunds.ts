import { randomUUID } from 'node:crypto';
import { sql } from '../../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { stateOf, type LedgerState, type PaymentRef } from './payment-ledger';
import { finishRefund, pendingRefundsOfPayment, startRefund, type RefundEntry } from './refund-ledger';
import { lazyHandles } from '../../db/db-handles';
import type { PaymentProviders } from './payment-provider';

export type RefundOutcome = { refunded: true } | { refunded: false; state: LedgerState | undefined };

/**
 * A new refund's idempotency key, written in its ledger row before the provider is asked and sent with every call
 * for it (Square's keys are at most 45 characters: this is 43).
 */
export const newRefundKey = () => `refund-${randomUUID()}`;

/**
 * Sends one refund the ledger holds (`refunding`) to its payment's provider (sandbox, Square RefundPayment, PayPal
 * capture refund) with no transaction open, then marks it `refunded`. The call carries the refund's own idempotency
 * key, so a repeat (a retry, the recovery pass) never gives the money back twice. Throws PaymentUnavailableError
 * when the provider cannot be reached or refuses; the row then stays `refunding` for a retry or the recovery pass.
 */
export async function sendRefund(em: EntityManager, payments: PaymentProviders, refund: RefundEntry): Promise<void> {
  if (refund.method === 'square') await payments.card.refund(lazyHandles(em), refund.paymentId, refund.amountCents, refund.idempotencyKey);
  else await payments.paypal.refundCapture(lazyHandles(em), refund.paymentId, refund.amountCents, refund.idempotencyKey);
  await finishRefund(sql(em), refund.id);
}

/** Sends each refund in turn; the first that fails stops the rest (they stay `refunding`, as the failed one does). */
export async function sendRefunds(em: EntityManager, payments: PaymentProviders, refunds: readonly RefundEntry[]): Promise<void> {
  for (const refund of refunds) await sendRefund(em, payments, refund);
}

/**
 * Gives back all that is left of one payment through its provider, only when the ledger holds it as taken by this
 * shop (D28): a payment id from elsewhere is never refunded. The decision is written first (the refund's own ledger
 * row, one statement), the provider is called with no transaction open, then the ledger says `refunded`. Without
 * `ofOrder` only a payment no order holds is refunded (D9: an order that failed after the payment; the recovery
 * pass); with it, that order's payment. A second call finds the payment refunded and sends again only a refund not
 * known to be done, with its own key. An owner's refund of an order goes through reserveOrderRefund instead.
 * Throws PaymentUnavailableError when the provider cannot be reached.
 */
export async function refundPayment(
  em: EntityManager,
  payments: PaymentProviders,
  ref: PaymentRef,
  options: { ofOrder?: number } = {},
): Promise<RefundOutcome> {
  const decided = await startRefund(sql(em), ref, newRefundKey(), options.ofOrder);
  const refunds = decided ? [decided] : await pendingRefundsOfPayment(sql(em), ref, options.ofOrder);
  if (refunds.length === 0) return { refunded: false, state: await stateOf(sql(em), ref.method, ref.paymentId) };
  await sendRefunds(em, payments, refunds);
  return { refunded: true };
}
