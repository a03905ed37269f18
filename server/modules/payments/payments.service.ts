import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { beginCharge, recordCaptured, recordDeclined, recordPending } from './payment-ledger';
import {
  PaymentDeclinedError,
  PaymentPendingError,
  PaymentUnavailableError,
  type CardChargeRequest,
  type CardChargeResult,
  type PaymentProviders,
  type PayPalCaptureSummary,
  type ProviderContext,
} from './payment-provider';
import { lazyHandles } from '../../db/db-handles';

// Taking money: the ledger row is written first (its own statement), the provider is called with no
// transaction or lock held and within PAYMENT_PROVIDER_TIMEOUT_MS, then the outcome is written. A stop
// between the two leaves the row `charging`, which the recovery pass settles (payment-recovery.ts).

/**
 * The same source, amount and purpose is the same payment: a retried request never charges twice. A card token
 * tried for another purpose is another payment, which the provider refuses (a token pays once), so a charge made
 * for one thing is never answered as the charge of another.
 */
export function cardIdempotencyKey(sourceId: string, amountCents: number, purpose: string): string {
  return createHash('sha256').update(`card:${sourceId}:${amountCents}:${purpose}`).digest('hex').slice(0, 40);
}

/** Charges a card token for `purpose` (D35: the ledger notes it, and only that may claim the payment). */
export async function chargeCard(
  ctx: ProviderContext,
  payments: PaymentProviders,
  request: Omit<CardChargeRequest, 'idempotencyKey'>,
  purpose: string,
): Promise<CardChargeResult> {
  const idempotencyKey = cardIdempotencyKey(request.sourceId, request.amountCents, purpose);
  await beginCharge(sql(ctx.db), {
    method: 'square',
    provider: payments.name,
    idempotencyKey,
    sourceRef: request.sourceId,
    amountCents: request.amountCents,
    purpose,
  });
  let result: CardChargeResult;
  try {
    result = await payments.card.charge(ctx, { ...request, idempotencyKey });
  } catch (error) {
    // Refused before it acted (throttled, the shop's credentials): nothing to settle later, and the recovery pass must
    // not repeat a charge the buyer was told failed.
    if (error instanceof PaymentUnavailableError && error.nothingTaken) await recordDeclined(sql(ctx.db), idempotencyKey);
    throw error;
  }
  if (result.ok) await recordCaptured(sql(ctx.db), idempotencyKey, result.payment.id, result.payment.amountCents);
  else await recordDeclined(sql(ctx.db), idempotencyKey);
  return result;
}

/**
 * The ledger's idempotency key (and PayPal-Request-Id) of the one capture of a PayPal order: capturing again
 * returns the first capture instead of failing.
 */
export const paypalCaptureKey = (paypalOrderId: string) => `capture-${paypalOrderId}`;

/**
 * Captures a PayPal order the shop made, `made` being what it was made for and its amount, which the caller has
 * checked against what it pays before calling (D35: nothing is captured that the shop's own checks would refund).
 */
export async function capturePayPalOrder(
  em: EntityManager,
  payments: PaymentProviders,
  paypalOrderId: string,
  made: { purpose: string; amountCents: number },
): Promise<PayPalCaptureSummary> {
  const idempotencyKey = paypalCaptureKey(paypalOrderId);
  // The ledger takes the amount PayPal answers it captured (the order's, as the shop made it).
  await beginCharge(sql(em), {
    method: 'paypal',
    provider: payments.name,
    idempotencyKey,
    sourceRef: paypalOrderId,
    amountCents: made.amountCents,
    purpose: made.purpose,
  });
  try {
    const capture = await payments.paypal.capture(lazyHandles(em), paypalOrderId, idempotencyKey);
    await recordCaptured(sql(em), idempotencyKey, capture.id, capture.amountCents);
    return capture;
  } catch (error) {
    if (error instanceof PaymentPendingError) await recordPending(sql(em), idempotencyKey, error.captureId);
    else if (error instanceof PaymentDeclinedError || (error instanceof PaymentUnavailableError && error.nothingTaken)) {
      await recordDeclined(sql(em), idempotencyKey);
    }
    throw error;
  }
}
