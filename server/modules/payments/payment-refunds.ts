import { sql } from '../../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { finishRefund, startRefund, stateOf, type LedgerState, type PaymentRef } from './payment-ledger';
import { lazyHandles } from '../../db/db-handles';
import type { PaymentProviders } from './payment-provider';

export type RefundOutcome = { refunded: true } | { refunded: false; state: LedgerState | undefined };

/**
 * Gives a payment's money back through its provider (sandbox, Square RefundPayment, PayPal capture refund), only
 * when the ledger holds it as taken by this shop (D28): a payment id from elsewhere is never refunded.
 * The decision is written first (ledger `refunding`, one statement), the provider is called with no
 * transaction open, then the ledger says `refunded`. Without `ofOrder` only a payment no order holds is
 * refunded (D9: an order that failed after the payment); with it, the owner refunds that order's payment.
 * A second call finds the payment refunded and refunds nothing; a call that failed at the provider leaves the
 * row `refunding`, which a later call or the recovery pass repeats with the same idempotency key.
 * Throws PaymentUnavailableError when the provider cannot be reached.
 */
export async function refundPayment(
  em: EntityManager,
  payments: PaymentProviders,
  ref: PaymentRef,
  options: { ofOrder?: number } = {},
): Promise<RefundOutcome> {
  const decided = await startRefund(sql(em), ref, options.ofOrder);
  if (!decided) return { refunded: false, state: await stateOf(sql(em), ref.method, ref.paymentId) };
  // What goes back is what the ledger says the shop took, whatever the caller thought the amount was.
  const key = `refund-${ref.paymentId}`;
  if (ref.method === 'square') await payments.card.refund(lazyHandles(em), ref.paymentId, decided.amountCents, key);
  else await payments.paypal.refundCapture(lazyHandles(em), ref.paymentId, decided.amountCents, key);
  await finishRefund(sql(em), ref.method, ref.paymentId);
  return { refunded: true };
}
