import { TRPCError } from '@trpc/server';
import { sql, type SqlRunner, type SqlSource } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import { formatCents } from '../../domain/money';
import { mapPaymentError } from '../../domain/payment-errors';
import { AppError } from '../../trpc/errors';
import { refundUnlessPaidFor, requireShopPayPalOrder } from '../orders';
import { type PaymentRef, asPaymentError, attemptLeaseSeconds, type ProviderContext, capturePayPalOrder, chargeCard } from '../payments';
import { commissionPurpose, type PaymentFor } from '../../domain/payment-purpose';
import type { ICommission } from './commission.entity';
import type { CommissionPaymentInput } from './commission.schema';
import { fieldError, lockCommission, refuseMove } from './commission-moves';

// The steps of a buyer's payment that commission-payments.service.ts runs in order: an attempt holds the
// commission, the provider takes the money with nothing locked, and money that could not be kept goes back.

type Services = AppServices;
export type What = PaymentFor;

export interface Taken extends PaymentRef {
  paypalOrderId: string | null;
}

const sourceOf = (payment: CommissionPaymentInput) => (payment.method === 'square' ? payment.sourceId : payment.paypalOrderId);
export const attemptKey = (what: What, payment: CommissionPaymentInput) => `${what}:${payment.method}:${sourceOf(payment)}`;

/** One statement: this attempt holds the commission, unless another holds it (and its lease has not run out). */
export async function startAttempt(db: SqlSource, services: Services, commission: ICommission, status: 'quoted' | 'ready', key: string) {
  const started = await sql(db).query(
    `update commission set payment_attempt = $3, payment_attempt_at = now(), updated_at = now()
      where id = $1 and status = $2
        and (payment_attempt_at is null or payment_attempt_at < now() - make_interval(secs => $4))
      returning id`,
    [commission.id, status, key, attemptLeaseSeconds(services.payments)],
  );
  if (started.length > 0) return;
  const [row] = await sql(db).query<{ status: string }>('select status from commission where id = $1', [commission.id]);
  if (row?.status === status)
    throw new AppError('PAYMENT_IN_PROGRESS', 'This payment is being taken in another tab or request: nothing was charged by this one');
  if (row?.status === 'cancelled') throw refuseMove('cancelled', status === 'quoted' ? 'accepted' : 'paid', [status]);
  throw new AppError('ALREADY_PAID', 'This was paid meanwhile: nothing was charged by this request');
}

/** Lets a later attempt try (a decline, a provider away, an order that failed). */
export async function endAttempt(db: SqlSource, id: number, key: string) {
  await sql(db).query(
    `update commission set payment_attempt = null, payment_attempt_at = null where id = $1 and payment_attempt = $2 and payment_attempt_at is not null`,
    [id, key],
  );
}

export async function lockedState(tx: SqlRunner, id: number) {
  await lockCommission(tx, id);
  const [row] = await tx.query<{ status: string; attempt: string | null; version: number; valid_until: string }>(
    `select c.status, c.payment_attempt as attempt, q.version, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until
       from commission c
       join lateral (select version, valid_until from commission_quote where commission_id = c.id order by version desc limit 1) q on true
      where c.id = $1`,
    [id],
  );
  return { status: row!.status, attempt: row!.attempt, version: row!.version, validUntil: row!.valid_until };
}

/**
 * Takes `amountCents` for commission `id`'s deposit or balance (`what`) by card (the shop charges the token) or
 * PayPal (the shop captures the approved order, once it has checked that the shop made that order for this very
 * payment and amount: D35, nothing is captured that would have to be refunded).
 */
export async function takePayment(
  ctx: ProviderContext & { clientKey: string },
  services: Services,
  id: number,
  what: What,
  payment: CommissionPaymentInput,
  amountCents: number,
): Promise<Taken> {
  const provider = services.payments.name;
  const purpose = commissionPurpose(id, what);
  const key = attemptKey(what, payment);
  try {
    if (payment.method === 'square') {
      const fingerprint = await services.cardLimits.admit(payment.cardData);
      const result = await chargeCard(
        ctx,
        services.payments,
        {
          sourceId: payment.sourceId,
          amountCents,
          card: payment.cardData,
          billingZip: payment.billingZip,
        },
        purpose,
      );
      if (!result.ok) {
        await services.cardLimits.declined(ctx.clientKey, fingerprint ?? result.fingerprint);
        const mapped = mapPaymentError({ code: result.code, detail: result.detail }, 'card');
        throw new AppError('PAYMENT_DECLINED', mapped.message, { paymentCode: result.code }, { paymentCode: result.code });
      }
      return { method: 'square', paymentId: result.payment.id, provider, amountCents: result.payment.amountCents, paypalOrderId: null };
    }
    const made = await requireShopPayPalOrder(ctx.em, payment.paypalOrderId, purpose);
    if (made.amountCents !== amountCents) {
      throw fieldError(
        ['payment', 'paypalOrderId'],
        `is a PayPal order of ${formatCents(made.amountCents)}, not the ${what} of ${formatCents(amountCents)}. Nothing was charged: pay again from this page`,
      );
    }
    const capture = await capturePayPalOrder(ctx.em, services.payments, payment.paypalOrderId, made);
    const taken: Taken = {
      method: 'paypal',
      paymentId: capture.id,
      provider,
      amountCents: capture.amountCents,
      paypalOrderId: payment.paypalOrderId,
    };
    // PayPal captures what the order was made for; should it ever answer another amount, that money goes back.
    if (capture.amountCents !== amountCents) {
      const note = await refundUnlessPaidFor(ctx.em, services.payments, taken, services.logger);
      throw fieldError(
        ['payment', 'paypalOrderId'],
        `is a PayPal order of ${formatCents(capture.amountCents)}, not ${formatCents(amountCents)}. ${note}`,
      );
    }
    return taken;
  } catch (error) {
    await endAttempt(ctx.db, id, key);
    throw error instanceof TRPCError ? error : asPaymentError(error, payment.method === 'square' ? 'card' : 'paypal');
  }
}

/** After money was taken and the commission could not take it: the attempt ends and the money goes back. */
export async function undo(
  ctx: ProviderContext,
  services: Services,
  id: number,
  key: string,
  taken: Taken,
  error: unknown,
): Promise<unknown> {
  await endAttempt(ctx.db, id, key).catch(() => undefined);
  if (!(error instanceof TRPCError))
    services.logger.error({ err: { message: (error as Error).message } }, 'commission payment failed after it was taken');
  const note = await refundUnlessPaidFor(ctx.em, services.payments, taken, services.logger);
  if (error instanceof AppError) return new AppError(error.reason, `${error.message}. ${note}`, error.details, error.cause);
  return new AppError('SERVICE_UNAVAILABLE', `The payment could not be recorded. ${note} Please try again.`, {}, error);
}
