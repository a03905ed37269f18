import { TRPCError } from '@trpc/server';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCents, toCents } from '../../domain/money';
import type { AppServices } from '../../services';
import { loadCartProducts } from '../checkout/quote.service';
import { priceCart } from '../checkout/pricing';
import type { VerifiedPayment } from '../payments/payment-provider';
import { Order, OrderItem } from './order.entity';
import { orderConfirmationEmail } from './order-email';
import { toOrderDto, type CreateOrderInput, type OrderDto } from './order.schema';
import { takeStock } from './take-stock';
import { lockPayment, paymentClaim, refundAfterFailure, refuseReplay, requireExactAmount, verifyPayment } from './payment-check';

/** D7's one-cent tolerance between what the checkout showed and what the server computes. */
const TOLERANCE_CENTS = 1;

/**
 * Places a paid order (D7, D8, D9, D14). In one transaction, with the payment id locked: refuse a replay,
 * verify the payment with its provider, then (in a savepoint) recompute every figure from current prices,
 * write the order and its email, and take the stock last (takeStock). If that part fails, the savepoint is rolled back, the payment
 * is refunded, and the error says so.
 */
export async function placeOrder(em: EntityManager, services: AppServices, input: CreateOrderInput): Promise<OrderDto> {
  const claim = paymentClaim(input);
  let placed: OrderDto | undefined;
  let failure: { error: unknown; note: string } | undefined;

  await em.transactional(async (outer) => {
    await lockPayment(outer, claim);
    await refuseReplay(outer, claim);
    const payment = await verifyPayment(outer, services.payments, claim, input.paypalOrderId);
    try {
      placed = await outer.transactional((tem) => writeOrder(tem, services, input, payment));
    } catch (error) {
      // Two requests raced on one payment past the lock (cannot happen, but the constraint is the last word).
      if (error instanceof UniqueConstraintViolationException) {
        throw new TRPCError({ code: 'CONFLICT', message: 'This payment has already paid for another order' });
      }
      if (!(error instanceof TRPCError)) services.logger.error({ err: { message: (error as Error).message } }, 'order failed after payment');
      const note = await refundAfterFailure(outer, services.payments, claim, payment, services.logger);
      failure = { error, note };
    }
  });

  if (failure) throw withNote(failure.error, failure.note);
  return placed!;
}

async function writeOrder(em: EntityManager, services: AppServices, input: CreateOrderInput, payment: VerifiedPayment) {
  // Read without a lock: the stock is taken at the end by one guarded UPDATE per product (takeStock).
  const products = await loadCartProducts(em, input.items.map((item) => item.productId));
  const cart = input.items.map((item) => ({ productId: item.productId, quantity: item.quantity }));
  const price = priceCart(products, cart, input.shippingAddress.state);

  const unavailable = price.problems.filter((problem) => problem.kind === 'unavailable');
  if (unavailable.length > 0) throw new TRPCError({ code: 'CONFLICT', message: unavailable.map((p) => p.message).join('; ') });
  refuseDifferentFigures(input, price);
  const short = price.problems.filter((problem) => problem.kind === 'out_of_stock' || problem.kind === 'insufficient_stock');
  if (short.length > 0) throw new TRPCError({ code: 'CONFLICT', message: short.map((p) => p.message).join('; ') });
  requireExactAmount(payment, price.totalCents);

  const byId = new Map(products.map((product) => [product.id, product]));
  const order = em.create(Order, {
    customerEmail: input.customerEmail,
    customerName: input.customerName,
    shippingAddress: input.shippingAddress,
    billingAddress: input.billingAddress,
    subtotal: formatCents(price.subtotalCents),
    shipping: formatCents(price.shippingCents),
    tax: formatCents(price.taxCents),
    total: formatCents(price.totalCents),
    status: 'completed',
    paymentMethod: input.paymentMethod,
    paypalOrderId: input.paymentMethod === 'paypal' ? (input.paypalOrderId ?? payment.paypalOrderId ?? null) : null,
    paypalCaptureId: input.paymentMethod === 'paypal' ? payment.id : null,
    squarePaymentId: input.paymentMethod === 'square' ? payment.id : null,
  });
  for (const line of price.lines) {
    const product = byId.get(line.productId)!;
    order.items.add(em.create(OrderItem, { order, product, name: line.name, price: line.price, quantity: line.quantity }));
  }
  await em.flush();

  const dto = toOrderDto(order);
  const email = orderConfirmationEmail(dto);
  services.mail.enqueue(em, { to: dto.customerEmail, subject: email.subject, text: email.text, kind: 'order-confirmation' });
  await em.flush();
  await takeStock(em, price.lines);
  services.logger.info({ orderId: dto.id, total: dto.total, method: dto.paymentMethod }, 'order placed');
  return dto;
}

/** 400 naming each figure (or item price) that differs from the server's by more than a cent. */
function refuseDifferentFigures(input: CreateOrderInput, price: ReturnType<typeof priceCart>) {
  const differences: string[] = [];
  const compare = (field: string, sent: number, actual: number) => {
    if (Math.abs(sent - actual) > TOLERANCE_CENTS) differences.push(`${field}: is ${formatCents(sent)} but should be ${formatCents(actual)}`);
  };
  const linePrices = new Map(price.lines.map((line) => [line.productId, line.price]));
  input.items.forEach((item, index) => {
    const current = linePrices.get(item.productId);
    if (current !== undefined) compare(`items.${index}.price`, item.price, toCents(current));
  });
  compare('subtotal', input.subtotal, price.subtotalCents);
  compare('shipping', input.shipping, price.shippingCents);
  compare('tax', input.tax, price.taxCents);
  compare('total', input.total, price.totalCents);
  if (differences.length > 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `The order's figures differ from the current prices. ${differences.join('; ')}` });
  }
}

function withNote(error: unknown, note: string): TRPCError {
  if (error instanceof TRPCError) return new TRPCError({ code: error.code, message: `${error.message}. ${note}`, cause: error.cause });
  // An unexpected fault: a 500 would hide the refund note, so it is a 503 that tells the buyer what happened.
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: `The order could not be saved. ${note} Please try again.`, cause: error });
}
