import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlTransaction, type SqlRunner } from '../../db/sql';
import { formatCents } from '../../domain/money';
import type { AppServices } from '../../contract/app-services';
import { AppError } from '../../trpc/errors';
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
import { checkRestock, putBack, restockedSoFar } from './order-restock';
import { loadOrder } from './orders.service';
import {
  moneyDto,
  toRefundDto,
  type OrderMoneyDto,
  type RefundDto,
  type RefundRow,
  type RefundStatus,
  type RestockLine,
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

/** The order's row locked for the rest of the transaction: its refunds and status changes take turns. */
async function lockOrder(tx: SqlRunner, orderId: number): Promise<string> {
  const [row] = await tx.query<{ status: string }>('select status from shop_order where id = $1 for update', [orderId]);
  if (!row) throw new AppError('NOT_FOUND', `No order with id ${orderId}`);
  return row.status;
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
