import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { sql, type SqlRunner, type SqlSource } from '../../db/sql';
import type { DiscountKind, DiscountRule } from '../../domain/discounts';
import { formatCents, toCents } from '../../domain/money';
import { AppError, InputError } from '../../trpc/errors';
import { discountChecked, type DiscountChange, type DiscountDto, type DiscountInput, type DiscountStatus } from './discount.schema';

// Every read and write of the discount codes (D40), in plain SQL: the owner's list and changes, the checkout's
// look-up, and the use an order takes in its own transaction.

interface DiscountRow {
  id: number;
  code: string;
  kind: DiscountKind;
  value: string;
  minimumSubtotal: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  oncePerEmail: boolean;
  paused: boolean;
  uses: number;
  givenAwayCents: number;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `d.id, d.code, d.kind, d.value, d.minimum_subtotal as "minimumSubtotal", d.starts_at as "startsAt",
  d.ends_at as "endsAt", d.usage_limit as "usageLimit", d.once_per_email as "oncePerEmail", d.paused, d.uses,
  coalesce((select sum(u.amount_cents) from discount_use u where u.discount_code_id = d.id), 0)::int as "givenAwayCents",
  d.created_at as "createdAt", d.updated_at as "updatedAt"`;

/** Where a code stands at `now`: paused first (the owner's word), then its dates, then its uses. */
export function discountStatus(
  row: Pick<DiscountRow, 'paused' | 'startsAt' | 'endsAt' | 'usageLimit' | 'uses'>,
  now: Date,
): DiscountStatus {
  if (row.paused) return 'paused';
  if (row.endsAt && row.endsAt <= now) return 'expired';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.usageLimit !== null && row.uses >= row.usageLimit) return 'used_up';
  return 'active';
}

const toDto = (row: DiscountRow, now: Date): DiscountDto => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  minimumSubtotal: row.minimumSubtotal,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  usageLimit: row.usageLimit,
  oncePerEmail: row.oncePerEmail,
  paused: row.paused,
  status: discountStatus(row, now),
  uses: row.uses,
  givenAway: formatCents(row.givenAwayCents),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every code not deleted, newest first, with its uses and what it gave away. */
export async function listDiscounts(db: SqlSource): Promise<DiscountDto[]> {
  const rows = await sql(db).query<DiscountRow>(
    `select ${COLUMNS} from discount_code d where not d.archived order by d.created_at desc, d.id desc`,
  );
  const now = new Date();
  return rows.map((row) => toDto(row, now));
}

async function readDiscount(db: SqlRunner, id: number): Promise<DiscountRow> {
  const [row] = await db.query<DiscountRow>(`select ${COLUMNS} from discount_code d where d.id = $1 and not d.archived`, [id]);
  if (!row) throw new AppError('NOT_FOUND', `No discount code with id ${id}`);
  return row;
}

const codeTaken = (code: string) =>
  new AppError('CONFLICT', `code: "${code}" is already a discount code (codes are the same whatever their case)`, { field: 'code' });

/** The columns' values of a code's fields, in the order of the statements below. */
const columnValues = (fields: DiscountInput) => [
  fields.code,
  fields.kind,
  fields.kind === 'free_shipping' ? '0.00' : formatCents(fields.value ?? 0),
  fields.minimumSubtotal == null ? null : formatCents(fields.minimumSubtotal),
  fields.startsAt ?? null,
  fields.endsAt ?? null,
  fields.usageLimit ?? null,
  fields.oncePerEmail ?? false,
  fields.paused ?? false,
];

