import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../modules/orders/order.schema';
import { renderEmail, type EmailContent } from './render-email';

// The delivery job renders each kind of email from the data its outbox row keeps (as JSON gives it back): the
// HTML part and the plain-text part say the same, with what the reader needs, and text typed by a customer is
// never markup.
const shop = { location: 'Booth 114, Riverside Antique Mall, Athens, Georgia', email: 'hello@turnery.example' };
const order: OrderDto = {
  id: 42,
  kind: 'shop',
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
  message: 'A bowl\nof <b>walnut</b>, please.',
};
const orderUrl = 'https://shop.example/orders/NDI.abc';

// Each kind, with what its reader must find in both parts.
const emails: [EmailContent, string[]][] = [
  [
    { kind: 'order-confirmation', data: { order, orderUrl } },
    ['Hello Ada <Turner> & "Sons"', 'order #000042 of November 25, 2026', '2 x Walnut Yarn Bowl: $96.00', 'Total: $121.79', orderUrl],
  ],
  [
    { kind: 'order-notification', data: { order, adminUrl: 'https://shop.example/admin' } },
    ['Ada <Turner> & "Sons" (ada@example.com) ordered', '1 x Cherry Honey Dipper — long', 'Total $121.79', 'https://shop.example/admin'],
  ],
  [
    { kind: 'order-shipped', data: { order, orderUrl } },
    ['order #000042 is on its way', 'Tracking number: 9400100000000000000000', orderUrl],
  ],
  [{ kind: 'order-refunded', data: { order: { ...order, status: 'refunded' }, orderUrl } }, ['was refunded', 'returned $121.79', orderUrl]],
  [{ kind: 'order-cancelled', data: { order: { ...order, status: 'cancelled' }, orderUrl } }, ['was cancelled', 'hello@turnery.example']],
  [
    { kind: 'contact-notification', data: { input } },
    ['From: Ada Turner', 'ada@example.com', 'Subject: Custom Order', 'of <b>walnut</b>, please.'],
  ],
  [{ kind: 'contact-acknowledgement', data: { input } }, ['Hello Ada', 'reply within 24 hours', 'of <b>walnut</b>, please.']],
  [
    { kind: 'newsletter-welcome', data: { unsubscribeUrl: 'https://shop.example/newsletter/unsubscribe?token=x' } },
    ['Unsubscribe', 'https://shop.example/newsletter/unsubscribe?token=x'],
  ],
  [
    { kind: 'low-stock', data: { product: 'Spalted maple bowl', left: 2, alertAt: 2, orderId: 7 } },
    ['Spalted maple bowl has 2 left after order #000007 (your alert is at 2). Restock it in the admin.'],
  ],
];

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('renderEmail', () => {
  for (const [email, says] of emails) {
    it(`renders the ${email.kind} email from its stored data, in HTML and in plain text`, async () => {
      const stored: unknown = JSON.parse(JSON.stringify(email.data));
      const { html, text } = await renderEmail(email.kind, stored, shop);
      expect(html).toMatch(/^<!DOCTYPE html PUBLIC/);
      // React leaves an empty comment between adjacent pieces of text; a reader never sees it.
      const shown = html.replace(/<!-- -->/g, '');
      for (const words of says) {
        expect(text).toContain(words);
        if (!words.includes('\n')) expect(shown).toContain(escaped(words));
      }
      expect(text).toContain(`Turnery · ${shop.location} · ${shop.email}`);
      // The text part is text: no markup of the template's (what the customer typed is kept as typed).
      expect(text).not.toMatch(/<(p|div|a|table|td|span|html|body)\b|style=/);
    });
  }

  it('refuses a kind it has no template for, and data its template cannot use', async () => {
    await expect(renderEmail('order-lost', { order }, shop)).rejects.toThrow("No template for emails of kind 'order-lost'");
    await expect(renderEmail('order-confirmation', null, shop)).rejects.toThrow('without its data');
    await expect(renderEmail('order-confirmation', {}, shop)).rejects.toThrow();
  });
});
