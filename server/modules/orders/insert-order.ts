import { prepared, type SqlRunner } from '../../db/sql';
import type { Email } from '../mail';
import type { OrderDto } from './order.schema';

/** A product this sale took to its alert level or below (from above it), for the owner's 'low-stock' email. */
export interface LowStock {
  product: string;
  left: number;
  alertAt: number;
}

/**
 * Writes a priced order as ONE statement: it locks the products in id order (so two carts never deadlock), takes
 * the stock only where the product is still sold, at the price charged, with enough left, and inserts the order and
 * its items only when every line got its stock. The product rows stay locked only from this statement to the commit
 * that follows (it is the transaction's last but for a low-stock email), so buyers of one popular piece queue for a
 * moment, not for a whole checkout; stock never goes below 0 (D7). The order's emails are the mail module's to write
 * (MailService.write), before this statement in the same transaction.
 *
 * Returns the order's creation time and the products that reached their alert level, or null when some line could
 * not be sold: the caller must then roll the transaction back, which also undoes the stock of the lines that were
 * taken and what the transaction wrote before.
 */
export async function insertOrder(db: SqlRunner, order: OrderDto): Promise<{ createdAt: Date; lowStock: LowStock[] } | null> {
  const lines = order.items.map((item) => ({
    product_id: item.productId,
    variant_id: item.variantId ?? null,
    variant: item.variant ?? null,
    name: item.name,
    price: item.price,
    quantity: item.quantity,
  }));
  const rows = await db.query<{ created_at: Date | string; low_stock: LowStock[] }>(
    prepared(`with lines as (
       select * from jsonb_to_recordset($1::jsonb)
                  as l(product_id int, variant_id int, variant text, name text, price numeric(10,2), quantity int)
     ), locked as (
       select p.id from product p where p.id in (select product_id from lines) order by p.id for update
     ), product_stock as (
       update product p
          set stock_quantity = p.stock_quantity - l.quantity, in_stock = p.stock_quantity - l.quantity > 0, updated_at = now()
         from lines l
        where p.id = l.product_id and l.variant_id is null and p.id in (select id from locked)
          and not p.archived and p.options = '[]'::jsonb and p.stock_quantity >= l.quantity and p.price = l.price
       returning p.id, p.name, p.stock_quantity, p.low_stock_threshold, l.quantity as sold
     ), variant_stock as (
       -- A variant's stock (D38), under its product's lock like any line; the product's summary follows (trigger).
       update product_variant v
          set stock_quantity = v.stock_quantity - l.quantity, updated_at = now()
         from lines l, product p
        where v.id = l.variant_id and v.product_id = l.product_id and p.id = l.product_id and p.id in (select id from locked)
          and not p.archived and v.enabled and v.stock_quantity >= l.quantity and v.price = l.price
       returning p.id, p.name || ' (' || l.variant || ')' as name, v.stock_quantity, p.low_stock_threshold, l.quantity as sold
     ), stock as (
       select * from product_stock union all select * from variant_stock
     ), placed as (
       insert into shop_order (id, customer_email, customer_name, shipping_address, billing_address, subtotal, shipping, tax, total,
                               status, payment_method, paypal_order_id, paypal_capture_id, square_payment_id, discount_code, discount, created_at)
       select $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now()
        where (select count(*) from stock) = (select count(*) from lines)
       returning id, created_at
     ), items as (
       insert into order_item (order_id, product_id, variant_id, variant, name, price, quantity)
       select placed.id, l.product_id, l.variant_id, l.variant, l.name, l.price, l.quantity from placed cross join lines l
     )
     -- The owner hears once, from the sale that takes a product to its alert level or below.
     select created_at,
            coalesce((select json_agg(json_build_object('product', s.name, 'left', s.stock_quantity, 'alertAt', s.low_stock_threshold) order by s.id, s.name)
                        from stock s
                       where s.stock_quantity <= s.low_stock_threshold and s.stock_quantity + s.sold > s.low_stock_threshold), '[]') as low_stock
       from placed`),
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
      order.discountCode,
      order.discount,
    ],
  );
  const row = rows[0];
  return row ? { createdAt: new Date(row.created_at), lowStock: row.low_stock } : null;
}

/** The owner's 'low-stock' emails of an order's sale. */
export function lowStockEmails(orderId: number, ownerEmail: string, lowStock: readonly LowStock[]): Email[] {
  return lowStock.map((product) => ({
    to: ownerEmail,
    subject: `Low stock: ${product.product}`,
    kind: 'low-stock',
    data: { ...product, orderId },
  }));
}
