import type { EntityManager } from '@mikro-orm/postgresql';
import { ZodError } from 'zod';
import { sql, sqlTransaction, type SqlRunner } from '../../db/sql';
import { formatCents } from '../../domain/money';
import type { AppServices } from '../../contract/app-services';
import { AppError, InputError } from '../../trpc/errors';
import {
  asPaymentError,
  orderMoney,
  pendingRefundsOfOrder,
  reserveOrderRefund,
  type RefundEntry,
  newRefundKey,
  sendRefunds,
} from '../payments';
import { formatOrderNumber } from '../../domain/order-number';
import type { OrderMailSettings } from './order-email';
import type { IOrder } from './order.entity';
import { toOrderDto } from './order.schema';
import { answerEarlier, refundOfKey } from './order-refund-keys';
import { loadOrder } from './orders.service';
import {
  moneyDto,
  toRefundDto,
  type OrderMoneyDto,
  type RefundDto,
  type RefundRow,
  type RefundStatus,
  type RestockLine,
  restockKey,
} from './order-refund-history';

// The owner's refunds of an order (docs/payments.md, "Refunds"): any amount up to what its payments took and refunds
// have not, with a reason and the lines to put back in stock. The order's payments live in the payment ledger (an
// order may have several: a commission's deposit and balance), so the ledger reserves the amount, and writes each
// refund's own row and idempotency key, in the same short transaction that keeps the refund in the order's history
// (`order_refund`), puts the chosen stock back and records the `order.refunded` webhook event. The provider is asked
// after the commit, with nothing locked; one that does not answer leaves the refund pending, and the recovery pass
// (payment-recovery.ts) sends it again with the same key. Plain SQL: the ledger's statements are, and a transaction
// is statements or entities, never both. order-refund-history.ts reads them back for the API.

export interface RefundRequest {
  id: number;
  amountCents: number;
  reason: string;
  restock?: RestockLine[];
  /**
   * The owner's Idempotency-Key (D36, server/trpc/idempotency.ts), kept on the refund's own row in its transaction:
   * a retry with it answers this refund, even when the process stopped before its answer was kept.
   */
  idempotencyKey?: string;
}

export interface RefundResult extends OrderMoneyDto {
  refund: RefundDto;
}

/** A 400 naming the field, as the input check answers (VALIDATION_FAILED with `data.issues`). */
function badInput(path: (string | number)[], message: string): InputError {
  return new InputError(new ZodError([{ code: 'custom', path, message, input: undefined }]));
}

/** The order's row locked for the rest of the transaction: its refunds and status changes take turns. */
async function lockOrder(tx: SqlRunner, orderId: number): Promise<string> {
  const [row] = await tx.query<{ status: string }>('select status from shop_order where id = $1 for update', [orderId]);
  if (!row) throw new AppError('NOT_FOUND', `No order with id ${orderId}`);
  return row.status;
}

/** How many units of each line (product, or variant) earlier refunds put back in stock, by restockKey. */
async function restockedSoFar(tx: SqlRunner, orderId: number): Promise<Map<string, number>> {
  const rows = await tx.query<{ product_id: number; variant_id: number | null; quantity: number }>(
    `select x."productId" as product_id, x."variantId" as variant_id, sum(x.quantity)::int as quantity
       from order_refund r, jsonb_to_recordset(r.restock) as x("productId" int, "variantId" int, quantity int)
      where r.order_id = $1 group by x."productId", x."variantId"`,
    [orderId],
  );
  return new Map(rows.map((row) => [restockKey({ productId: row.product_id, variantId: row.variant_id }), row.quantity]));
}

/**
 * The lines to put back, each a line of the order (its product, and its variant when it was sold as one) and no
 * more of it than was sold and not yet put back (a cancelled or refunded order has had all of it back already).
 * 400 naming the line otherwise.
 */
