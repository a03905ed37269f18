import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../modules/orders/order.schema';
import { emailTemplate, type EmailView } from './email-template';
import { OrderConfirmationEmail, orderConfirmationView, type OrderConfirmationView } from './order-confirmation';
import { OwnerNewOrderEmail, ownerNewOrderView, type OwnerNewOrderView } from './owner-new-order';
import { renderEmail } from './render-email';

// A filled template must be exactly the email rendered on its own, whatever the values hold; it must not render
// again for a shape it has compiled, and must render the slow way a value html-to-text would change.
const shop = { location: 'Booth 114, Riverside Antique Mall, Athens, Georgia', email: 'hello@turnery.example' };

// Values a buyer or the owner can type: markup characters, quotes, accents, emoji, long words, a lone `$`.
const WORDS = [
  'Ada',
  '<b>Turner</b>',
  'O\'Brien & "Sons"',
  'Zoë',
  'Łódź',
  '🪵',
  '&amp;',
  'a'.repeat(120),
  '$5',
  '[x]',
  '#1',
  'https://x.example/?a=1&b=2',
];
const pick = (random: () => number, count: number) =>
  Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

function orderWith(random: () => number, items: number, names: { customer: string; product: string }): OrderDto {
  return {
    id: 1 + Math.floor(random() * 2_000_000),
    customerEmail: 'ada+orders@example.com',
    customerName: names.customer,
    shippingAddress: { address: pick(random, 3), city: pick(random, 1), state: 'GA', zipCode: '30601', phone: '(706) 555-0100' },
    billingAddress: { address: '12 Lathe Lane', city: 'Athens', state: 'GA', zipCode: '30601' },
    items: Array.from({ length: items }, (_, index) => ({
      productId: index + 1,
      name: `${names.product} ${index}`,
      price: `${1 + index}.${String(Math.floor(random() * 100)).padStart(2, '0')}`,
      quantity: 1 + Math.floor(random() * 3),
    })),
    subtotal: '108.50',
    shipping: '8.95',
    tax: '4.34',
    total: String(Math.floor(random() * 100_000) / 100),
    status: 'completed',
    paymentMethod: random() < 0.5 ? 'square' : 'paypal',
    paypalOrderId: null,
    paypalCaptureId: null,
    squarePaymentId: 'sbx_pay_1',
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    createdAt: new Date(Date.UTC(2026, Math.floor(random() * 12), 1 + Math.floor(random() * 28))).toISOString(),
  };
}

/** A seeded generator, so a failure can be run again. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function templateTests<View extends EmailView>(name: string, component: (view: View) => ReactElement, viewOf: (order: OrderDto) => View) {
  const counted = () => {
    const rendered = { count: 0 };
    const fill = emailTemplate(component, (email) => {
      rendered.count += 1;
      return renderEmail(email);
    });
    return { fill, rendered };
  };
  const own = (order: OrderDto) => renderEmail(component(viewOf(order)));

  it(`fills the ${name} exactly as it renders, rendering once per number of items`, () => {
    const random = seeded(15);
    const { fill, rendered } = counted();
    for (let round = 0; round < 200; round++) {
      const order = orderWith(random, 1 + (round % 4), { customer: pick(random, 1 + (round % 3)), product: pick(random, 2) });
      const ours = fill(viewOf(order));
      expect(ours).toEqual(own(order));
      expect(ours.text).toContain(order.customerName);
    }
    // One render per shape (1 to 4 items), none per email.
    expect(rendered.count).toBe(4);
  });

  it(`renders the ${name} the slow way when html-to-text would change a value`, () => {
    const random = seeded(7);
    const { fill, rendered } = counted();
    fill(viewOf(orderWith(random, 1, { customer: 'Ada Turner', product: 'Bowl' })));
    expect(rendered.count).toBe(1);
    for (const customer of ['Ada  Turner', ' Ada', 'Ada ', 'Ada\nTurner', 'Ada\u200bTurner', 'Ada\tTurner', 'Ada\uE000', '']) {
      const order = orderWith(random, 1, { customer, product: 'Bowl' });
      const before = rendered.count;
      expect(fill(viewOf(order))).toEqual(own(order));
      expect(rendered.count).toBe(before + 1);
    }
  });
}

describe('emailTemplate', () => {
  templateTests(
    'order confirmation',
    (view: OrderConfirmationView) => createElement(OrderConfirmationEmail, view),
    (order) => orderConfirmationView(order, 'https://shop.example/orders/NDI.abc-_1', shop),
  );
  templateTests(
    "owner's new-order notice",
    (view: OwnerNewOrderView) => createElement(OwnerNewOrderEmail, view),
    (order) => ownerNewOrderView(order, 'https://shop.example/admin', shop),
  );

  it('writes a long preview as react-email does (cut at 150 characters, no padding)', () => {
    const fill = emailTemplate((view: OrderConfirmationView) => createElement(OrderConfirmationEmail, view));
    const order = orderWith(seeded(3), 2, { customer: 'Ada', product: 'Bowl' });
    for (const preview of ['P', 'Short', 'p'.repeat(149), 'p'.repeat(150), `${'p'.repeat(160)} & more`]) {
      const view = { ...orderConfirmationView(order, 'https://shop.example/orders/1', shop), preview };
      expect(fill(view)).toEqual(renderEmail(createElement(OrderConfirmationEmail, view)));
    }
  });
});
