import { createElement } from 'react';
import { formatOrderNumber } from '../../domain/order-number';
import { OrderConfirmationEmail } from '../../emails/order-confirmation';
import { OwnerNewOrderEmail } from '../../emails/owner-new-order';
import type { ShopFooter } from '../../emails/layout';
import { renderEmail } from '../../emails/render-email';
import type { Email } from '../mail/mail.service';
import type { OrderDto } from './order.schema';

/** What an order's emails need to know beyond the order: where the shop is, who the owner is. */
export interface OrderMailSettings {
  /** The shop's public origin, for links. */
  origin: string;
  ownerEmail: string;
  shop: ShopFooter;
}

/**
 * The emails a new order sends (D14): the customer's confirmation, with the order's signed link (it opens on
 * any device, no cookie needed), and the owner's new-order notice, whose replies go to the customer.
 */
export async function orderEmails(order: OrderDto, orderToken: string, settings: OrderMailSettings): Promise<Email[]> {
  const number = formatOrderNumber(order.id);
  const orderUrl = `${settings.origin}/orders/${orderToken}`;
  const confirmation = await renderEmail(createElement(OrderConfirmationEmail, { order, orderUrl, shop: settings.shop }));
  const notice = await renderEmail(createElement(OwnerNewOrderEmail, { order, adminUrl: `${settings.origin}/admin`, shop: settings.shop }));
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