function checkRestock(order: IOrder, status: string, restock: RestockLine[], earlier: Map<string, number>): RestockLine[] {
  const sold = new Map<string, number>();
  const products = new Set<number>();
  for (const item of order.items) {
    const key = restockKey({ productId: item.product.id, variantId: item.variantId });
    sold.set(key, (sold.get(key) ?? 0) + item.quantity);
    products.add(item.product.id);
  }
  const asked = new Map<string, RestockLine>();
  restock.forEach((line, index) => {
    const key = restockKey(line);
    const units = sold.get(key);
    if (units === undefined) {
      if (!products.has(line.productId)) throw badInput(['restock', index, 'productId'], `product ${line.productId} is not in this order`);
      throw badInput(
        ['restock', index, 'variantId'],
        line.variantId === undefined
          ? `product ${line.productId} was sold as variants: name the variant to put back`
          : `variant ${line.variantId} of product ${line.productId} is not in this order`,
      );
    }
    const total = (asked.get(key)?.quantity ?? 0) + line.quantity;
    const back = status === 'cancelled' || status === 'refunded' ? units : (earlier.get(key) ?? 0);
    const what = line.variantId === undefined ? `product ${line.productId}` : `variant ${line.variantId} of product ${line.productId}`;
    if (total > units - back) {
      throw badInput(['restock', index, 'quantity'], `at most ${units - back} of ${what} can still be put back in stock`);
    }
    asked.set(key, { productId: line.productId, ...(line.variantId === undefined ? {} : { variantId: line.variantId }), quantity: total });
  });
  return [...asked.values()];
}

/**
 * Refunds part (or all) of what an order's payments took: the request is checked, the refund decided and written in
 * one short transaction, then sent to the provider. Answers the refund (`pending` when the provider did not answer:
 * it is kept and finished by the recovery pass, never to be asked for again) and the order's money after it. With
 * `mail`, the customer's email about it is written in that transaction (so it exists exactly when the refund does);
 * without, the caller tells the customer itself (a commission's cancel says what went back in its own email).
 */
export async function refundOrder(
  em: EntityManager,
  services: AppServices,
  request: RefundRequest,
  mail?: OrderMailSettings,
): Promise<RefundResult> {
  const order = await loadOrder(em, request.id);
  const decided = await sqlTransaction(em, async (tx) => {
    const status = await lockOrder(tx, order.id);
    const earlier = request.idempotencyKey === undefined ? undefined : await refundOfKey(tx, request, request.idempotencyKey);
    if (earlier) return { kind: 'earlier' as const, earlier };
    const restock = checkRestock(order, status, request.restock ?? [], await restockedSoFar(tx, order.id));
    const [row] = await tx.query<RefundRow>(
      `insert into order_refund (order_id, amount_cents, reason, restock, idempotency_key) values ($1, $2, $3, $4, $5)
       on conflict (idempotency_key) do nothing
       returning id, order_id, amount_cents, reason, restock, created_at`,
      [order.id, request.amountCents, request.reason, JSON.stringify(restock), request.idempotencyKey ?? null],
    );
    // The same key's refund of another order, written meanwhile (each refund locks only its own order): a 409, not a 500.
    if (!row) throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'Idempotency-Key: another refund with this key was made meanwhile');
    const reserved = await reserveOrderRefund(tx, order.id, request.amountCents, Number(row.id), newRefundKey);
    if (!reserved.ok) {
      throw new AppError(
        'REFUND_TOO_LARGE',
        `amount: $${formatCents(request.amountCents)} is more than the $${formatCents(reserved.leftCents)} left to refund of this order`,
        { refundable: formatCents(reserved.leftCents) },
      );
    }
    await putBack(tx, restock);
    const money = moneyDto(await orderMoney(tx, order.id));
    const refund = toRefundDto(row, 'pending');
    await services.webhooks.record(tx, 'order.refunded', { object: refund, refundedTotal: money.refunded, refundable: money.refundable });
    if (mail) {
      const orderUrl = `${mail.origin}/orders/${services.orderLinks.sign(String(order.id))}`;
      await services.mail.write(tx, [
        {
          to: order.customerEmail,
          subject: `Your Turnery order ${formatOrderNumber(order.id)}: $${refund.amount} refunded`,
          kind: 'order-partly-refunded',
          data: {
            order: toOrderDto(order),
            orderUrl,
            amount: refund.amount,
            reason: refund.reason,
            paid: money.paid,
            refunded: money.refunded,
            kept: money.refundable,
          },
        },
      ]);
    }
    return { kind: 'new' as const, refund, money, ledger: reserved.refunds };
  });
  if (decided.kind === 'earlier') return answerEarlier(em, services, decided.earlier);
  let status: RefundStatus = 'refunded';
  try {
    await sendRefunds(em, services.payments, decided.ledger);
  } catch (error) {
    // Decided and kept: the recovery pass sends it again with the same key, so the owner must not refund it again.
    status = 'pending';
    services.logger.warn(
      { orderId: order.id, refundId: decided.refund.id, err: { message: (error as Error).message } },
      'refund left pending',
    );
  }
  services.logger.info({ orderId: order.id, refundId: decided.refund.id, amount: decided.refund.amount, status }, 'order refunded in part');
  return { ...decided.money, refund: { ...decided.refund, status } };
}

