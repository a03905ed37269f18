// The raw baseline's checkout: the card payment and the order as the shop makes them, statement for statement, in
// plain SQL on the pg driver, with the same pure pricing, no framework and no validation beyond what the money
// needs, and its two emails written as the shop writes them (their data, the same pure code, as the pricing is; its
// job renders them as the shop's does, baseline-server.ts). What it shares with the
// shop: the rate limits (the payment's and the order's counts, the read of the card's declines), a ledger row around
// the sandbox payment, the ledger's check that the payment is the shop's own (D28) before the payment is verified,
// the cart and the order's id read at once before the transaction, then in it the ledger claimed, the order's webhook
// event, its emails, and the stock taken only where it suffices (exact under any concurrency) with the order and its
// items in one statement (a low-stock email after it when a sale crosses the alert level), commit: the shop's
// statements, one for one.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { formatCents, toCents } from '../server/domain/money';
import { orderFigures, priceCart, type PricedProduct } from '../server/modules/checkout/pricing';
import { decideCard } from '../server/modules/payments/sandbox-rules';
import { orderEmails, type OrderMailSettings } from '../server/modules/orders/order-email';
import { outboxRows } from '../server/modules/mail/mail.service';
import type { OrderDto } from '../server/modules/orders/order.schema';

type Answer = [number, unknown];

interface PaymentBody {
  sourceId: string;
  amount: string | number;
  cardData: { cardNumber: string; expiryDate: string; cvv: string; cardholderName: string };
}

/** A per-client count of rate-limiter-flexible's (server/trpc/rate-limits.ts), as its statement makes it. */
async function countAttempt(pool: pg.Pool, key: string) {
  const now = Date.now();
  await pool.query(
    `insert into rate_limit values ($1, 1, $2) on conflict (key) do update set
       points = case when rate_limit.expire <= $3 then 1 else rate_limit.points + 1 end,
       expire = case when rate_limit.expire <= $3 then $2 else rate_limit.expire end
     returning points, expire`,
    [key, now + 600_000, now],
  );
}

const fingerprintKey = randomBytes(32);

/** POST /api/square/process-payment */
export async function processPayment(pool: pg.Pool, body: PaymentBody, client: string): Promise<Answer> {
  await countAttempt(pool, `cardPayment:${client}`);
  // The card's declines, read before the charge as the shop does with the sandbox (card-limits.ts).
  const fingerprint = createHmac('sha256', fingerprintKey).update(body.cardData.cardNumber.replace(/\D/g, '')).digest('base64url');
  await pool.query('select points, expire from rate_limit where key = $1 and (expire > $2 or expire is null)', [
    `cardDeclines:sbx-${fingerprint.slice(0, 32)}`,
    Date.now(),
  ]);
  const amountCents = toCents(body.amount);
  const decision = decideCard(body.cardData, undefined, new Date());
  if (decision) return [200, { success: false, error: decision }];
  const key = createHash('sha256').update(`card:${body.sourceId}:${amountCents}:order`).digest('hex').slice(0, 40);
  await pool.query(
    `insert into payment_ledger (method, provider, idempotency_key, source_ref, amount_cents, purpose, state)
     values ('square', 'sandbox', $1, $2, $3, 'order', 'charging')
     on conflict (idempotency_key) do update set updated_at = payment_ledger.updated_at returning *`,
    [key, body.sourceId, amountCents],
  );
  const { rows } = await pool.query<{ id: string; status: string; amount: string }>(
    named(
      'sandbox_payment',
      `insert into sandbox_payment (id, kind, status, amount, currency, card_last4, idempotency_key, created_at)
     values ($1, 'card', 'COMPLETED', $2, 'USD', $3, $4, now())
     on conflict (idempotency_key) do nothing returning id, status, amount`,
      [`sbx_pay_${randomBytes(12).toString('hex')}`, formatCents(amountCents), body.cardData.cardNumber.slice(-4), key],
    ),
  );
  const payment = rows[0]!;
  await pool.query(
    named(
      'captured',
      `update payment_ledger set state = 'captured', payment_id = $1, amount_cents = $2, updated_at = now()
      where idempotency_key = $3 and state = 'charging'`,
      [payment.id, amountCents, key],
    ),
  );
  return [200, { success: true, payment: { id: payment.id, status: payment.status, amount: payment.amount } }];
}

