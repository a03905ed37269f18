import { TRPCError } from '@trpc/server';
import { AppError } from '../../trpc/errors';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { prepared, sql, sqlTransaction, type SqlRunner, type SqlSource } from '../../db/sql';
import { formatCents, toCents } from '../../domain/money';
import type { AppServices } from '../../contract/app-services';
import { cartVariantIds, orderFigures, priceCart, requireServed, type CartLine, type PricedProduct } from '../checkout';
import { claimDiscountUse, requireMinimum, usableDiscount, type UsableDiscount } from '../discounts';
import { productsForPricing, variantsForPricing } from '../products';
import type { ProviderContext, VerifiedPayment, PaymentRef } from '../payments';
import { orderEmails, type OrderMailSettings } from './order-email';
import { type CreateOrderInput, type OrderDto } from './order.schema';
import { insertOrder, lowStockEmails } from './insert-order';
import { claimPayment, paymentClaim, refundUnlessPaidFor, requireExactAmount, requireOwnPayment, verifyPayment } from './payment-check';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderStatus } from '../../domain/order-statuses';
import { ORDER_PURPOSE } from '../../domain/payment-purpose';
import type { PageWindow } from '../../contract/list-paging';
import { Order } from './order.entity';

/** D7's one-cent tolerance between what the checkout showed and what the server computes. */
const TOLERANCE_CENTS = 1;

/**
 * Places a paid order (D7, D8, D9, D14, D28). First, with no transaction or lock held: the ledger must hold the
 * payment as the shop's own, not yet paying for an order (D28), and the provider confirms it (D8), so a slow
 * provider holds up only this buyer; every figure is recomputed from current prices, read with the
 * new order's id at once. No email is rendered here: the delivery job renders them from their data.
 * Then one short transaction: claim the payment in the ledger (its row lock, no earlier order), the order's webhook
 * event (the webhooks module's own statement), its emails (the mail module's), then the order, its items and the stock
 * in one statement (insertOrder), commit. If anything fails after
 * the payment was verified, the payment is refunded after the rollback (unless another attempt on it succeeded
 * meanwhile), and the error says so.
 */
export async function placeOrder(
  ctx: ProviderContext,
  services: AppServices,
  input: CreateOrderInput,
  mail: OrderMailSettings,
): Promise<OrderDto> {
  const claim = paymentClaim(input);
  await requireOwnPayment(sql(ctx.db), claim, services.payments.name, ORDER_PURPOSE);
  const payment = await verifyPayment(ctx, services.payments, claim, input.paypalOrderId);
  const ref: PaymentRef = { method: claim.method, paymentId: claim.id, provider: services.payments.name, amountCents: payment.amountCents };
  const attempt = { refused: false };
  try {
    const prepared = await prepareOrder(ctx.db, services, input, payment, mail);
    return await sqlTransaction(ctx.db, async (tx) => {
      const at = await claimPayment(tx, ref, prepared.order.id, ORDER_PURPOSE).catch((error: unknown) => {
        attempt.refused = true;
        throw error;
      });
      return writeOrder(tx, services, prepared, at);
    });
  } catch (error) {
    // Two requests raced on one payment past the ledger (cannot happen, but the constraint is the last word).
    if (error instanceof UniqueConstraintViolationException) {
      throw new AppError('PAYMENT_REPLAYED', 'This payment has already paid for another order');
    }
    // The payment is another order's, or already refunded: nothing of it is ours to give back.
    if (attempt.refused) throw error;
    if (!(error instanceof TRPCError)) services.logger.error({ err: { message: (error as Error).message } }, 'order failed after payment');
    const note = await refundUnlessPaidFor(ctx.em, services.payments, ref, services.logger);
    throw withNote(error, note);
  }
}

interface PreparedOrder {
  order: OrderDto;
  /** The order's signed id, for its link in the confirmation. */
  orderToken: string;
  mail: OrderMailSettings;
  /** Names of the cart's products, for the message when the stock ran out meanwhile. */
  names: string;
  /** The discount code the order uses (D40), and what it gives: its use is taken in the order's transaction. */
  discount?: { id: number; cents: number };
}

