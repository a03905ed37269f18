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
// This file writes and reads the payments; refund-ledger.ts reserves, lists and finishes the refunds.
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
  /** What a payment pays (D35, server/domain/payment-purpose.ts); null for rows written before purposes were kept. */
  purpose: string | null;
}

export interface ChargeEntry {
  method: PaymentMethod;
  provider: string;
  idempotencyKey: string;
  /** What the provider call needs to be repeated: the card token, or the PayPal order id. */
  sourceRef: string;
  amountCents: number;
  /** What the payment pays (D35): only that may claim it. */
  purpose: string;
}

/** Writes the row before the provider is called; a retry with the same key finds the row already there. */
export async function beginCharge(db: SqlRunner, entry: ChargeEntry): Promise<LedgerRow> {
  const [row] = await db.query<LedgerRow>(
    `insert into payment_ledger (method, provider, idempotency_key, source_ref, amount_cents, purpose, state)
     values ($1, $2, $3, $4, $5, $6, 'charging')
     on conflict (idempotency_key) do update set updated_at = payment_ledger.updated_at
     returning *`,
    [entry.method, entry.provider, entry.idempotencyKey, entry.sourceRef, entry.amountCents, entry.purpose],
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

/**
 * PayPal holds the capture (PENDING): the row stays `charging`, now with the capture's id, for the recovery pass to
 * ask PayPal about it (payment-recovery.ts).
 */
export async function recordPending(db: SqlRunner, idempotencyKey: string, paymentId: string): Promise<void> {
  await db.query(`update payment_ledger set payment_id = $1, updated_at = now() where idempotency_key = $2 and state = 'charging'`, [
    paymentId,
    idempotencyKey,
  ]);
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
export type ClaimResult =
  { ok: true; orderId: number; at: Date } | { ok: false; state: LedgerState | undefined; purpose: string | null | undefined };

/**
 * Inside the order's transaction: the payment becomes the new order's, `orderId` (reserved before the transaction,
 * because the confirmation email names it). Only a payment this shop took and no order holds yet moves (D28): a
 * payment id the ledger does not hold is never written into it. The row stays locked until that transaction
 * ends, so a second order or a refund of the same payment waits, then sees `ordered` (or `captured` again if the
 * order rolled back). Only a payment made for `purpose` (D35) moves; a row from before purposes were kept has none.
 */
export async function claimForOrder(db: SqlRunner, ref: PaymentRef, orderId: number, purpose: string): Promise<ClaimResult> {
  const [row] = await db.query<{ order_id: number | string; at: Date | string }>(
    prepared(`update payment_ledger set state = 'ordered', order_id = $4, updated_at = now()
      where method = $1 and payment_id = $2 and provider = $3 and state = 'captured' and (purpose is null or purpose = $5)
      returning order_id, now() as at`),
    [ref.method, ref.paymentId, ref.provider, orderId, purpose],
  );
  if (row) return { ok: true, orderId: Number(row.order_id), at: new Date(row.at) };
  const entry = await entryOf(db, ref.method, ref.paymentId);
  return { ok: false, state: entry?.state, purpose: entry?.purpose };
}

/** What the ledger holds of a payment the shop took: its state, amount and provider; undefined for any other id. */
export interface LedgerEntry {
  state: LedgerState;
  amountCents: number;
  provider: string;
  orderId: number | null;
  purpose: string | null;
}

export async function entryOf(db: SqlRunner, method: PaymentMethod, paymentId: string): Promise<LedgerEntry | undefined> {
  const [row] = await db.query<{
    state: LedgerState;
    amount_cents: number;
    provider: string;
    order_id: number | null;
    purpose: string | null;
  }>(prepared('select state, amount_cents, provider, order_id, purpose from payment_ledger where method = $1 and payment_id = $2'), [
    method,
    paymentId,
  ]);
  return row && { state: row.state, amountCents: row.amount_cents, provider: row.provider, orderId: row.order_id, purpose: row.purpose };
}

export async function stateOf(db: SqlRunner, method: PaymentMethod, paymentId: string): Promise<LedgerState | undefined> {
  return (await entryOf(db, method, paymentId))?.state;
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