interface OrderBody {
  customerEmail: string;
  customerName: string;
  shippingAddress: OrderDto['shippingAddress'];
  billingAddress: OrderDto['billingAddress'];
  items: { productId: number; quantity: number; price: string }[];
  subtotal: string;
  shipping: string;
  tax: string;
  total: string;
  squarePaymentId: string;
}

const orderLinkKey = createHmac('sha256', randomBytes(32)).update('order-link-v1').digest();
const MAIL: OrderMailSettings = { origin: 'http://127.0.0.1:3000', ownerEmail: 'owner@turnery.example' };

/**
 * The confirmation and the owner's notice, the shop's own (their data, as the shop writes them), so the baseline
 * stores, renders and reads back emails of the same size as the shop's.
 */
function emails(order: OrderDto) {
  const id = String(order.id);
  const token = `${Buffer.from(id).toString('base64url')}.${createHmac('sha256', orderLinkKey).update(id).digest('base64url')}`;
  return outboxRows(orderEmails(order, token, MAIL));
}

/** The statements the shop prepares (`prepared`, server/db/sql.ts), named here too: each connection parses them once. */
function named(name: string, text: string, values: unknown[]): pg.QueryConfig {
  return { name: `baseline_${name}`, text, values };
}

/** The mail module's one insert of outbox rows (MailService.write). */
const MAIL_SQL = `insert into outbox_email (to_address, subject, reply_to, headers, kind, data, created_at)
  select e.to_address, e.subject, e.reply_to, e.headers, e.kind, e.data, now()
    from jsonb_to_recordset($1::jsonb) as e(to_address text, subject text, reply_to text, headers jsonb, kind text, data jsonb)`;

const near = (sent: string, actual: number) => Math.abs(toCents(sent) - actual) <= 1;

