import { prepared, type SqlRunner } from '../../db/sql';
import { outboxRows, type Email } from '../mail/mail.service';
import type { OrderDto } from './order.schema';

/**
 * Writes a priced order as ONE statement: it locks the products in id order (so two carts never deadlock), takes
 * the stock only where the product is still sold, at the price charged, with enough left, and inserts the order,
 * its items and its emails (their data: the delivery job renders them) only when every line got its stock. The
 * product rows stay locked only from this statement to the commit that follows at once (it is the transaction's
 * last), so buyers of one popular piece queue for a moment, not for a whole checkout; stock never goes below 0 (D7).
 *
 * Returns the order's creation time, or null when some line could not be sold: the caller must then roll the
 * transaction back, which also undoes the stock of the lines that were taken and what the transaction wrote before.
 */
export async function insertOrder(db: SqlRunner, order: OrderDto, emails: Email[], ownerEmail: string): Promise<Date | null> {
  const lines = order.items.map((item) => ({ product_id: item.productId, name: item.name, price: item.price, quantity: item.quantity }));
  const rows = await db.query<{ created_at: Date | string }>(
    prepared(`with lines as (
       select * from jsonb_to_recordset($1::jsonb) as l(product_id int, name text, price numeric(10,2), quantity int)
     ), locked as (
       select p.id from product p where p.id in (select product_id from lines) order by p.id for update
     ), stock as (
       update product p
          set stock_quantity = p.stock_quantity - l.quantity, in_stock = p.stock_quantity - l.quantity > 0, updated_at = now()
         from lines l
        where p.id = l.product_id and p.id in (select id from locked)
          and not p.archived and p.stock_quantity >= l.quantity and p.price = l.price
       returning p.id, p.name, p.stock_quantity, p.low_stock_threshold, l.quantity as sold
     ), placed as (
       insert into shop_order (id, customer_email, customer_name, shipping_address, billing_address, subtotal, shipping, tax, total,
                               status, payment_method, paypal_order_id, paypal_capture_id, square_payment_id, created_at)
       select $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, now()
        where (select count(*) from stock) = (select count(*) from lines)
       returning id, created_at
     ), items as (
       insert into order_item (order_id, product_id, name, price, quantity)
       select placed.id, l.product_id, l.name, l.price, l.quantity from placed cross join lines l
     ), mail as (
       insert into outbox_email (to_address, subject, reply_to, kind, data, created_at)
       select e.to_address, e.subject, e.reply_to, e.kind, e.data, now()
         from placed cross join jsonb_to_recordset($16::jsonb)
           as e(to_address text, subject text, reply_to text, kind text, data jsonb)
     ), low_stock as (
       -- The owner hears once, from the sale that takes a product to its alert level or below (EmailData's 'low-stock').
       insert into outbox_email (to_address, subject, kind, data, created_at)
       select $17, 'Low stock: ' || s.name, 'low-stock',
              jsonb_build_object('product', s.name, 'left', s.stock_quantity, 'alertAt', s.low_stock_threshold, 'orderId', placed.id),
              now()
         from placed cross join stock s
        where s.stock_quantity <= s.low_stock_threshold and s.stock_quantity + s.sold > s.low_stock_threshold
     )
     select created_at from placed`),
    [
      JSON.stringify(lines),
      order.id,
      order.customerEmail,
      order.customerName,
      JSON.stringify(order.shippingAddress),
      JSON.stringify(order.billingAddress),
      order.subtotal,
      order.shipping,
      order.tax,
      order.total,
      order.status,
      order.paymentMethod,
      order.paypalOrderId,
      order.paypalCaptureId,
      order.squarePaymentId,
      JSON.stringify(outboxRows(emails)),
      ownerEmail,
    ],
  );
  const row = rows[0];
  return row ? new Date(row.created_at) : null;
}
