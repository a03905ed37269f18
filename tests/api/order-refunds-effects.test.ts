import { describe, expect, it } from 'vitest';
import { call } from '../support/admin-client';
import { Browser } from '../support/browser';
import { eventually } from '../support/eventually';
import { productStock } from '../support/fixtures';
import { cents, refundShop } from '../support/refund-shop';
import type { ErrorJson, OrderJson } from '../support/api-types';

// What an owner's partial refund tells and puts back, over the REST mirror: the order.refunded webhook event, the
// buyer's emails (the refund's, and a later cancel's), and the lines put back in stock once.
// order-refunds-money.test.ts checks how much goes back, and from which payment.

const shop = refundShop();
const { paidOrder, refund, refundsOf } = shop;

describe('partial refunds', () => {
  it('tells the integrators: order.refunded with the refund and the order’s refunded total', async () => {
    const { order } = await paidOrder(1);
    const made = await refund(order.id, { amount: '4.00', reason: 'Late delivery' });
    const event = await eventually(
      () => shop.receiver.received.find((hook) => hook.body.type === 'order.refunded' && hook.body.data.object.id === made.body.refund.id),
      (found) => found !== undefined,
    );
    expect(event!.verified).toBe(true);
    expect(event!.body.data).toMatchObject({
      object: { id: made.body.refund.id, orderId: order.id, amount: '4.00', reason: 'Late delivery' },
      refundedTotal: '4.00',
      refundable: made.body.refundable,
    });
  });

  it('tells the buyer by email: the amount, the reason, what stays paid, and the order’s signed link', async () => {
    const { order } = await paidOrder(1);
    const left = ((cents(order.total) - 650) / 100).toFixed(2);
    expect((await refund(order.id, { amount: '6.50', reason: 'A knot split <after> drying' })).status).toBe(200);
    const number = `#${String(order.id).padStart(6, '0')}`;
    const subject = `Your Turnery order ${number}: $6.50 refunded`;
    const [mail] = await eventually(
      () => shop.smtp.received.filter((one) => one.to.includes(order.customerEmail) && one.parsed.subject === subject),
      (found) => found.length === 1,
      20_000,
    );
    const text = mail!.parsed.text!;
    expect(text).toContain(`We have refunded $6.50 of your order ${number} to your card`);
    expect(text).toContain('Reason: A knot split <after> drying');
    expect(text).toContain(`You paid $${order.total}; refunded so far: $6.50. Still paid: $${left}.`);
    expect(mail!.parsed.html).toContain('A knot split &lt;after&gt; drying');
    expect(`${text} ${String(mail!.parsed.html)}`).not.toMatch(/undefined|NaN/);
    // The link opens this order in any browser, without a session.
    const link = /https:\/\/shop\.example\/orders\/([A-Za-z0-9_.-]+)/.exec(text);
    expect(link, text).not.toBeNull();
    const opened = await new Browser(shop.server.url).get<OrderJson>(`/api/order-links/${link![1]}`);
    expect(opened.status).toBe(200);
    expect(opened.body.id).toBe(order.id);

    // A refused refund tells nobody anything.
    const before = shop.smtp.received.length;
    expect((await refund(order.id, { amount: '9999.00', reason: 'Too much' })).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(shop.smtp.received.length).toBe(before);
  });

  it('a cancel after a partial refund tells the buyer what the cancel returned, not the order’s total', async () => {
    const { order } = await paidOrder(1);
    const left = ((cents(order.total) - 500) / 100).toFixed(2);
    expect((await refund(order.id, { amount: '5.00', reason: 'A scratch' })).status).toBe(200);
    const cancelled = await call<OrderJson>(shop.server, 'PATCH', `/orders/${order.id}/status`, {
      cookie: shop.cookie,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    const subject = `Your Turnery order #${String(order.id).padStart(6, '0')} was cancelled`;
    const [mail] = await eventually(
      () => shop.smtp.received.filter((one) => one.to.includes(order.customerEmail) && one.parsed.subject === subject),
      (found) => found.length === 1,
      20_000,
    );
    const text = mail!.parsed.text!.replace(/\s+/g, ' ');
    expect(text).toContain(`We have returned $${left} to your card`);
    expect(text).toContain(`With the earlier refunds, $${order.total} of the $${order.total} you paid has been returned in all.`);
    expect(text).not.toContain(`returned $${order.total} to your card`);
  });

  it('puts back the chosen lines once: a later refund or a cancel never puts a unit back twice', async () => {
    const { order, productId } = await paidOrder(2);
    expect(await productStock(shop.server.databaseUrl, productId)).toMatchObject({ stock_quantity: 3 });
    const first = await refund(order.id, { amount: '30.00', reason: 'Returned one', restock: [{ productId, quantity: 1 }] });
    expect(first.status).toBe(200);
    expect(first.body.refund.restock).toEqual([{ productId, quantity: 1 }]);
    expect(await productStock(shop.server.databaseUrl, productId)).toMatchObject({ stock_quantity: 4 });

    const tooMany = await refund<ErrorJson>(order.id, { amount: '1.00', reason: 'x', restock: [{ productId, quantity: 2 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`restock.0.quantity: at most 1 of product ${productId} can still be put back in stock`);

    const cancelled = await call<OrderJson>(shop.server, 'PATCH', `/orders/${order.id}/status`, {
      cookie: shop.cookie,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    // The cancel gave back the rest of the money and the one unit still out.
    expect(await productStock(shop.server.databaseUrl, productId)).toMatchObject({ stock_quantity: 5 });
    const money = await refundsOf(order.id);
    expect(money).toMatchObject({ refunded: order.total, refundable: '0.00' });
    expect(money.refunds.map((made) => made.reason)).toEqual(['Returned one', 'Order cancelled']);
  });
});
