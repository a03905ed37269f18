import { prepared, sql, sqlTransaction } from '../../db/sql';
import { randomBytes } from 'node:crypto';
import { formatCents, toCents } from '../../domain/money';
import { lastFour } from '../../domain/card';
import {
  PaymentDeclinedError,
  PaymentUnavailableError,
  type CardChargeRequest,
  type CardChargeResult,
  type CardPayments,
  type PayPalCaptureSummary,
  type PayPalOrderRequest,
  type PayPalOrderSummary,
  type PayPalPayments,
  type ProviderContext,
  type VerifiedPayment,
} from './payment-provider';
import { decideCard, decidePayPal } from './sandbox-rules';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A payment, a PayPal order or a refund as a statement returns it (`amount` is numeric, read as text). */
interface Made {
  id: string;
  status: string;
  amount: string;
}

/** What was made the first time with `key` (a retried request is answered with it, as real providers answer). */
async function madeWith(db: ProviderContext['db'], key: string): Promise<Made | undefined> {
  const [row] = await sql(db).query<Made>('select id, status, amount from sandbox_payment where idempotency_key = $1', [key]);
  return row;
}

/** What was made with `key`, which a statement of this request found taken. */
async function madeBefore(db: ProviderContext['db'], key: string): Promise<Made> {
  const row = await madeWith(db, key);
  if (!row) throw new Error(`The sandbox has no payment made with the key ${key}`);
  return row;
}

/**
 * The default provider (D11, D12): in-process, no network, and it behaves like the real ones. Its payments are
 * rows of `sandbox_payment`, so verification works across server instances; each is written by statements of its
 * own (the SQL helper), outside the shop's transactions, as a real provider's payment is.
 */
export class SandboxProvider implements CardPayments, PayPalPayments {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async charge(ctx: ProviderContext, request: CardChargeRequest): Promise<CardChargeResult> {
    const decision = decideCard(request.card, request.billingZip, this.now());
    if (decision) {
      // A retry of a payment that went through is answered with that payment, even if the card has expired since.
      const earlier = await madeWith(ctx.db, request.idempotencyKey);
      return earlier
        ? { ok: true, payment: { id: earlier.id, status: earlier.status, amountCents: toCents(earlier.amount) } }
        : { ok: false, ...decision };
    }
    // One statement: a new key inserts the payment; a key seen before (a retried request, even one racing
    // itself) inserts nothing, and the payment made the first time is read back, as real providers answer.
    const [inserted] = await sql(ctx.db).query<Made>(
      prepared(`insert into sandbox_payment (id, kind, status, amount, currency, card_last4, idempotency_key, created_at)
       values ($1, 'card', 'COMPLETED', $2, 'USD', $3, $4, now())
       on conflict (idempotency_key) do nothing
       returning id, status, amount`),
      [newId('sbx_pay'), formatCents(request.amountCents), request.card ? lastFour(request.card.cardNumber) : null, request.idempotencyKey],
    );
    const payment = inserted ?? (await madeBefore(ctx.db, request.idempotencyKey));
    return { ok: true, payment: { id: payment.id, status: payment.status, amountCents: toCents(payment.amount) } };
  }

  async get(ctx: ProviderContext, paymentId: string): Promise<VerifiedPayment | null> {
    return this.verified(ctx, paymentId, 'card');
  }

  async refund(ctx: ProviderContext, paymentId: string, amountCents: number, idempotencyKey: string): Promise<void> {
    await this.giveBack(ctx, paymentId, 'card', amountCents, idempotencyKey);
  }

  async createOrder({ db }: ProviderContext, request: PayPalOrderRequest): Promise<PayPalOrderSummary> {
    // One statement, as a card payment's: a request id seen before inserts nothing and its order is read back.
    const [inserted] = await sql(db).query<Made>(
      `insert into sandbox_payment (id, kind, status, amount, currency, decline_code, idempotency_key, created_at)
       values ($1, 'paypal-order', 'CREATED', $2, 'USD', $3, $4, now())
       on conflict (idempotency_key) do nothing
       returning id, status, amount`,
      [newId('SBXPP').toUpperCase(), formatCents(request.amountCents), decidePayPal(request.payerEmail), request.requestId],
    );
    const order = inserted ?? (await madeBefore(db, request.requestId));
    return { id: order.id, status: order.status };
  }

