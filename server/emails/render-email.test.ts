import { toPlainText } from '@react-email/components';
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
  discountCode: null,
  discount: '0.00',
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
// An order with a variant (D38): its line names the variant after the product; the plain line stays as it was.
const variantOrder: OrderDto = {
  ...order,
  items: [
    { productId: 3, variantId: 31, variant: 'Walnut / Large', name: 'Walnut Yarn Bowl', price: '78.00', quantity: 2 },
    { productId: 7, name: 'Cherry Honey Dipper — long', price: '12.50', quantity: 1 },
  ],
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
    // D40: a discounted order's confirmation names its code and what it took off.
    { kind: 'order-confirmation', data: { order: { ...order, discountCode: 'FAIR10', discount: '10.85', total: '110.94' }, orderUrl } },
    ['Subtotal: $108.50', 'Discount (FAIR10): -$10.85', 'Total: $110.94'],
  ],
  [
    { kind: 'order-notification', data: { order, adminUrl: 'https://shop.example/admin' } },
    ['Ada <Turner> & "Sons" (ada@example.com) ordered', '1 x Cherry Honey Dipper — long', 'Total $121.79', 'https://shop.example/admin'],
  ],
  [
    { kind: 'order-confirmation', data: { order: variantOrder, orderUrl } },
    ['2 x Walnut Yarn Bowl — Walnut / Large: $156.00', '1 x Cherry Honey Dipper — long: $12.50'],
  ],
  [
    { kind: 'order-notification', data: { order: variantOrder, adminUrl: 'https://shop.example/admin' } },
    ['2 x Walnut Yarn Bowl — Walnut / Large', '1 x Cherry Honey Dipper — long'],
  ],
  [
    { kind: 'order-shipped', data: { order, orderUrl } },
    ['order #000042 is on its way', 'Tracking number: 9400100000000000000000', orderUrl],
  ],
  [
    {
      kind: 'order-delivered',
      data: {
        order: { ...order, status: 'delivered' },
        orderUrl,
        reviewLinks: [
          { name: 'Walnut Yarn Bowl', variant: 'Walnut / Large', url: 'https://shop.example/review/cmV2aWV3LTE.x' },
          { name: 'Cherry Honey Dipper', variant: null, url: 'https://shop.example/review/cmV2aWV3LTI.y' },
        ],
      },
    },
    [
      'order #000042 was delivered',
      'Walnut Yarn Bowl (Walnut / Large)',
      'https://shop.example/review/cmV2aWV3LTE.x',
      'https://shop.example/review/cmV2aWV3LTI.y',
      orderUrl,
    ],
  ],
  [
    {
      kind: 'order-refunded',
      data: { order: { ...order, status: 'refunded' }, orderUrl, refund: { amount: '121.79', refunded: '121.79', paid: '121.79' } },
    },
    ['was refunded', 'returned $121.79', orderUrl],
  ],
  [
    { kind: 'order-cancelled', data: { order: { ...order, status: 'cancelled' }, orderUrl, refund: null } },
    ['was cancelled', 'hello@turnery.example'],
  ],
  // Cancelled after a partial refund of $21.79: the cancel returned the $100.00 left, not the order's total.
  [
    {
      kind: 'order-cancelled',
      data: { order: { ...order, status: 'cancelled' }, orderUrl, refund: { amount: '100.00', refunded: '121.79', paid: '121.79' } },
    },
    ['We have returned $100.00 to your card', 'With the earlier refunds, $121.79 of the $121.79 you paid has been returned in all.'],
  ],
  // Refunded in full by partial refunds before: nothing more went back.
  [
    {
      kind: 'order-refunded',
      data: { order: { ...order, status: 'refunded' }, orderUrl, refund: { amount: '0.00', refunded: '121.79', paid: '121.79' } },
    },
    ['had been refunded already, so nothing more was due', '$121.79 of the $121.79 you paid'],
  ],
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
  // A variant's alert names it as the checkout's statement does (insert-order.ts).
  [
    { kind: 'low-stock', data: { product: 'Walnut Yarn Bowl (Walnut / Large)', left: 1, alertAt: 2, orderId: 8 } },
    ['Walnut Yarn Bowl (Walnut / Large) has 1 left after order #000008 (your alert is at 2).'],
  ],
  [
    {
      kind: 'order-partly-refunded',
      data: { order, orderUrl, amount: '20.00', reason: 'A <chip> on the rim', paid: '121.79', refunded: '30.00', kept: '91.79' },
    },
    [
      'We have refunded $20.00 of your order #000042 to your card',
      'Reason: A <chip> on the rim',
      'You paid $121.79; refunded so far: $30.00. Still paid: $91.79.',
      orderUrl,
    ],
  ],
  ...commissionEmails(),
];

