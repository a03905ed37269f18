import { prepared, type SqlRunner } from '../../db/sql';

// The payment ledger: what the shop asked of a provider and how it ended. Each change outside an order's or a
// refund's own transaction is ONE statement, so no transaction is ever held open across a provider call (the call
// happens between two statements). A row is a movement of money, of one of two kinds.
// A payment (kind `payment`):
//   charging  -> the provider was asked to take money (card charge, PayPal capture); the outcome is not known yet
//   captured  -> the money is taken and no order holds it yet
//   ordered   -> an order holds the payment (written in the order's own transaction)
//   refunded  -> all of it is given back (its refund rows say whether the provider has done so)
// `refunded_cents` is how much of it refunds have taken, never more than its amount: a refund reserves its amount
// there in the same statement (or row lock) that writes its own row, so two refunds can never give back more.
// A refund (kind `refund`, `refund_of` the payment it draws from, its own idempotency key):
//   refunding -> decided and written before the provider is asked; the call may not have happened or finished
//   refunded  -> the money went back
// A refused charge deletes its row (nothing was taken). A row left in charging, captured or refunding is settled by
// the recovery pass (payment-recovery.ts). Revenue is the payments taken minus the refunds, by `created_at`.
// Plain SQL: each transition is an atomic conditional update the ORM's unit of work cannot express.

export type PaymentMethod = 'square' | 'paypal';
export type LedgerState = 'charging' | 'captured' | 'ordered' | 'refunding' | 'refunded';

export interface LedgerRow {
  id: string;
  kind: 'payment' | 'refund';
  method: PaymentMethod;
  provider: string;
  idempotency_key: string;
  source_ref: string | null;
  payment_id: string | null;
  amount_cents: number;
  state: LedgerState;
  order_id: number | null;
  /** A refund's payment (its ledger row's id); null for a payment. */
  refund_of: string | null;
  /** For a refund: the provider's id of the payment it gives money back from. */
  refunded_payment_id: string | null;
}

export interface ChargeEntry {
  method: PaymentMethod;
  provider: string;
  idempotencyKey: string;
  /** What the provider call needs to be repeated: the card token, or the PayPal order id. */
  sourceRef: string;
  amountCents: number;
}

/** Writes the row before the provider is called; a retry with the same key finds the row already there. */
export async function beginCharge(db: SqlRunner, entry: ChargeEntry): Promise<LedgerRow> {
  const [row] = await db.query<LedgerRow>(
    `insert into payment_ledger (method, provider, idempotency_key, source_ref, amount_cents, state)
     values ($1, $2, $3, $4, $5, 'charging')
     on conflict (idempotency_key) do update set updated_at = payment_ledger.updated_at
     returning *`,
    [entry.method, entry.provider, entry.idempotencyKey, entry.sourceRef, entry.amountCents],
  );
  return row!;
}

/** The provider took the money. Only a row still charging moves (a retry of a settled payment stays settled). */
export async function recordCaptured(db: SqlRunner, idempotencyKey: string, paymentId: string, amountCents: number): Promise<void> {
  await db.query(
    prepared(`update payment_ledger set state = 'captured', payment_id = $1, amount_cents = $2, updated_at = now()
      where idempotency_key = $3 and state = 'charging'`),
    [paymentId, amountCents, idempotencyKey],
  );
}

/** The provider refused: nothing was taken, so nothing is left to track (a refused card leaves no row behind). */
export async function recordDeclined(db: SqlRunner, idempotencyKey: string): Promise<void> {
  await db.query(`delete from payment_ledger where idempotency_key = $1 and state = 'charging'`, [idempotencyKey]);
}

export interface PaymentRef {
  method: PaymentMethod;
  paymentId: string;
  provider: string;
  amountCents: number;
}

/** `at`: the transaction's time (PostgreSQL's now()), which every row the order's transaction writes carries. */
export type ClaimResult = { ok: true; orderId: number; at: Date } | { ok: false; state: LedgerState | undefined };

/**
 * Inside the order's transaction: the payment becomes the new order's, `orderId` (reserved before the transaction,
 * because the confirmation email names it). Only a payment this shop took and no order holds yet moves (D28): a
 * payment id the ledger does not hold is never written into it. The row stays locked until that transaction
 * ends, so a second order or a refund of the same payment waits, then sees `ordered` (or `captured` again if the
 * order rolled back).
 */
export async function claimForOrder(db: SqlRunner, ref: PaymentRef, orderId: number): Promise<ClaimResult> {
  const [row] = await db.query<{ order_id: number | string; at: Date | string }>(
    prepared(`update payment_ledger set state = 'ordered', order_id = $4, updated_at = now()
      where method = $1 and payment_id = $2 and provider = $3 and state = 'captured'
      returning order_id, now() as at`),
    [ref.method, ref.paymentId, ref.provider, orderId],
  );
  if (row) return { ok: true, orderId: Number(row.order_id), at: new Date(row.at) };
  return { ok: false, state: (await entryOf(db, ref.method, ref.paymentId))?.state };
}

/** What the ledger holds of a payment the shop took: its state, amount and provider; undefined for any other id. */
export interface LedgerEntry {
  state: LedgerState;
  amountCents: number;
  provider: string;
  orderId: number | null;
}

export async function entryOf(db: SqlRunner, method: PaymentMethod, paymentId: string): Promise<LedgerEntry | undefined> {
  const [row] = await db.query<{ state: LedgerState; amount_cents: number; provider: string; order_id: number | null }>(
    prepared('select state, amount_cents, provider, order_id from payment_ledger where method = $1 and payment_id = $2'),
    [method, paymentId],
  );
  return row && { state: row.state, amountCents: row.amount_cents, provider: row.provider, orderId: row.order_id };
}

export async function stateOf(db: SqlRunner, method: PaymentMethod, paymentId: string): Promise<LedgerState | undefined> {
  return (await entryOf(db, method, paymentId))?.state;
}

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

/**
 * Rows a stop or crash left unsettled, untouched for `olderThanMs`: charging and captured payments, and refunds not
 * known to be done (with the provider's id of the payment each gives money back from).
 */
export async function unsettled(db: SqlRunner, olderThanMs: number, limit = 50): Promise<LedgerRow[]> {
  return db.query<LedgerRow>(
    `select l.*, p.payment_id as refunded_payment_id from payment_ledger l left join payment_ledger p on p.id = l.refund_of
      where l.state in ('charging', 'captured', 'refunding') and l.updated_at < now() - ($1 * interval '1 millisecond')
      order by l.updated_at limit $2`,
    [olderThanMs, limit],
  );
}
