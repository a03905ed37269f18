import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { Logger } from '../../logger';
import { recordCaptured, recordDeclined, stateOf, unsettled, type LedgerRow } from './payment-ledger';
import { lazyHandles } from '../../db/db-handles';
import { PaymentDeclinedError, type PaymentProviders } from './payment-provider';
import { refundPayment, sendRefund } from './payment-refunds';

// Money taken never stays without an order: a stop or crash between the provider's answer and the order
// leaves a ledger row `charging` (the outcome never arrived), `captured` (no order followed) or, for a refund
// (whole or partial, each its own row), `refunding` (not known to be done). This pass, at start-up and then every minute, settles rows untouched for
// PAYMENT_RECOVERY_AFTER_MS (longer than any buyer takes between paying and ordering): it repeats the provider
// call with the row's own idempotency key (the provider answers with the payment it made, or makes none for a
// refused one) and refunds whatever was taken. Every instance may run it: each step is idempotent.

const EVERY_MS = 60_000;

export async function recoverPayments(em: EntityManager, payments: PaymentProviders, logger: Logger, olderThanMs: number): Promise<number> {
  let settled = 0;
  for (const row of await unsettled(sql(em), olderThanMs)) {
    try {
      if (!(await settle(em, payments, row))) continue;
      settled += 1;
      logger.warn({ ledgerId: row.id, state: row.state, method: row.method, paymentId: row.payment_id }, 'unsettled payment settled');
    } catch (error) {
      // The provider is away: the row stays as it is and the next pass tries again.
      logger.error({ ledgerId: row.id, err: { message: (error as Error).message } }, 'unsettled payment could not be settled yet');
    }
  }
  return settled;
}

async function settle(em: EntityManager, payments: PaymentProviders, row: LedgerRow): Promise<boolean> {
  if (row.kind === 'refund') {
    // Decided and written before the provider was asked: the same call with the same key finishes it.
    if (!row.refunded_payment_id) return false;
    await sendRefund(em, payments, {
      id: String(row.id),
      method: row.method,
      provider: row.provider,
      paymentId: row.refunded_payment_id,
      amountCents: row.amount_cents,
      idempotencyKey: row.idempotency_key,
    });
    return true;
  }
  let paymentId = row.payment_id;
  let amountCents = row.amount_cents;
  if (row.state === 'charging') {
    const taken = await repeatCharge(em, payments, row);
    if (!taken) return false;
    // An order (or a refund) already tracks this payment under its own row: that row settles it. (A capture PayPal
    // held is tracked by this very row, which already carries its id.)
    if (taken.id !== row.payment_id && (await stateOf(sql(em), row.method, taken.id))) {
      await sql(em).query('delete from payment_ledger where id = $1 and state = $2', [row.id, 'charging']);
      return false;
    }
    await recordCaptured(sql(em), row.idempotency_key, taken.id, taken.amountCents);
    paymentId = taken.id;
    amountCents = taken.amountCents;
  }
  if (!paymentId) return false;
  const outcome = await refundPayment(em, payments, { method: row.method, paymentId, provider: row.provider, amountCents });
  return outcome.refunded;
}

/** The same call with the same idempotency key: the payment it made the first time, or null when none was made. */
async function repeatCharge(
  em: EntityManager,
  payments: PaymentProviders,
  row: LedgerRow,
): Promise<{ id: string; amountCents: number } | null> {
  const source = row.source_ref ?? '';
  if (row.method === 'square') {
    const result = await payments.card.charge(lazyHandles(em), {
      sourceId: source,
      amountCents: row.amount_cents,
      idempotencyKey: row.idempotency_key,
    });
    if (result.ok) return { id: result.payment.id, amountCents: result.payment.amountCents };
    await recordDeclined(sql(em), row.idempotency_key);
    return null;
  }
  if (row.payment_id) return heldCapture(em, payments, row, row.payment_id);
  try {
    const capture = await payments.paypal.capture(lazyHandles(em), source, row.idempotency_key);
    return { id: capture.id, amountCents: capture.amountCents };
  } catch (error) {
    if (!(error instanceof PaymentDeclinedError)) throw error;
    await recordDeclined(sql(em), row.idempotency_key);
    return null;
  }
}

/**
 * A capture PayPal held (PENDING) when the shop asked for it: asked about by its id (a repeated capture request would
 * be answered PayPal's first answer again). Completed, it is the shop's to refund; still pending, it waits for the
 * next pass; declined, voided or unknown, nothing was taken.
 */
async function heldCapture(em: EntityManager, payments: PaymentProviders, row: LedgerRow, captureId: string) {
  const capture = await payments.paypal.getCapture(lazyHandles(em), captureId);
  if (capture?.status === 'COMPLETED') return { id: capture.id, amountCents: capture.amountCents };
  if (capture?.status !== 'PENDING') await recordDeclined(sql(em), row.idempotency_key);
  return null;
}

/** Runs the pass now and then every minute until the returned stop is called. */
export function startPaymentRecovery(
  em: EntityManager,
  payments: PaymentProviders,
  logger: Logger,
  olderThanMs: number,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = recoverPayments(em, payments, logger, olderThanMs).catch((error: unknown) =>
      logger.error({ err: { message: (error as Error).message } }, 'payment recovery pass failed'),
    );
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
