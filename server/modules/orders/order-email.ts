import { formatOrderNumber } from '../../domain/order-number';
import type { Email } from '../mail';
import type { OrderDto } from './order.schema';

/** What an order's emails need to know beyond the order: where the shop is, who the owner is. */
export interface OrderMailSettings {
  /** The shop's public origin, for links. */
  origin: string;
  ownerEmail: string;
}

/**
 * The emails a new order sends (D14), as their data (the delivery job renders them): the customer's confirmation,
 * with the order's signed link (it opens on any device, no cookie needed), and the owner's new-order notice, whose
 * replies go to the customer.
 */
export function orderEmails(order: OrderDto, orderToken: string, settings: OrderMailSettings): Email[] {
  const number = formatOrderNumber(order.id);
  return [
    {
      to: order.customerEmail,
      subject: `Your Turnery order ${number}`,
      kind: 'order-confirmation',
      data: { order, orderUrl: `${settings.origin}/orders/${orderToken}` },
    },
    {
      to: settings.ownerEmail,
      subject: `New order ${number}: $${order.total} from ${order.customerName}`,
      replyTo: order.customerEmail,
      kind: 'order-notification',
      data: { order, adminUrl: `${settings.origin}/admin` },
    },
  ];
}