/**
 * Puts units back on the products and variants, the products' rows locked first in id order, as the checkout locks
 * them: a variant's restock updates its product's summary (trigger), which must not wait on a checkout in the
 * other order.
 */
async function putBack(tx: SqlRunner, restock: RestockLine[]) {
  if (restock.length === 0) return;
  await tx.query(
    `with x as (select * from jsonb_to_recordset($1::jsonb) as x("productId" int, "variantId" int, quantity int)),
     locked as (select p.id from product p where p.id in (select "productId" from x) order by p.id for update),
     products as (
       update product p set stock_quantity = p.stock_quantity + x.quantity, in_stock = true
         from x where p.id = x."productId" and x."variantId" is null and p.id in (select id from locked)
     )
     update product_variant v set stock_quantity = v.stock_quantity + x.quantity, updated_at = now()
       from x where v.id = x."variantId" and v.product_id = x."productId" and v.product_id in (select id from locked)`,
    [JSON.stringify(restock)],
  );
}

/**
 * Inside the caller's short transaction (the order's payments are locked by it): brings what refunds have given back
 * of an order up to `totalCents` (all its payments took, with 'all'), deciding a refund of the difference, if any, as
 * an `order_refund` with `reason`, its ledger rows (each with its own key) and the `order.refunded` webhook event.
 * Nothing is sent: the caller sends the order's pending refunds after its commit. Answers what refunds of the order
 * have given back after it, in cents (more than `totalCents` when earlier refunds gave more).
 */
export async function decideRefund(
  tx: SqlRunner,
  services: AppServices,
  orderId: number,
  totalCents: number | 'all',
  reason: string,
): Promise<number> {
  const { paidCents, refundedCents } = await orderMoney(tx, orderId);
  const cents = (totalCents === 'all' ? paidCents : totalCents) - refundedCents;
  if (cents <= 0) return refundedCents;
  const [row] = await tx.query<RefundRow>(
    `insert into order_refund (order_id, amount_cents, reason) values ($1, $2, $3)
     returning id, order_id, amount_cents, reason, restock, created_at`,
    [orderId, cents, reason],
  );
  const reserved = await reserveOrderRefund(tx, orderId, cents, Number(row!.id), newRefundKey);
  if (!reserved.ok) {
    throw new AppError('REFUND_TOO_LARGE', `$${formatCents(cents)} is more than the $${formatCents(reserved.leftCents)} left to refund`, {
      refundable: formatCents(reserved.leftCents),
    });
  }
  await services.webhooks.record(tx, 'order.refunded', {
    object: toRefundDto(row!, 'pending'),
    refundedTotal: formatCents(refundedCents + cents),
    refundable: formatCents(paidCents - refundedCents - cents),
  });
  return refundedCents + cents;
}