  async capture({ db }: ProviderContext, orderId: string): Promise<PayPalCaptureSummary> {
    // One statement: an order neither declined nor captured takes its capture's id and the capture is made from it.
    // Two captures at once queue on the order's row; the second then finds the order captured and is answered below.
    const [captured] = await sql(db).query<Made>(
      `with taken as (
         update sandbox_payment set status = 'COMPLETED', capture_id = $2
         where id = $1 and kind = 'paypal-order' and decline_code is null and capture_id is null
         returning id, amount, currency)
       insert into sandbox_payment (id, kind, status, amount, currency, paypal_order_id, created_at)
       select $2, 'paypal-capture', 'COMPLETED', amount, currency, id, now() from taken
       returning id, status, amount`,
      [orderId, newId('SBXCAP').toUpperCase()],
    );
    if (captured) return { id: captured.id, status: captured.status, amountCents: toCents(captured.amount) };
    const [order] = await sql(db).query<{ decline_code: string | null; id: string | null; status: string | null; amount: string | null }>(
      `select o.decline_code, c.id, c.status, c.amount
       from sandbox_payment o left join sandbox_payment c on c.id = o.capture_id
       where o.id = $1 and o.kind = 'paypal-order'`,
      [orderId],
    );
    if (!order) throw new PaymentDeclinedError('RESOURCE_NOT_FOUND', `No PayPal order ${orderId}`);
    if (order.decline_code) {
      throw new PaymentDeclinedError(order.decline_code, `The sandbox declines this PayPal buyer (${order.decline_code})`);
    }
    // Captures are requested with one PayPal-Request-Id per order, so PayPal answers a repeat with the first capture.
    if (order.id === null || order.status === null || order.amount === null) {
      throw new Error(`The sandbox's PayPal order ${orderId} names a capture it does not have`);
    }
    return { id: order.id, status: order.status, amountCents: toCents(order.amount) };
  }

  async getCapture(ctx: ProviderContext, captureId: string): Promise<VerifiedPayment | null> {
    return this.verified(ctx, captureId, 'paypal-capture');
  }

  /** One plain read per order (it runs inside the order's transaction): nothing here is changed afterwards. */
  private async verified({ db }: ProviderContext, id: string, kind: 'card' | 'paypal-capture'): Promise<VerifiedPayment | null> {
    const [row] = await sql(db).query<{ id: string; status: string; amount: string; currency: string; paypal_order_id: string | null }>(
      prepared('select id, status, amount, currency, paypal_order_id from sandbox_payment where id = $1 and kind = $2'),
      [id, kind],
    );
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      amountCents: toCents(row.amount),
      currency: row.currency,
      paypalOrderId: kind === 'paypal-capture' ? (row.paypal_order_id ?? undefined) : undefined,
    };
  }

  async refundCapture(ctx: ProviderContext, captureId: string, amountCents: number, requestId: string): Promise<void> {
    await this.giveBack(ctx, captureId, 'paypal-capture', amountCents, requestId);
  }

  /**
   * A refund of part or all of a payment, as strict as Square's and PayPal's: never more than what is left of it,
   * and the same key answers the refund it made the first time (a retry gives nothing back twice). Each refund is a
   * row of its own (kind `refund`, `capture_id` its payment); the payment says PARTIALLY_REFUNDED, then REFUNDED, as
   * a PayPal capture does. The payment's row is locked for the few statements this takes (no network here).
   *
   * The lock is its own statement, and what was refunded is read in the next one: a statement that waits for the
   * lock still reads the other tables as they were when it began, so a sum read beside the lock missed the refund
   * that held it (two 50% refunds at once each found all of the payment left: PARTIALLY_REFUNDED, and a third
   * gave back more than was paid). Each statement after the lock sees every refund committed before it.
   */
  private async giveBack({ db }: ProviderContext, id: string, kind: 'card' | 'paypal-capture', amountCents: number, key: string) {
    await sqlTransaction(db, async (tx) => {
      const [payment] = await tx.query<{ amount: string }>(`select amount from sandbox_payment where id = $1 and kind = $2 for update`, [
        id,
        kind,
      ]);
      if (!payment) throw new PaymentUnavailableError(`The sandbox refused the refund: no payment ${id}`);
      const [given] = await tx.query<{ refunded: string }>(
        `select coalesce(sum(amount), 0) as refunded from sandbox_payment where kind = 'refund' and capture_id = $1`,
        [id],
      );
      const [earlier] = await tx.query<{ capture_id: string; amount: string }>(
        `select capture_id, amount from sandbox_payment where idempotency_key = $1 and kind = 'refund'`,
        [key],
      );
      if (earlier) {
        if (earlier.capture_id === id && toCents(earlier.amount) === amountCents) return;
        throw new PaymentUnavailableError('The sandbox refused the refund: its idempotency key was used for another refund');
      }
      const left = toCents(payment.amount) - toCents(given!.refunded);
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw new PaymentUnavailableError(
          `The sandbox refused the refund: $${formatCents(amountCents)} is more than the $${formatCents(left)} left of the payment`,
        );
      }
      await tx.query(
        `insert into sandbox_payment (id, kind, status, amount, currency, capture_id, idempotency_key, created_at)
         values ($1, 'refund', 'COMPLETED', $2, 'USD', $3, $4, now())`,
        [newId('SBXRF').toUpperCase(), formatCents(amountCents), id, key],
      );
      await tx.query(`update sandbox_payment set status = $1, refunded_at = $2 where id = $3`, [
        amountCents === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
        this.now(),
        id,
      ]);
    });
  }
}
