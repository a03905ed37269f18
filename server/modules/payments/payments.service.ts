import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { beginCharge, recordCaptured, recordDeclined } from './payment-ledger';
import {
  PaymentDeclinedError,
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

/** The same source and amount is the same payment: a retried request never charges twice. */
export function cardIdempotencyKey(sourceId: string, amountCents: number): string {
  return createHash('sha256').update(`card:${sourceId}:${amountCents}`).digest('hex').slice(0, 40);
}

export async function chargeCard(
  ctx: ProviderContext,
  payments: PaymentProviders,
  request: Omit<CardChargeRequest, 'idempotencyKey'>,
): Promise<CardChargeResult> {
  const idempotencyKey = cardIdempotencyKey(request.sourceId, request.amountCents);
  await beginCharge(sql(ctx.db), {
    method: 'square',
    provider: payments.name,
    idempotencyKey,
    sourceRef: request.sourceId,
    amountCents: request.amountCents,
  });
  const result = await payments.card.charge(ctx, { ...request, idempotencyKey });
  if (result.ok) await recordCaptured(sql(ctx.db), idempotencyKey, result.payment.id, result.payment.amountCents);
  else await recordDeclined(sql(ctx.db), idempotencyKey);
  return result;
}

/** One request id per PayPal order: capturing again returns the first capture instead of failing. */
/** The ledger's idempotency key (and PayPal-Request-Id) of the one capture of a PayPal order. */
export const paypalCaptureKey = (paypalOrderId: string) => `capture-${paypalOrderId}`;

export async function capturePayPalOrder(
  em: EntityManager,
  payments: PaymentProviders,
  paypalOrderId: string,
): Promise<PayPalCaptureSummary> {
  const idempotencyKey = paypalCaptureKey(paypalOrderId);
  // The amount is not known before PayPal answers; the ledger takes the captured amount then.
  await beginCharge(sql(em), { method: 'paypal', provider: payments.name, idempotencyKey, sourceRef: paypalOrderId, amountCents: 0 });
  try {
    const capture = await payments.paypal.capture(lazyHandles(em), paypalOrderId, idempotencyKey);
    await recordCaptured(sql(em), idempotencyKey, capture.id, capture.amountCents);
    return capture;
  } catch (error) {
    if (error instanceof PaymentDeclinedError) await recordDeclined(sql(em), idempotencyKey);
    throw error;
  }
}