/**
 * What a cancel or whole refund gave back (`amount`: what was left after earlier partial refunds, 0.00 when they had
 * taken it all), with what refunds gave back in all and what the order's payments took: the customer's email tells it
 * (the old one said the order's whole total went back, whatever partial refunds had returned before).
 */
export interface ClosingRefund {
  amount: string;
  refunded: string;
  paid: string;
}

/**
 * Cancelling or refunding a paid order gives back all that is left of it, through the same ledger as any refund:
 * one short transaction decides the rest (an `order_refund` with `reason`, its ledger rows, the webhook event),
 * then every refund of the order not yet known to be done is sent, this one and any an earlier attempt left pending,
 * each with its own key (so a double click or a retry refunds once). Throws when the provider does not answer
 * (503): the order keeps its status, and a retry sends the same refunds again.
 */
export async function refundWhatIsLeft(em: EntityManager, services: AppServices, order: IOrder, reason: string): Promise<ClosingRefund> {
  const closing = await sqlTransaction(em, async (tx) => {
    await lockOrder(tx, order.id);
    const { paidCents } = await orderMoney(tx, order.id);
    // D28: only a payment the ledger holds as the shop's is ever refunded; an order it holds none of has nothing to give back.
    if (paidCents === 0) throw new AppError('CONFLICT', 'The ledger holds no payment of this order to refund');
    await decideRefund(tx, services, order.id, 'all', reason);
    return { refunded: formatCents(paidCents), paid: formatCents(paidCents) };
  });
  const pending: RefundEntry[] = await pendingRefundsOfOrder(sql(em), order.id);
  try {
    await sendRefunds(em, services.payments, pending);
  } catch (error) {
    throw asPaymentError(error, order.paymentMethod === 'paypal' ? 'paypal' : 'card');
  }
  services.logger.info({ orderId: order.id, refunds: pending.length }, 'order refunded');
  // What this call sent: the rest, and what an earlier attempt left unsent (a retry after the provider was away).
  return { ...closing, amount: formatCents(pending.reduce((sum, refund) => sum + refund.amountCents, 0)) };
}

/**
 * Units each product of the order still has out of stock (sold minus what its refunds put back), for the move that
 * puts the rest back: a cancel after a partial refund with restock never puts a unit back twice. In the caller's
 * transaction of statements, which changes the order's status.
 */
export async function restockRest(tx: SqlRunner, orderId: number): Promise<void> {
  await tx.query(
    `with j as (
       select i.product_id, i.variant_id, i.quantity - coalesce(r.quantity, 0) as units
         from (select product_id, variant_id, sum(quantity)::int as quantity from order_item where order_id = $1
                group by product_id, variant_id) i
         left join (select x."productId" as product_id, x."variantId" as variant_id, sum(x.quantity)::int as quantity
                      from order_refund o, jsonb_to_recordset(o.restock) as x("productId" int, "variantId" int, quantity int)
                     where o.order_id = $1 group by x."productId", x."variantId") r
           on r.product_id = i.product_id and r.variant_id is not distinct from i.variant_id
     ),
     -- The products' rows first, in id order, as the checkout and putBack lock them.
     locked as (select p.id from product p where p.id in (select product_id from j) order by p.id for update),
     products as (
       update product p set stock_quantity = p.stock_quantity + j.units, in_stock = true
         from j where p.id = j.product_id and j.variant_id is null and j.units > 0 and p.id in (select id from locked)
     )
     update product_variant v set stock_quantity = v.stock_quantity + j.units, updated_at = now()
       from j where v.id = j.variant_id and j.units > 0 and v.product_id in (select id from locked)`,
    [orderId],
  );
}
