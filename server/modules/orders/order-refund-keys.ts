import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlRunner } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import { formatOrderNumber } from '../../domain/order-number';
import { AppError } from '../../trpc/errors';
import { orderMoney, pendingRefundsOfOrder, unfinishedOrderRefunds, sendRefunds } from '../payments';
import { moneyDto, restockKey, toRefundDto, type RefundRow, type RestockLine } from './order-refund-history';
import type { RefundRequest, RefundResult } from './order-refunds.service';

// An owner's partial refund under an Idempotency-Key (D36, server/trpc/idempotency.ts): the key is kept on the
// refund's own `order_refund` row, written in its transaction, so a retry after the process stopped before its
// answer was kept finds the refund here and answers it (order-refunds.service.ts asks, with the order locked).

/**
 * The refund an earlier request with this key made (its answer lost, or its process stopped before the answer was
 * kept), when it is the same refund; 409 IDEMPOTENCY_KEY_REUSED when the key made another. Runs with the order locked,
 * so a refund under the same key still being written is seen once it is.
 */
export async function refundOfKey(tx: SqlRunner, request: RefundRequest, key: string): Promise<RefundRow | undefined> {
  const [row] = await tx.query<RefundRow>(
    `select id, order_id, amount_cents, reason, restock, created_at from order_refund where idempotency_key = $1`,
    [key],
  );
  if (!row) return undefined;
  const same =
    row.order_id === request.id &&
    Number(row.amount_cents) === request.amountCents &&
    row.reason === request.reason &&
    restockText(row.restock) === restockText(request.restock ?? []);
  if (!same) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      `Idempotency-Key: this key made refund ${row.id} of order ${formatOrderNumber(row.order_id)}, another refund than this one; use a new key for a new refund`,
    );
  }
  return row;
}

/** Restock lines compared as a set: each product (or variant) once, with its units. */
function restockText(lines: RestockLine[]): string {
  const units = new Map<string, number>();
  for (const line of lines) units.set(restockKey(line), (units.get(restockKey(line)) ?? 0) + line.quantity);
  return JSON.stringify([...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The answer of a refund made before under the same key: its parts not yet known to be done are sent again with
 * their own provider keys (the provider gives nothing back twice), then the refund and the order's money as they
 * are now.
 */
export async function answerEarlier(em: EntityManager, services: AppServices, row: RefundRow): Promise<RefundResult> {
  const id = Number(row.id);
  if ((await unfinishedOrderRefunds(sql(em), [id])).has(id)) {
    try {
      await sendRefunds(em, services.payments, await pendingRefundsOfOrder(sql(em), row.order_id));
    } catch (error) {
      services.logger.warn({ orderId: row.order_id, refundId: id, err: { message: (error as Error).message } }, 'refund left pending');
    }
  }
  const pending = (await unfinishedOrderRefunds(sql(em), [id])).has(id);
  const money = moneyDto(await orderMoney(sql(em), row.order_id));
  return { ...money, refund: toRefundDto(row, pending ? 'pending' : 'refunded') };
}