/** POST /api/orders (card payments) */
export async function placeOrder(pool: pg.Pool, body: OrderBody, client: string): Promise<Answer> {
  await countAttempt(pool, `order:${client}`);
  // D28 as the shop checks it (requireOwnPayment): the ledger holds the payment as this shop's and captured, or the
  // payment is not looked up at all.
  const { rows: entries } = await pool.query<{ state: string; provider: string; purpose: string | null }>(
    named('own', 'select state, amount_cents, provider, order_id, purpose from payment_ledger where method = $1 and payment_id = $2', [
      'square',
      body.squarePaymentId,
    ]),
  );
  if (entries[0]?.state !== 'captured' || entries[0].provider !== 'sandbox') return [402, { message: 'this shop took no such payment' }];
  if (entries[0].purpose && entries[0].purpose !== 'order') return [409, { message: 'this payment pays something else' }];
  const { rows: payments } = await pool.query<{ id: string; status: string; amount: string; currency: string }>(
    named('payment', `select id, status, amount, currency from sandbox_payment where id = $1 and kind = 'card'`, [body.squarePaymentId]),
  );
  const payment = payments[0];
  if (!payment || payment.status !== 'COMPLETED' || payment.currency !== 'USD') return [402, { message: 'payment not verified' }];
  const paidCents = toCents(payment.amount);
  // The cart's products and the new order's id, two statements at once before the transaction, as the shop reads them
  // (the products module's pricing read beside the orders module's id).
  const [{ rows: products }, { rows: next }] = await Promise.all([
    pool.query<PricedProduct>(
      named(
        'cart',
        `select id, name, price, image_url as "imageUrl", in_stock as "inStock", stock_quantity as "stockQuantity", weight, archived,
                options <> '[]'::jsonb as "hasOptions"
           from product where id = any($1) order by id`,
        [body.items.map((item) => item.productId)],
      ),
    ),
    pool.query<{ id: string }>(named('order_id', `select nextval(pg_get_serial_sequence('shop_order', 'id')) as id`, [])),
  ]);
  const id = Number(next[0]!.id);
  const db = await pool.connect();
  try {
    await db.query('begin');
    const { rows: claimed } = await db.query<{ order_id: string }>(
      named(
        'claim',
        `update payment_ledger set state = 'ordered', order_id = $4, updated_at = now()
          where method = $1 and payment_id = $2 and provider = $3 and state = 'captured' and (purpose is null or purpose = $5)
          returning order_id, now() as at`,
        ['square', payment.id, 'sandbox', id, 'order'],
      ),
    );
    if (!claimed[0]) throw Object.assign(new Error('This payment has already paid for another order'), { status: 409 });
    const price = priceCart(products, body.items, body.shippingAddress.state);
    if (price.problems.length > 0) throw Object.assign(new Error(price.problems[0]!.message), { status: 409 });
    const figures = [near(body.subtotal, price.subtotalCents), near(body.shipping, price.shippingCents), near(body.tax, price.taxCents)];
    if (!figures.every(Boolean) || !near(body.total, price.totalCents) || paidCents !== price.totalCents) {
      throw Object.assign(new Error('The figures differ from the current prices'), { status: 409 });
    }
    const order = { ...body, id };
    const lines = price.lines.map((line) => ({
      product_id: line.productId,
      variant_id: line.variantId ?? null,
      variant: line.variant ?? null,
      name: line.name,
      price: line.price,
      quantity: line.quantity,
    }));
    const mailed: OrderDto = {
      ...order,
      ...orderFigures(price),
      kind: 'shop',
      status: 'completed',
      paymentMethod: 'square',
      paypalOrderId: null,
      paypalCaptureId: null,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      createdAt: new Date().toISOString(),
    };
    // The order's webhook event for every subscribed endpoint, the shop's statement (WebhookService.record).
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    await db.query(
      named(
        'event',
        `with event_endpoints as (
         select id from webhook_endpoint where enabled and $1 = any(events)
       ), event_row as (
         insert into webhook_event (id, type, created_at, body)
         select $2, $1, now(), $3 where exists (select 1 from event_endpoints)
         returning id
       ), event_deliveries as (
         insert into webhook_delivery (event_id, endpoint_id, created_at)
         select event_row.id, event_endpoints.id, now() from event_row cross join event_endpoints
       )
       select 1`,
        [
          'order.created',
          eventId,
          JSON.stringify({ id: eventId, type: 'order.created', created: new Date().toISOString(), data: { object: mailed } }),
        ],
      ),
    );
    // The order's emails, the mail module's statement (MailService.write), before the order's in the same transaction.
    await db.query(named('mail', MAIL_SQL, [JSON.stringify(emails(mailed))]));
    const { rows: placed } = await db.query<{ created_at: Date; low_stock: { product: string; left: number; alertAt: number }[] }>(
      named(
        'order',
        `with lines as (
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
                                 status, payment_method, square_payment_id, created_at)
         select $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, 'completed', 'square', $11, now()
          where (select count(*) from stock) = (select count(*) from lines)
         returning id, created_at
       ), items as (
         insert into order_item (order_id, product_id, variant_id, variant, name, price, quantity)
         select placed.id, l.product_id, l.variant_id, l.variant, l.name, l.price, l.quantity from placed cross join lines l
       )
       select created_at,
              coalesce((select json_agg(json_build_object('product', s.name, 'left', s.stock_quantity, 'alertAt', s.low_stock_threshold) order by s.id, s.name)
                          from stock s
                         where s.stock_quantity <= s.low_stock_threshold and s.stock_quantity + s.sold > s.low_stock_threshold), '[]') as low_stock
         from placed`,
        [
          JSON.stringify(lines),
          id,
          body.customerEmail,
          body.customerName,
          JSON.stringify(body.shippingAddress),
          JSON.stringify(body.billingAddress),
          mailed.subtotal,
          mailed.shipping,
          mailed.tax,
          mailed.total,
          payment.id,
        ],
      ),
    );
    if (!placed[0]) throw Object.assign(new Error('Not enough left in stock'), { status: 409 });
    // The owner's low-stock email, only when this sale took a product to its alert level (the shop's lowStockEmails).
    if (placed[0].low_stock.length > 0) {
      const lowStock = placed[0].low_stock.map((product) => ({
        to_address: MAIL.ownerEmail,
        subject: `Low stock: ${product.product}`,
        reply_to: null,
        headers: null,
        kind: 'low-stock',
        data: { ...product, orderId: id },
      }));
      await db.query(named('mail', MAIL_SQL, [JSON.stringify(lowStock)]));
    }
    await db.query('commit');
    return [200, { ...order, status: 'completed', paymentMethod: 'square', createdAt: placed[0].created_at.toISOString() }];
  } catch (error) {
    await db.query('rollback');
    const status = (error as { status?: number }).status;
    if (!status) throw error;
    return [status, { message: (error as Error).message }];
  } finally {
    db.release();
  }
}
