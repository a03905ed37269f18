import { render } from '@react-email/components';
import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../modules/orders/order.schema';
import { ContactAcknowledgementEmail, ContactNotificationEmail } from './contact-emails';
import { NewsletterWelcomeEmail } from './newsletter-welcome';
import { OrderConfirmationEmail, orderConfirmationView } from './order-confirmation';
import { OrderClosedEmail, OrderShippedEmail } from './order-update';
import { OwnerNewOrderEmail, ownerNewOrderView } from './owner-new-order';
import { renderEmail } from './render-email';

// renderEmail renders once, synchronously, and converts with a converter compiled once: its HTML must be
// @react-email/render's but for the comments React's streaming renderer leaves for hydration, and its plain text
// exactly @react-email/render's (rendered on its own), for each of the shop's emails.
const hydrationMarker = /<!--(?: |\$|\/\$|html|head|body)-->/;
const shop = { location: 'Booth 114, Riverside Antique Mall, Athens, Georgia', email: 'hello@turnery.example' };
const order: OrderDto = {
  id: 42,
  customerEmail: 'ada@example.com',
  customerName: 'Ada <Turner> & "Sons"',
  shippingAddress: { address: '12 Lathe Lane', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0100' },
  billingAddress: { address: '12 Lathe Lane', city: 'Athens', state: 'GA', zipCode: '30601' },
  items: [
    { productId: 1, name: 'Walnut Yarn Bowl', price: '48.00', quantity: 2 },
    { productId: 7, name: 'Cherry Honey Dipper — long', price: '12.50', quantity: 1 },
  ],
  subtotal: '108.50',
  shipping: '8.95',
  tax: '4.34',
  total: '121.79',
  status: 'shipped',
  paymentMethod: 'square',
  paypalOrderId: null,
  paypalCaptureId: null,
  squarePaymentId: 'sbx_pay_1',
  carrier: 'USPS',
  trackingNumber: '9400100000000000000000',
  trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
  createdAt: '2026-11-25T10:00:00.000Z',
};
const input = {
  firstName: 'Ada',
  lastName: 'Turner',
  email: 'ada@example.com',
  subject: 'custom' as const,
  message: 'A bowl\nof walnut, please.',
};
const orderUrl = 'https://shop.example/orders/NDI.abc';

const emails: [string, ReactElement][] = [
  ['order confirmation', createElement(OrderConfirmationEmail, orderConfirmationView(order, orderUrl, shop))],
  ["owner's new-order notice", createElement(OwnerNewOrderEmail, ownerNewOrderView(order, 'https://shop.example/admin', shop))],
  ['order shipped', createElement(OrderShippedEmail, { order, orderUrl, shop })],
  ['order closed', createElement(OrderClosedEmail, { order: { ...order, status: 'refunded' }, orderUrl, shop })],
  ['contact notification', createElement(ContactNotificationEmail, { input, shop })],
  ['contact acknowledgement', createElement(ContactAcknowledgementEmail, { input, shop })],
  ['newsletter welcome', createElement(NewsletterWelcomeEmail, { unsubscribeUrl: 'https://shop.example/unsubscribe?t=x', shop })],
];

describe('renderEmail', () => {
  for (const [name, email] of emails) {
    it(`answers the ${name} as @react-email/render does`, async () => {
      const ours = renderEmail(email);
      const theirs = await render(email);
      expect(theirs).toMatch(hydrationMarker);
      expect(ours.html).not.toMatch(hydrationMarker);
      expect(ours.html).toBe(theirs.replace(new RegExp(hydrationMarker, 'g'), ''));
      expect(ours.text).toBe(await render(email, { plainText: true }));
      expect(ours.text.length).toBeGreaterThan(50);
    });
  }
});
