import { createElement } from 'react';
import { formatOrderNumber } from '../../domain/order-number';
import { emailTemplate } from '../../emails/email-template';
import { OrderConfirmationEmail, orderConfirmationView, type OrderConfirmationView } from '../../emails/order-confirmation';
import { OwnerNewOrderEmail, ownerNewOrderView, type OwnerNewOrderView } from '../../emails/owner-new-order';
import type { ShopFooter } from '../../emails/layout';
import type { Email } from '../mail/mail.service';
import type { OrderDto } from './order.schema';

/** What an order's emails need to know beyond the order: where the shop is, who the owner is. */
export interface OrderMailSettings {
  /** The shop's public origin, for links. */
  origin: string;
  ownerEmail: string;
  shop: ShopFooter;
}

// Every order sends both: each is rendered once per shape (number of items) and filled in for each order.
const confirmationEmail = emailTemplate((view: OrderConfirmationView) => createElement(OrderConfirmationEmail, view));
const noticeEmail = emailTemplate((view: OwnerNewOrderView) => createElement(OwnerNewOrderEmail, view));

/**
 * The emails a new order sends (D14): the customer's confirmation, with the order's signed link (it opens on
 * any device, no cookie needed), and the owner's new-order notice, whose replies go to the customer.
 */
export function orderEmails(order: OrderDto, orderToken: string, settings: OrderMailSettings): Email[] {
  const number = formatOrderNumber(order.id);
  const confirmation = confirmationEmail(orderConfirmationView(order, `${settings.origin}/orders/${orderToken}`, settings.shop));
  const notice = noticeEmail(ownerNewOrderView(order, `${settings.origin}/admin`, settings.shop));
  return [
    { to: order.customerEmail, subject: `Your Turnery order ${number}`, ...confirmation, kind: 'order-confirmation' },
    {
      to: settings.ownerEmail,
      subject: `New order ${number}: $${order.total} from ${order.customerName}`,
      ...notice,
      replyTo: order.customerEmail,
      kind: 'order-notification',
    },
  ];
}
