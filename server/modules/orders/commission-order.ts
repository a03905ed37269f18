import { prepared, sql, type SqlRunner, type SqlSource } from '../../db/sql';
import type { BillingAddress, ShippingAddress } from './order.entity';

// The order a commission's accepted quote becomes (kind 'commission', issue 37): written and moved by the
// commissions module in its own transactions, through these functions (no SQL text passes between modules).
// It has no lines of products (the quote's lines are the commission's) and no stock to take. It is `pending`
// while only the deposit is paid, and `completed` once the balance is: from then on it ships as any order.

export interface CommissionOrder {
  id: number;
  customerEmail: string;
  customerName: string;
  shippingAddress: ShippingAddress;
  billingAddress: BillingAddress;
  subtotal: string;
  shipping: string;
  tax: string;
  total: string;
  /** The discount code on the accepted quote (D40) and what it took off the total: kept on the order as a checkout's. */
  discountCode: string | null;
  discount: string;
  paymentMethod: 'square' | 'paypal';
  paypalOrderId: string | null;
  paypalCaptureId: string | null;
  squarePaymentId: string | null;
}

/** An id for a new order, taken before its transaction (its link and emails name it). */
export async function reserveOrderId(db: SqlSource): Promise<number> {
  const [row] = await sql(db).query<{ id: string }>(prepared(`select nextval(pg_get_serial_sequence('shop_order', 'id')) as id`));
  return Number(row!.id);
}

/** Writes the order of an accepted quote, pending its balance; its payment (the deposit) is claimed by the caller. */
export async function insertCommissionOrder(tx: SqlRunner, order: CommissionOrder): Promise<void> {
  await tx.query(
    `insert into shop_order (id, kind, customer_email, customer_name, shipping_address, billing_address, subtotal, shipping, tax, total,
                             status, payment_method, paypal_order_id, paypal_capture_id, square_payment_id, discount_code, discount, created_at)
     values ($1, 'commission', $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, 'pending', $10, $11, $12, $13, $14, $15, now())`,
    [
      order.id,
      order.customerEmail,
      order.customerName,
      JSON.stringify(order.shippingAddress),
      JSON.stringify(order.billingAddress),
      order.subtotal,
      order.shipping,
      order.tax,
      order.total,
      order.paymentMethod,
      order.paypalOrderId,
      order.paypalCaptureId,
      order.squarePaymentId,
      order.discountCode,
      order.discount,
    ],
  );
}

/**
 * Moves a commission's order to `to` (completed when the balance is paid, cancelled when the commission is), kept
 * in its history. Answers false when the order was not in `from` (it moved meanwhile).
 */
export async function moveCommissionOrder(
  tx: SqlRunner,
  orderId: number,
  from: 'pending' | 'completed',
  to: 'completed' | 'cancelled',
  note: string,
): Promise<boolean> {
  const moved = await tx.query(`update shop_order set status = $3 where id = $1 and kind = 'commission' and status = $2 returning id`, [
    orderId,
    from,
    to,
  ]);
  if (moved.length === 0) return false;
  await tx.query(`insert into order_status_change (order_id, from_status, to_status, note) values ($1, $2, $3, $4)`, [
    orderId,
    from,
    to,
    note,
  ]);
  return true;
}
