import { plainTextSelectors, render } from '@react-email/components';
import { compile } from 'html-to-text';
import { createElement, type ReactElement } from 'react';
import type { ContactInput } from '../domain/contact-form';
import type { OrderDto } from '../modules/orders';
import {
  CommissionAcknowledgementEmail,
  CommissionCancelledEmail,
  CommissionNotificationEmail,
  CommissionPaymentEmail,
  CommissionQuoteEmail,
  CommissionReadyEmail,
  CommissionUpdateEmail,
  type CommissionEmailData,
} from './commission-emails';
import { ContactAcknowledgementEmail, ContactNotificationEmail } from './contact-emails';
import type { ShopFooter } from './layout';
import { LowStockEmail, type LowStockData } from './low-stock';
import { NewsletterWelcomeEmail } from './newsletter-welcome';
import { OrderConfirmationEmail, orderConfirmationView } from './order-confirmation';
import { OrderDeliveredEmail, type OrderDeliveredNotice } from './order-delivered';
import {
  OrderClosedEmail,
  OrderPartlyRefundedEmail,
  OrderShippedEmail,
  type OrderClosedNotice,
  type OrderRefundNotice,
} from './order-update';
import { OwnerNewOrderEmail, ownerNewOrderView } from './owner-new-order';

/** An email's two parts, ready to send. */
export interface RenderedEmail {
  html: string;
  text: string;
}

type OrderLink = { order: OrderDto; orderUrl: string };

/**
 * What each kind of email is made from, as its outbox row keeps it (`data`, JSON): the facts, never rendered text.
 * Addresses are in it (the request knows the shop's origin); the shop's footer is not (the job takes it from the
 * configuration).
 */
export interface EmailData extends CommissionEmailData {
  'order-confirmation': OrderLink;
  'order-notification': { order: OrderDto; adminUrl: string };
  'order-shipped': OrderLink;
  'order-delivered': OrderDeliveredNotice;
  'order-cancelled': OrderClosedNotice;
  'order-refunded': OrderClosedNotice;
  'order-partly-refunded': OrderRefundNotice;
  'contact-notification': { input: ContactInput };
  'contact-acknowledgement': { input: ContactInput };
  'newsletter-welcome': { unsubscribeUrl: string };
  'low-stock': LowStockData;
}

export type EmailKind = keyof EmailData;

/** An email's kind with the data its template takes. */
export type EmailContent = { [Kind in EmailKind]: { kind: Kind; data: EmailData[Kind] } }[EmailKind];

// The one table of templates: each kind's component, given its data and the shop's footer.
const TEMPLATES: { [Kind in EmailKind]: (data: EmailData[Kind], shop: ShopFooter) => ReactElement } = {
  'order-confirmation': ({ order, orderUrl }, shop) => createElement(OrderConfirmationEmail, orderConfirmationView(order, orderUrl, shop)),
  'order-notification': ({ order, adminUrl }, shop) => createElement(OwnerNewOrderEmail, ownerNewOrderView(order, adminUrl, shop)),
  'order-shipped': (data, shop) => createElement(OrderShippedEmail, { ...data, shop }),
  'order-delivered': (data, shop) => createElement(OrderDeliveredEmail, { ...data, shop }),
  'order-cancelled': (data, shop) => createElement(OrderClosedEmail, { ...data, shop }),
  'order-refunded': (data, shop) => createElement(OrderClosedEmail, { ...data, shop }),
  'order-partly-refunded': (data, shop) => createElement(OrderPartlyRefundedEmail, { ...data, shop }),
  'contact-notification': (data, shop) => createElement(ContactNotificationEmail, { ...data, shop }),
  'contact-acknowledgement': (data, shop) => createElement(ContactAcknowledgementEmail, { ...data, shop }),
  'newsletter-welcome': (data, shop) => createElement(NewsletterWelcomeEmail, { ...data, shop }),
  'low-stock': (data, shop) => createElement(LowStockEmail, { ...data, shop }),
  'commission-acknowledgement': (data, shop) => createElement(CommissionAcknowledgementEmail, { ...data, shop }),
  'commission-notification': (data, shop) => createElement(CommissionNotificationEmail, { ...data, shop }),
  'commission-quote': (data, shop) => createElement(CommissionQuoteEmail, { ...data, shop }),
  'commission-update': (data, shop) => createElement(CommissionUpdateEmail, { ...data, shop }),
  'commission-ready': (data, shop) => createElement(CommissionReadyEmail, { ...data, shop }),
  'commission-payment': (data, shop) => createElement(CommissionPaymentEmail, { ...data, shop }),
  'commission-cancelled': (data, shop) => createElement(CommissionCancelledEmail, { ...data, shop }),
};

const isKind = (kind: string): kind is EmailKind => Object.hasOwn(TEMPLATES, kind);

/**
 * Plain text as react-email's `toPlainText` writes it (its options and selectors, the same html-to-text), with the
 * converter compiled once: `toPlainText` hands its options to html-to-text's `convert`, which compiles them anew
 * for every email (11% of the shop's CPU under the checkout's load, docs/performance.md).
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * An outbox email's HTML and plain text, from its kind and data, by react-email's public API: one render, and the
 * HTML converted to text as react-email converts it. Rejects a kind without a template, and data its template
 * cannot render.
 */
export async function renderEmail(kind: string, data: unknown, shop: ShopFooter): Promise<RenderedEmail> {
  if (!isKind(kind)) throw new Error(`No template for emails of kind '${kind}'`);
  if (typeof data !== 'object' || data === null) throw new Error(`An email of kind '${kind}' without its data`);
  // The data was written for this kind (EmailContent); JSON gives it back untyped.
  const template = TEMPLATES[kind] as (data: unknown, shop: ShopFooter) => ReactElement;
  const html = await render(template(data, shop));
  return { html, text: toPlainText(html) };
}
