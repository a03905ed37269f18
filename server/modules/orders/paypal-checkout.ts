import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { TRPCError } from '@trpc/server';
import { AppError } from '../../trpc/errors';
import type { AppServices } from '../../contract/app-services';
import { formatCents } from '../../domain/money';
import { describePurpose, ORDER_PURPOSE } from '../../domain/payment-purpose';
import { lazyHandles } from '../../db/db-handles';
import { capturePayPalOrder, paypalCaptureKey } from '../payments';
import { Order } from './order.entity';
import type { OrderDetailsInput, OrderDto } from './order.schema';
import { toOrderDto } from './order.schema';
import type { OrderMailSettings } from './order-email';
import { placeOrder } from './orders.service';

// A PayPal checkout waits in `paypal_checkout` while the buyer approves at PayPal. Each step is a short
// statement of its own; PayPal is called with no transaction open (capture, then the order's own steps).

/**
 * How long a checkout nobody returned for is kept (PayPal lets an approved order be captured for 3 days): then
 * the buyer's name and address go, as nothing was bought. A completed one stays, to answer a replay its order.
 */
export const ABANDONED_PAYPAL_CHECKOUT_DAYS = 7;

/**
 * Notes a PayPal order the shop made (D28: only such an order is ever captured) with what it pays and its amount
 * (D35: it pays only that), and what its order needs when the buyer approves at PayPal and returns (`checkout`; null
 * in the in-page flow, where the browser places the order itself, and for a commission); forgets abandoned ones.
 */
export async function savePayPalCheckout(
  em: EntityManager,
  paypalOrderId: string,
  checkout: OrderDetailsInput | null,
  amountCents: number,
  purpose: string,
) {
  await sql(em).query(`delete from paypal_checkout where order_id is null and created_at < now() - make_interval(days => $1)`, [
    ABANDONED_PAYPAL_CHECKOUT_DAYS,
  ]);
  await sql(em).query(
    `insert into paypal_checkout (paypal_order_id, checkout, amount_cents, purpose) values ($1, $2::jsonb, $3, $4)
     on conflict (paypal_order_id) do nothing`,
    [paypalOrderId, checkout && JSON.stringify(checkout), amountCents, purpose],
  );
}

/** A PayPal order as the shop made it: what it pays and for how much. */
export interface ShopPayPalOrder {
  purpose: string;
  amountCents: number;
}

/**
 * The PayPal order the shop made, checked before PayPal is asked to capture it: refused (404) when this shop did not
 * make it (its capture would take money the shop never asked for), and (409 PAYMENT_WRONG_PURPOSE) when it was made
 * to pay something other than `purpose` (D35: a commission's deposit, another commission's, a cart's order). A row
 * from before purposes were kept pays what it is used for.
 */
export async function requireShopPayPalOrder(em: EntityManager, paypalOrderId: string, purpose: string): Promise<ShopPayPalOrder> {
  const [row] = await sql(em).query<{ purpose: string | null; amount_cents: number }>(
    `select purpose, amount_cents from paypal_checkout where paypal_order_id = $1`,
    [paypalOrderId],
  );
  if (!row) throw new AppError('NOT_FOUND', 'This shop made no PayPal order with this id. Nothing was charged.');
  if (row.purpose !== null && row.purpose !== purpose) {
    throw new AppError(
      'PAYMENT_WRONG_PURPOSE',
      `This PayPal order was made to pay ${describePurpose(row.purpose)}, and pays only that. Nothing was charged: pay again from this page.`,
    );
  }
  return { purpose, amountCents: row.amount_cents };
}

interface PendingRow {
  checkout: OrderDetailsInput | null;
  order_id: number | null;
}

/**
 * Completes the checkout behind a return from PayPal: captures (PayPal answers the same capture to a repeated
 * request id), places the order, and notes it. Returning again, from any tab or browser, answers the same
 * order; an unknown PayPal order changes nothing (404).
 */
export async function completePayPalCheckout(
  em: EntityManager,
  services: AppServices,
  paypalOrderId: string,
  mail: OrderMailSettings,
): Promise<OrderDto> {
  const [pending] = await sql(em).query<PendingRow>(`select checkout, order_id from paypal_checkout where paypal_order_id = $1`, [
    paypalOrderId,
  ]);
  if (!pending?.checkout) throw new AppError('NOT_FOUND', 'No checkout waits for this PayPal payment. Nothing was charged here.');
  if (pending.order_id !== null) return existingOrder(em, pending.order_id);
  const checkout = pending.checkout;
  await refuseRefunded(em, paypalOrderId);

  const made = await requireShopPayPalOrder(em, paypalOrderId, ORDER_PURPOSE);
  const capture = await capturePayPalOrder(em, services.payments, paypalOrderId, made);
  let order: OrderDto;
  try {
    order = await placeOrder(
      lazyHandles(em),
      services,
      { ...checkout, paymentMethod: 'paypal', paypalOrderId, paypalCaptureId: capture.id, squarePaymentId: null },
      mail,
    );
  } catch (error) {
    // Another return (a second tab, a reload) placed the order with this capture first: that order is the answer.
    const placed = isReplay(error) ? await em.fork().findOne(Order, { paypalCaptureId: capture.id }) : null;
    if (!placed) throw error;
    order = await existingOrder(em, placed.id);
  }
  await sql(em).query(`update paypal_checkout set order_id = $1, completed_at = now() where paypal_order_id = $2 and order_id is null`, [
    order.id,
    paypalOrderId,
  ]);
  return order;
}

/** A return after the order failed and PayPal's capture went back (D9): PayPal is not asked again. */
async function refuseRefunded(em: EntityManager, paypalOrderId: string) {
  const [row] = await sql(em).query<{ state: string; amount_cents: number }>(
    `select state, amount_cents from payment_ledger where idempotency_key = $1`,
    [paypalCaptureKey(paypalOrderId)],
  );
  if (row?.state !== 'refunding' && row?.state !== 'refunded') return;
  throw new AppError(
    'CONFLICT',
    `This PayPal payment of $${formatCents(row.amount_cents)} was refunded because its order could not be placed; nothing more was charged. Your cart is kept.`,
  );
}

async function existingOrder(em: EntityManager, id: number): Promise<OrderDto> {
  const order = await em.fork().findOneOrFail(Order, id, { populate: ['items'] });
  return toOrderDto(order);
}

function isReplay(error: unknown): boolean {
  return error instanceof AppError ? error.reason === 'PAYMENT_REPLAYED' : error instanceof TRPCError && error.code === 'CONFLICT';
}