/**
 * The cart's products as pricing reads them (the products module's statement) and an id for the new order, the two
 * statements at once: no round trip more than one. Both are named statements (prepared), run on every checkout.
 */
async function cartAndOrderId(db: SqlSource, cart: CartLine[], discountCode: string | undefined) {
  const [products, variants, [next], discount] = await Promise.all([
    productsForPricing(
      db,
      cart.map((item) => item.productId),
    ),
    variantsForPricing(db, cartVariantIds(cart)),
    sql(db).query<{ id: string }>(prepared(`select nextval(pg_get_serial_sequence('shop_order', 'id')) as id`)),
    discountCode === undefined ? undefined : usableDiscount(db, discountCode),
  ]);
  return {
    orderId: Number(next!.id),
    products: products satisfies PricedProduct[],
    variants,
    discount: discount satisfies UsableDiscount | undefined,
  };
}

/**
 * Everything the order's transaction needs, read and computed before it: the cart priced from current prices (read
 * without a lock: insertOrder takes the stock only if price and stock still hold when it runs), checked against
 * what the buyer saw and paid.
 */
async function prepareOrder(
  db: SqlSource,
  services: AppServices,
  input: CreateOrderInput,
  payment: VerifiedPayment,
  mail: OrderMailSettings,
): Promise<PreparedOrder> {
  const cart: CartLine[] = input.items.map((item) => ({ productId: item.productId, variantId: item.variantId, quantity: item.quantity }));
  // D39: the owner's settings (kept by the instance, so usually no statement); a state the shop does not ship to is refused.
  const rules = await services.salesSettings.rules(db);
  requireServed(rules, input.shippingAddress.state, 'shippingAddress.state');
  const { orderId, products, variants, discount } = await cartAndOrderId(db, cart, input.discountCode);
  const price = priceCart(products, cart, input.shippingAddress.state, variants, discount, rules);
  if (discount) requireMinimum(discount, price.subtotalCents);

  const unavailable = price.problems.filter((problem) => problem.kind === 'unavailable');
  if (unavailable.length > 0)
    throw new AppError('PRODUCT_UNAVAILABLE', unavailable.map((p) => p.message).join('; '), {
      productIds: unavailable.map((p) => p.productId),
    });
  refuseDifferentFigures(input, price);
  const short = price.problems.filter((problem) => problem.kind === 'out_of_stock' || problem.kind === 'insufficient_stock');
  if (short.length > 0)
    throw new AppError('OUT_OF_STOCK', short.map((p) => p.message).join('; '), { productIds: short.map((p) => p.productId) });
  requireExactAmount(payment, price.totalCents);

  const order: OrderDto = {
    id: orderId,
    kind: 'shop',
    customerEmail: input.customerEmail,
    customerName: input.customerName,
    shippingAddress: input.shippingAddress,
    billingAddress: input.billingAddress,
    ...orderFigures(price),
    status: 'completed',
    paymentMethod: input.paymentMethod,
    paypalOrderId: input.paymentMethod === 'paypal' ? (input.paypalOrderId ?? payment.paypalOrderId ?? null) : null,
    paypalCaptureId: input.paymentMethod === 'paypal' ? payment.id : null,
    squarePaymentId: input.paymentMethod === 'square' ? payment.id : null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    createdAt: '',
  };
  const orderToken = services.orderLinks.sign(String(orderId));
  return {
    order,
    orderToken,
    mail,
    names: price.lines.map((line) => (line.variant ? `${line.name} (${line.variant})` : line.name)).join(', '),
    ...(discount && price.discount ? { discount: { id: discount.id, cents: price.discount.cents } } : {}),
  };
}

/**
 * In the order's transaction, after its claim (`at`: the transaction's time, the order's creation time): the order's
 * webhook event and its emails (each written by its own module), then the order, its items and the stock in one
 * statement, the last before the commit. Event and emails come first so that buyers of one product queue on the
 * product rows that statement locks only until the commit one round trip later. A refused order is rolled back, its
 * event and emails with it: they exist exactly when the order does.
 */
