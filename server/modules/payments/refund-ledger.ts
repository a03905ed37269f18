import type { SqlRunner } from '../../db/sql';
import type { PaymentMethod, PaymentRef } from './payment-ledger';

// The refund rows of the payment ledger (payment-ledger.ts says what a row is and how its states move): how a refund
// is reserved on the payments it draws from, which refunds are still on their way, and when one is done. Plain SQL:
// each reservation is an atomic conditional update the ORM's unit of work cannot express.

/** A refund as the ledger holds it: what the provider call needs, repeated as often as it takes. */
export interface RefundEntry {
  /** The refund's ledger row. */
  id: string;
  method: PaymentMethod;
  provider: string;
  /** The provider's id of the payment the money comes back from. */
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
}

interface RefundRowJoined {
  id: string;
  method: PaymentMethod;
  provider: string;
  payment_id: string;
  amount_cents: number;
  idempotency_key: string;
}

const toRefund = (row: RefundRowJoined): RefundEntry => ({
  id: String(row.id),
  method: row.method,
  provider: row.provider,
  paymentId: row.payment_id,
  amountCents: Number(row.amount_cents),
  idempotencyKey: row.idempotency_key,
});

/**
 * Decides the refund of all that is left of one payment, before the provider is asked: only of a payment this shop
 * took (D28) that no order holds (D9: an order that failed after the payment, or the recovery pass), or, with
 * `ofOrder`, that order's own payment. One statement: the payment is locked, marked `refunded` (all of it taken by
 * refunds, so no order can claim it any more) and the refund's row written under `idempotencyKey`. Answers the
 * refund, or undefined when there is nothing of it for this caller to refund: the ledger does not hold it, an order
 * holds it, or all of it is refunded already.
 */
export async function startRefund(
  db: SqlRunner,
  ref: PaymentRef,
  idempotencyKey: string,
  ofOrder?: number,
): Promise<RefundEntry | undefined> {
  const [row] = await db.query<RefundRowJoined>(
    `with pay as (
       select id, amount_cents - refunded_cents as left_cents from payment_ledger
        where kind = 'payment' and method = $1 and payment_id = $2 and provider = $3
          and (state = 'captured' or (state = 'ordered' and order_id = $4)) and refunded_cents < amount_cents
        for update
     ), taken as (
       update payment_ledger l set state = 'refunded', refunded_cents = l.amount_cents, updated_at = now()
         from pay where l.id = pay.id
       returning l.id, l.method, l.provider, l.payment_id, l.order_id, pay.left_cents
     )
     insert into payment_ledger (kind, method, provider, idempotency_key, refund_of, amount_cents, state, order_id)
     select 'refund', method, provider, $5, id, left_cents, 'refunding', order_id from taken
     returning id, method, provider, $2::text as payment_id, amount_cents, idempotency_key`,
    [ref.method, ref.paymentId, ref.provider, ofOrder ?? null, idempotencyKey],
  );
  return row && toRefund(row);
}

/**
 * The refunds of a payment (by the provider's id) not yet known to be done, when it is no order's (or, with
 * `ofOrder`, that order's): a repeat of startRefund's caller sends them again.
 */
export async function pendingRefundsOfPayment(db: SqlRunner, ref: PaymentRef, ofOrder?: number): Promise<RefundEntry[]> {
  const rows = await db.query<RefundRowJoined>(
    `select r.id, r.method, r.provider, p.payment_id, r.amount_cents, r.idempotency_key
       from payment_ledger p join payment_ledger r on r.refund_of = p.id
      where p.kind = 'payment' and p.method = $1 and p.payment_id = $2 and p.provider = $3
        and p.order_id is not distinct from $4 and r.state = 'refunding'
      order by r.id`,
    [ref.method, ref.paymentId, ref.provider, ofOrder ?? null],
  );
  return rows.map(toRefund);
}

/** An order's refunds not yet known to be done (a provider that did not answer): a retry sends them again. */
export async function pendingRefundsOfOrder(db: SqlRunner, orderId: number): Promise<RefundEntry[]> {
  const rows = await db.query<RefundRowJoined>(
    `select r.id, r.method, r.provider, p.payment_id, r.amount_cents, r.idempotency_key
       from payment_ledger r join payment_ledger p on p.id = r.refund_of
      where r.kind = 'refund' and r.order_id = $1 and r.state = 'refunding'
      order by r.id`,
    [orderId],
  );
  return rows.map(toRefund);
}