export async function createDiscount(db: SqlSource, input: DiscountInput): Promise<DiscountDto> {
  try {
    const [row] = await sql(db).query<{ id: number }>(
      `insert into discount_code (code, kind, value, minimum_subtotal, starts_at, ends_at, usage_limit, once_per_email, paused)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      columnValues(input),
    );
    return toDto(await readDiscount(sql(db), row!.id), new Date());
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw codeTaken(input.code);
    throw error;
  }
}

/** A change of some fields: the code as it will be is checked as a new one is (400 naming the field). */
export async function updateDiscount(db: SqlSource, id: number, change: DiscountChange): Promise<DiscountDto> {
  const row = await readDiscount(sql(db), id);
  const merged = {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumSubtotal: row.minimumSubtotal,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    oncePerEmail: row.oncePerEmail,
    paused: row.paused,
  };
  const checked = discountChecked.safeParse({
    ...merged,
    ...Object.fromEntries(
      Object.entries({
        ...change,
        value: change.value === undefined ? undefined : formatCents(change.value),
        minimumSubtotal: change.minimumSubtotal == null ? change.minimumSubtotal : formatCents(change.minimumSubtotal),
        startsAt: change.startsAt === undefined ? undefined : (change.startsAt?.toISOString() ?? null),
        endsAt: change.endsAt === undefined ? undefined : (change.endsAt?.toISOString() ?? null),
      }).filter(([, value]) => value !== undefined),
    ),
  });
  if (!checked.success) throw new InputError(checked.error);
  try {
    await sql(db).query(
      `update discount_code set code = $2, kind = $3, value = $4, minimum_subtotal = $5, starts_at = $6, ends_at = $7,
              usage_limit = $8, once_per_email = $9, paused = $10, updated_at = now()
        where id = $1`,
      [id, ...columnValues(checked.data)],
    );
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw codeTaken(checked.data.code);
    throw error;
  }
  return toDto(await readDiscount(sql(db), id), new Date());
}

/**
 * Deletes a code. One that orders used is archived instead (and paused): its uses keep their history, the orders
 * keep their code, and the list no longer shows it; its name is free for a new code.
 */
export async function deleteDiscount(db: SqlSource, id: number): Promise<{ archived: boolean }> {
  await readDiscount(sql(db), id);
  const [deleted] = await sql(db).query<{ id: number }>(
    `delete from discount_code d where d.id = $1 and not exists (select 1 from discount_use u where u.discount_code_id = d.id) returning id`,
    [id],
  );
  if (deleted) return { archived: false };
  await sql(db).query(`update discount_code set archived = true, paused = true, updated_at = now() where id = $1`, [id]);
  return { archived: true };
}

const field = { field: 'discountCode' };

/** A code that works now, as the checkout applies it: its rule, its id (for the order's use) and its minimum. */
export interface UsableDiscount extends DiscountRule {
  id: number;
  minimumSubtotal: string | null;
  oncePerEmail: boolean;
}

/**
 * The code a buyer typed (any case), checked to work now: 400 DISCOUNT_UNKNOWN, 409 DISCOUNT_EXPIRED (paused, not yet
 * started or ended), 409 DISCOUNT_USED_UP. Read without a lock: the order's transaction takes the use
 * (claimDiscountUse). The cart's minimum is requireMinimum's, once the cart is priced.
 */
export async function usableDiscount(db: SqlSource, typed: string): Promise<UsableDiscount> {
  const [row] = await sql(db).query<DiscountRow>(
    `select ${COLUMNS} from discount_code d where lower(d.code) = lower($1) and not d.archived`,
    [typed.trim()],
  );
  if (!row) throw new AppError('DISCOUNT_UNKNOWN', `discountCode: "${typed}" is not a discount code of this shop`, field);
  const status = discountStatus(row, new Date());
  if (status === 'paused' || status === 'expired' || status === 'scheduled')
    throw new AppError(
      'DISCOUNT_EXPIRED',
      status === 'scheduled' ? `discountCode: ${row.code} does not work yet` : `discountCode: ${row.code} no longer works`,
      field,
    );
  if (status === 'used_up') throw new AppError('DISCOUNT_USED_UP', `discountCode: ${row.code} has been used up`, field);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    valueCents: toCents(row.value),
    minimumSubtotal: row.minimumSubtotal,
    oncePerEmail: row.oncePerEmail,
  };
}

/** 409 DISCOUNT_USED_UP when a once-per-customer code was used with this email already (a quote's check, D40). */
export async function requireFirstUseBy(db: SqlSource, discount: UsableDiscount, email: string): Promise<void> {
  if (!discount.oncePerEmail) return;
  const [used] = await sql(db).query(`select 1 from discount_use where discount_code_id = $1 and lower(email) = lower($2) limit 1`, [
    discount.id,
    email,
  ]);
  if (used)
    throw new AppError('DISCOUNT_USED_UP', `discountCode: ${discount.code} has been used with ${email} already (once per customer)`, field);
}

/** 400 DISCOUNT_MINIMUM when the goods cost less (before the discount) than the code's minimum. */
export function requireMinimum(discount: UsableDiscount, subtotalCents: number): void {
  if (discount.minimumSubtotal !== null && subtotalCents < toCents(discount.minimumSubtotal))
    throw new AppError('DISCOUNT_MINIMUM', `discountCode: ${discount.code} needs an order of at least $${discount.minimumSubtotal}`, {
      ...field,
      minimumSubtotal: discount.minimumSubtotal,
    });
}

/**
 * In the order's transaction: takes one use of the code, only while it is still usable and has uses left (one
 * statement with `uses < usage_limit`: its row lock queues racing orders, and each sees the one before it, so the
 * last use goes to one buyer only), then refuses a second use by the same email when the code says once per email
 * (a statement of its own, after the lock: it sees the uses committed by the orders queued before it), and writes
 * the use with what the code gave the order. A refused order is rolled back, its use with it.
 */
export async function claimDiscountUse(
  tx: SqlRunner,
  id: number,
  { orderId, email, cents }: { orderId: number; email: string; cents: number },
): Promise<void> {
  const [row] = await tx.query<{ code: string; once_per_email: boolean }>(
    `update discount_code set uses = uses + 1, updated_at = now()
      where id = $1 and not archived and not paused and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now())
        and (usage_limit is null or uses < usage_limit)
      returning code, once_per_email`,
    [id],
  );
  if (!row) throw new AppError('DISCOUNT_USED_UP', 'discountCode: the code was used up (or ended) while you checked out', field);
  if (row.once_per_email) {
    const [used] = await tx.query(`select 1 from discount_use where discount_code_id = $1 and lower(email) = lower($2) limit 1`, [
      id,
      email,
    ]);
    if (used)
      throw new AppError('DISCOUNT_USED_UP', `discountCode: ${row.code} has been used with ${email} already (once per customer)`, field);
  }
  await tx.query(`insert into discount_use (discount_code_id, order_id, email, amount_cents) values ($1, $2, $3, $4)`, [
    id,
    orderId,
    email,
    cents,
  ]);
}

/**
 * In the transaction of a commission's deposit: counts the use of the code the owner put on the quote (D40), with
 * what it gave the order. Not checked again: the code was checked when the quote was sent, and the quote holds its
 * price until its last day, so a code that ended or ran out meanwhile still counts the use the owner promised.
 */
export async function countQuotedUse(
  tx: SqlRunner,
  id: number,
  { orderId, email, cents }: { orderId: number; email: string; cents: number },
): Promise<void> {
  await tx.query(`update discount_code set uses = uses + 1, updated_at = now() where id = $1`, [id]);
  await tx.query(`insert into discount_use (discount_code_id, order_id, email, amount_cents) values ($1, $2, $3, $4)`, [
    id,
    orderId,
    email,
    cents,
  ]);
}