/** The commission's emails (issue 37), each with the page's link and the figures its reader acts on. */
function commissionEmails(): [EmailContent, string[]][] {
  const pageUrl = 'https://shop.example/commissions/Nw.sig';
  const commission = {
    id: 7,
    name: 'Ada <Turner>',
    email: 'ada@example.com',
    purpose: 'A bowl from our <old> walnut',
    wood: 'own',
    size: '12 in.',
    budget: '250-500',
    neededBy: null,
    photos: 2,
  };
  const quote = {
    version: 2,
    lines: [
      { description: 'Walnut salad bowl', quantity: 1, lineTotal: '280.00' },
      { description: 'Servers, a pair', quantity: 2, lineTotal: '60.00' },
    ],
    subtotal: '340.00',
    shipping: '0.00',
    tax: '13.60',
    total: '353.60',
    deposit: '106.08',
    leadTimeDays: 42,
    validUntil: '2026-12-24',
    message: null,
  };
  return [
    [
      { kind: 'commission-acknowledgement', data: { commission, pageUrl } },
      ['Hello Ada <Turner>', 'A bowl from our <old> walnut', `page, any time: ${pageUrl}`],
    ],
    [
      {
        kind: 'commission-notification',
        data: { headline: 'A new commission request', commission, adminUrl: 'https://shop.example/admin' },
      },
      [
        'A new commission request',
        'From: Ada <Turner> (ada@example.com)',
        'Needed by: no date given; reference photos: 2',
        'In the admin: https://shop.example/admin',
      ],
    ],
    [
      { kind: 'commission-quote', data: { name: 'Ada', quote, pageUrl } },
      [
        'Here is an updated quote',
        '1 x Walnut salad bowl: $280.00',
        '2 x Servers, a pair: $60.00',
        'Shipping: $0.00',
        'Tax: $13.60',
        'Total: $353.60',
        'A deposit of $106.08 starts the work, which takes about 42 days. The quote holds until 2026-12-24.',
        pageUrl,
      ],
    ],
    [
      { kind: 'commission-quote', data: { name: 'Ada', quote: { ...quote, version: 1, message: 'Walnut <figured>, oiled' }, pageUrl } },
      ['Here is our quote for your commission', 'Walnut <figured>, oiled', 'Total: $353.60', pageUrl],
    ],
    [
      {
        kind: 'commission-update',
        data: { name: 'Ada', text: 'Roughed out <today>', photoUrl: 'https://shop.example/uploads/abc.webp', pageUrl },
      },
      ['News from the workshop', 'Roughed out <today>', pageUrl],
    ],
    [{ kind: 'commission-update', data: { name: 'Ada', text: 'Drying', photoUrl: null, pageUrl } }, ['Drying', pageUrl]],
    [{ kind: 'commission-ready', data: { name: 'Ada', balance: '247.52', pageUrl } }, ['the balance of $247.52 is paid', pageUrl]],
    [
      { kind: 'commission-payment', data: { name: 'Ada', what: 'deposit', amount: '106.08', pageUrl } },
      ['we received your deposit of $106.08', pageUrl],
    ],
    [
      { kind: 'commission-payment', data: { name: 'Ada', what: 'balance', amount: '247.52', pageUrl } },
      ['we received the balance of $247.52', pageUrl],
    ],
    [
      { kind: 'commission-cancelled', data: { name: 'Ada', refunded: '50.00', pageUrl } },
      ['Your commission was cancelled.', 'We have returned $50.00 to you', pageUrl],
    ],
    [{ kind: 'commission-cancelled', data: { name: 'Ada', refunded: '0.00', pageUrl } }, ['Your commission was cancelled.', pageUrl]],
  ];
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('renderEmail', () => {
  for (const [email, says] of emails) {
    it(`renders the ${email.kind} email from its stored data, in HTML and in plain text (${says[0]})`, async () => {
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
      // Nothing missing from the data shows as a word (a field the template reads that the row does not keep).
      expect(`${text}\n${html}`).not.toMatch(/undefined|NaN|\[object Object\]/);
      // A closed order's email never says more went back than its refund did.
      const refund = (email.data as { refund?: { amount: string } | null }).refund;
      if (refund && refund.amount !== order.total) expect(text).not.toContain(`returned $${order.total}`);
      // The text part is text: no markup of the template's (what the customer typed is kept as typed).
      expect(text).not.toMatch(/<(p|div|a|table|td|span|html|body)\b|style=/);
      // Converted exactly as react-email's own plain text (renderEmail compiles the same options once).
      expect(text).toBe(toPlainText(html));
    });
  }

  it('refuses a kind it has no template for, and data its template cannot use', async () => {
    await expect(renderEmail('order-lost', { order }, shop)).rejects.toThrow("No template for emails of kind 'order-lost'");
    await expect(renderEmail('order-confirmation', null, shop)).rejects.toThrow('without its data');
    await expect(renderEmail('order-confirmation', {}, shop)).rejects.toThrow();
  });
});
