import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { formatCents } from '../../domain/money';
import { AppError } from '../../trpc/errors';
import { orderMoney, unfinishedOrderRefunds } from '../payments';

// The owner's refunds of an order as the API shows them: the kept rows (`order_refund`) and the order's money from
// the payment ledger, mapped to what GET /api/admin/orders/{id}/refunds and a refund's answer say
// (order-refund.schema.ts). order-refunds.service.ts makes the refunds. Plain SQL: the rows are written by the
// refund's statements (a transaction is statements or entities, never both), so they are read the same way.

export interface RestockLine {
  productId: number;
  /** The variant put back, for a product with options (D38). */
  variantId?: number;
  quantity: number;
}

/** An order line's key among the restock lines: its product, and its variant when it has one. */
export const restockKey = (line: { productId: number; variantId?: number | null }): string => `${line.productId}:${line.variantId ?? ''}`;

export type RefundStatus = 'pending' | 'refunded';

export interface RefundDto {
  id: number;
  orderId: number;
  amount: string;
  reason: string;
  restock: RestockLine[];
  /** pending while the provider has not confirmed every part of it; the recovery pass finishes it. */
  status: RefundStatus;
  createdAt: string;
}

export interface OrderMoneyDto {
  /** What the order's payments took. */
  paid: string;
  /** What refunds took of it, done or on their way. */
  refunded: string;
  /** What is left to refund. */
  refundable: string;
}

export interface RefundResult extends OrderMoneyDto {
  refund: RefundDto;
}

export interface OrderRefundsDto extends OrderMoneyDto {
  orderId: number;
  refunds: RefundDto[];
}

/** An `order_refund` row as its statements return it. */
export interface RefundRow {
  id: string;
  order_id: number;
  amount_cents: number;
  reason: string;
  restock: RestockLine[];
  created_at: Date;
}

export const toRefundDto = (row: RefundRow, status: RefundStatus): RefundDto => ({
  id: Number(row.id),
  orderId: row.order_id,
  amount: formatCents(Number(row.amount_cents)),
  reason: row.reason,
  restock: row.restock,
  status,
  createdAt: new Date(row.created_at).toISOString(),
});

export const moneyDto = ({ paidCents, refundedCents }: { paidCents: number; refundedCents: number }): OrderMoneyDto => ({
  paid: formatCents(paidCents),
  refunded: formatCents(refundedCents),
  refundable: formatCents(paidCents - refundedCents),
});

/** The order's money and its refunds, newest last; 404 for an unknown order. */
export async function orderRefunds(em: EntityManager, id: number): Promise<OrderRefundsDto> {
  const [exists] = await sql(em).query<{ id: number }>('select id from shop_order where id = $1', [id]);
  if (!exists) throw new AppError('NOT_FOUND', `No order with id ${id}`);
  const [rows, money] = await Promise.all([
    sql(em).query<RefundRow>(
      `select id, order_id, amount_cents, reason, restock, created_at from order_refund where order_id = $1 order by created_at, id`,
      [id],
    ),
    orderMoney(sql(em), id),
  ]);
  const unfinished = await unfinishedOrderRefunds(
    sql(em),
    rows.map((row) => Number(row.id)),
  );
  return {
    orderId: id,
    ...moneyDto(money),
    refunds: rows.map((row) => toRefundDto(row, unfinished.has(Number(row.id)) ? 'pending' : 'refunded')),
  };
}