export type Reservation =
  | { ok: true; refunds: RefundEntry[] }
  /** More was asked than is left: `leftCents` is what is. */
  | { ok: false; leftCents: number };

/**
 * Inside the caller's short transaction (no provider call in it): reserves `amountCents` (or, with 'rest', all that
 * is left) of an order's payments for one refund of the owner's, `orderRefundId`. The order's payments are locked,
 * so of two refunds at once the second sees what the first took; it draws from the latest payment first (a
 * commission's balance before its deposit), one refund row per payment, each with its own idempotency key from
 * `newKey`. Answers the refund rows to send, or how much is left when that is less than asked.
 */
export async function reserveOrderRefund(
  tx: SqlRunner,
  orderId: number,
  amountCents: number | 'rest',
  orderRefundId: number | null,
  newKey: () => string,
): Promise<Reservation> {
  const payments = await tx.query<{ id: string; method: PaymentMethod; provider: string; payment_id: string; left_cents: number }>(
    `select id, method, provider, payment_id, amount_cents - refunded_cents as left_cents from payment_ledger
      where kind = 'payment' and order_id = $1 and state in ('ordered', 'refunded')
      order by created_at desc, id desc
      for update`,
    [orderId],
  );
  const leftCents = payments.reduce((sum, payment) => sum + Number(payment.left_cents), 0);
  let wanted = amountCents === 'rest' ? leftCents : amountCents;
  if (wanted > leftCents) return { ok: false, leftCents };
  const refunds: RefundEntry[] = [];
  for (const payment of payments) {
    const take = Math.min(wanted, Number(payment.left_cents));
    if (take <= 0) continue;
    wanted -= take;
    const [row] = await tx.query<RefundRowJoined>(
      `with taken as (
         update payment_ledger set refunded_cents = refunded_cents + $2,
                state = case when refunded_cents + $2 = amount_cents then 'refunded' else state end, updated_at = now()
          where id = $1
          returning id, method, provider, payment_id, order_id
       )
       insert into payment_ledger (kind, method, provider, idempotency_key, refund_of, amount_cents, state, order_id, order_refund_id)
       select 'refund', method, provider, $3, id, $2, 'refunding', order_id, $4 from taken
       returning id, method, provider, $5::text as payment_id, amount_cents, idempotency_key`,
      [payment.id, take, newKey(), orderRefundId, payment.payment_id],
    );
    refunds.push(toRefund(row!));
  }
  return { ok: true, refunds };
}

/** What an order's payments took, and how much of it refunds have taken (done or on their way). */
export async function orderMoney(db: SqlRunner, orderId: number): Promise<{ paidCents: number; refundedCents: number }> {
  const [row] = await db.query<{ paid: number; refunded: number }>(
    `select coalesce(sum(amount_cents), 0)::int as paid, coalesce(sum(refunded_cents), 0)::int as refunded
       from payment_ledger where kind = 'payment' and order_id = $1 and state in ('ordered', 'refunded')`,
    [orderId],
  );
  return { paidCents: row?.paid ?? 0, refundedCents: row?.refunded ?? 0 };
}

/** Which of the owner's refunds still have money on its way back (a ledger row not yet `refunded`). */
export async function unfinishedOrderRefunds(db: SqlRunner, orderRefundIds: number[]): Promise<Set<number>> {
  if (orderRefundIds.length === 0) return new Set();
  const rows = await db.query<{ order_refund_id: string }>(
    `select distinct order_refund_id from payment_ledger where kind = 'refund' and state = 'refunding' and order_refund_id = any($1)`,
    [orderRefundIds],
  );
  return new Set(rows.map((row) => Number(row.order_refund_id)));
}

/** The provider gave the money back: the refund is done (a repeat finds it done and changes nothing). */
export async function finishRefund(db: SqlRunner, refundId: string): Promise<void> {
  await db.query(
    `update payment_ledger set state = 'refunded', updated_at = now() where id = $1 and kind = 'refund' and state = 'refunding'`,
    [refundId],
  );
}