async function writeOrder(db: SqlRunner, services: AppServices, { order, orderToken, mail, names, discount }: PreparedOrder, at: Date) {
  const placed = { ...order, createdAt: at.toISOString() };
  // D40: the code's use first, so racing buyers queue on the code's row and only those within its limit go on.
  if (discount) await claimDiscountUse(db, discount.id, { orderId: order.id, email: order.customerEmail, cents: discount.cents });
  await services.webhooks.record(db, 'order.created', { object: placed });
  await services.mail.write(db, orderEmails(placed, orderToken, mail));
  const sold = await insertOrder(db, order);
  if (!sold) throw new AppError('OUT_OF_STOCK', `${names}: not enough left in stock at this price, the cart must be checked again`);
  // Rare (a sale that crosses a product's alert level): only then a statement more while the product rows are locked.
  if (sold.lowStock.length > 0) await services.mail.write(db, lowStockEmails(order.id, mail.ownerEmail, sold.lowStock));
  services.logger.info({ orderId: order.id, total: order.total, method: order.paymentMethod }, 'order placed');
  return placed;
}

/** 400 naming each figure (or item price) that differs from the server's by more than a cent. */
function refuseDifferentFigures(input: CreateOrderInput, price: ReturnType<typeof priceCart>) {
  const differences: string[] = [];
  const compare = (field: string, sent: number, actual: number) => {
    if (Math.abs(sent - actual) > TOLERANCE_CENTS)
      differences.push(`${field}: is ${formatCents(sent)} but should be ${formatCents(actual)}`);
  };
  const linePrices = new Map(price.lines.map((line) => [`${line.productId}:${line.variantId ?? ''}`, line.price]));
  input.items.forEach((item, index) => {
    const current = linePrices.get(`${item.productId}:${item.variantId ?? ''}`);
    if (current !== undefined) compare(`items.${index}.price`, item.price, toCents(current));
  });
  compare('subtotal', input.subtotal, price.subtotalCents);
  compare('shipping', input.shipping, price.shippingCents);
  compare('tax', input.tax, price.taxCents);
  compare('total', input.total, price.totalCents);
  if (differences.length > 0) {
    throw new AppError('PRICE_CHANGED', `The order's figures differ from the current prices. ${differences.join('; ')}`);
  }
}

function withNote(error: unknown, note: string): TRPCError {
  if (error instanceof AppError) return new AppError(error.reason, `${error.message}. ${note}`, error.details, error.cause);
  if (error instanceof TRPCError) return new TRPCError({ code: error.code, message: `${error.message}. ${note}`, cause: error.cause });
  // An unexpected fault: a 500 would hide the refund note, so it is a 503 that tells the buyer what happened.
  return new AppError('SERVICE_UNAVAILABLE', `The order could not be saved. ${note} Please try again.`, {}, error);
}

// Orders read back: the buyer's and the owner's order page, the owner's list, an order's history.

/** The order with its items, or null. */
export function findOrder(em: EntityManager, id: number) {
  return em.findOne(Order, id, { populate: ['items'] });
}

/** The order with its items, or 404 naming its id (the owner's pages). */
export async function loadOrder(em: EntityManager, id: number) {
  const order = await findOrder(em, id);
  if (!order) throw new AppError('NOT_FOUND', `No order with id ${id}`);
  return order;
}

/** A page of the orders with their items, newest first, with how many there are. */
export function ordersPage(em: EntityManager, window: PageWindow) {
  return em.findAndCount(Order, {}, { populate: ['items'], orderBy: { createdAt: 'desc', id: 'desc' }, ...window });
}

export interface StatusChange {
  from: OrderStatus;
  to: OrderStatus;
  note: string | null;
  changedAt: Date;
}

/**
 * The order's status changes, oldest first, or 404. Plain SQL: the history table has no entity, and its one writer
 * (changeOrderStatus, order-status.service.ts) inserts its rows in SQL too.
 */
export async function orderHistory(em: EntityManager, id: number): Promise<StatusChange[]> {
  await loadOrder(em, id);
  const rows = await sql(em).query<{ from_status: string; to_status: string; note: string | null; changed_at: Date }>(
    'select from_status, to_status, note, changed_at from order_status_change where order_id = $1 order by changed_at, id',
    [id],
  );
  return rows.map((row) => ({
    from: row.from_status as OrderStatus,
    to: row.to_status as OrderStatus,
    note: row.note,
    changedAt: new Date(row.changed_at),
  }));
}
