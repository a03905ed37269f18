import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlTransaction } from '../../db/sql';
import { formatOrderNumber } from '../../domain/order-number';
import type { OrderStatus } from '../../domain/order-statuses';
import { allowedMoves, canMove, returnsMoney, trackingUrl, type Carrier } from '../../domain/order-transitions';
import type { AppServices } from '../../contract/app-services';
import type { Email } from '../mail';
import { AppError } from '../../trpc/errors';
import { deliveredEmail } from './order-delivered';
import { refundWhatIsLeft, type ClosingRefund } from './order-refunds.service';
import { restockRest } from './order-restock';
import { Order, type IOrder } from './order.entity';
import type { OrderMailSettings } from './order-email';
import { toOrderDto, type OrderDto } from './order.schema';

export interface StatusChange {
  id: number;
  status: OrderStatus;
  carrier?: Carrier;
  trackingNumber?: string;
  note?: string;
}

/**
 * Moves an order along its lifecycle (server/domain/order-transitions.ts). Cancelling or refunding a paid order
 * first gives back what is left of its money (what partial refunds did not take) through its provider, with nothing
 * locked (refundWhatIsLeft: the payment ledger makes a repeat refund nothing); then one short transaction moves the
 * status only if it is still the one read (so of two requests at once, one moves it), puts back the stock partial
 * refunds did not, keeps the change in the order's history and queues the customer's email and the integrators'
 * webhook event. Asking again for the status an order already has changes nothing: a double click refunds once.
 */
export async function changeOrderStatus(em: EntityManager, services: AppServices, change: StatusChange, mail: OrderMailSettings) {
  const order = await loadOrder(em, change.id);
  const from = order.status as OrderStatus;
  if (from === change.status) return toOrderDto(order);
  if (order.kind === 'commission' && from === 'pending') await refuseCommissionMove(em, services, order.id, change.status);
  if (!canMove(from, change.status)) {
    const allowed = allowedMoves(from);
    throw new AppError(
      'INVALID_TRANSITION',
      `An order that is ${from} cannot become ${change.status}${allowed.length ? ` (it can become ${allowed.join(' or ')})` : ''}`,
      { from, allowed: [...allowed] },
    );
  }
  const refund = returnsMoney(from, change.status)
    ? await refundWhatIsLeft(em, services, order, change.status === 'cancelled' ? 'Order cancelled' : 'Order refunded')
    : null;

  const moved = await sqlTransaction(em, async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `update shop_order set status = $1, carrier = coalesce($2, carrier), tracking_number = coalesce($3, tracking_number)
        where id = $4 and status = $5 returning id`,
      [change.status, change.carrier ?? null, change.trackingNumber ?? null, order.id, from],
    );
    if (rows.length === 0) return false;
    await tx.query(`insert into order_status_change (order_id, from_status, to_status, note) values ($1, $2, $3, $4)`, [
      order.id,
      from,
      change.status,
      change.note?.trim() || null,
    ]);
    if (returnsMoney(from, change.status)) {
      await restockRest(tx, order.id);
    }
    const carrier = change.carrier ?? (order.carrier as Carrier | undefined) ?? null;
    const trackingNumber = change.trackingNumber ?? order.trackingNumber ?? null;
    const updated = {
      ...toOrderDto(order),
      status: change.status,
      carrier,
      trackingNumber,
      trackingUrl: trackingUrl(carrier, trackingNumber),
    };
    const email =
      change.status === 'delivered'
        ? await deliveredEmail(tx, order, updated, services, mail)
        : customerEmail(updated, refund, services, mail);
    if (email) await services.mail.write(tx, [email]);
    await services.webhooks.record(tx, 'order.status_changed', { object: updated, previousAttributes: { status: from } });
    return true;
  });
  const now = await loadOrder(em, order.id);
  if (!moved && now.status !== change.status) {
    throw new AppError('CONFLICT', `The order changed meanwhile: it is now ${now.status}. Please look again.`);
  }
  return toOrderDto(now);
}

/**
 * A commission's order waiting for its balance moves only by the commission's own actions: marked paid here it would
 * skip the balance, and cancelled here it would keep the whole deposit (a pending order returns no money) while the
 * commission stayed open. Once the balance is paid (completed) it ships, and closes, as any order.
 */
async function refuseCommissionMove(em: EntityManager, services: AppServices, orderId: number, to: OrderStatus): Promise<never> {
  // The commissions module's answer, handed in (services.lookups): that module imports this one.
  const commissionId = await services.lookups.commissionOfOrder(em.fork(), orderId);
  const where = commissionId === null ? 'its commission' : `commission ${commissionId}`;
  const action =
    to === 'cancelled'
      ? 'cancel it there, naming how much of the deposit goes back'
      : 'mark the piece ready there, so the buyer pays the balance';
  throw new AppError(
    'COMMISSION_ORDER',
    `Order ${formatOrderNumber(orderId)} is ${where}'s and waits for its balance: ${action} (the admin's Commissions tab, PATCH /api/admin/commissions/${commissionId ?? '{id}'})`,
    { commissionId },
  );
}

async function loadOrder(em: EntityManager, id: number): Promise<IOrder> {
  const order = await em.fork().findOne(Order, id, { populate: ['items'] });
  if (!order) throw new AppError('NOT_FOUND', `No order with id ${id}`);
  return order;
}

/** The customer's email about the new status, if it has one (its data: the delivery job renders it). */
function customerEmail(order: OrderDto, refund: ClosingRefund | null, services: AppServices, mail: OrderMailSettings): Email | null {
  const orderUrl = `${mail.origin}/orders/${services.orderLinks.sign(String(order.id))}`;
  const number = formatOrderNumber(order.id);
  if (order.status === 'shipped') {
    return {
      to: order.customerEmail,
      subject: `Your Turnery order ${number} has shipped`,
      kind: 'order-shipped',
      data: { order, orderUrl },
    };
  }
  if (order.status === 'cancelled' || order.status === 'refunded') {
    return {
      to: order.customerEmail,
      subject: `Your Turnery order ${number} was ${order.status}`,
      kind: `order-${order.status}`,
      data: { order, orderUrl, refund },
    };
  }
  return null;
}
