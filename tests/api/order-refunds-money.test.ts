import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { call } from '../support/admin-client';
import { Browser } from '../support/browser';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { countRows, insertProduct, orderBody, productStock, quote } from '../support/fixtures';
import { cents, refundShop } from '../support/refund-shop';
import type { ErrorJson, OrderJson, Outputs } from '../support/api-types';

// The owner's partial refunds over the REST mirror, their money: never more back than was paid (two at once
// included), a body refused whole, several payments drawn from latest first, a refund whose answer was lost finished
// once, PayPal captures in parts, and revenue net of refunds. What the provider fakes saw is what counts.
// order-refunds-effects.test.ts checks what a refund tells and puts back.

const shop = refundShop();
const { square, paypal, paidOrder, refund, refundsOf, squareRefundsOf, refundRequests } = shop;
const revenue = async () =>
  (await call<{ monthlyRevenue: string }>(shop.server, 'GET', '/admin/stats', { cookie: shop.cookie })).body.monthlyRevenue;

describe('partial refunds', () => {
  it('never give back more than was paid: two at once for more than is left, one succeeds and Square is asked once', async () => {
    const { order, paymentId } = await paidOrder();
    const total = cents(order.total);

    const first = await refund(order.id, { amount: '10.00', reason: 'A chip on the rim' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      refund: { orderId: order.id, amount: '10.00', reason: 'A chip on the rim', restock: [], status: 'refunded' },
      paid: order.total,
      refunded: '10.00',
    });
    expect(cents(first.body.refundable)).toBe(total - 1000);
    expect(squareRefundsOf(paymentId).map((made) => made.amount_money.amount)).toEqual([1000]);

    // Each asks for more than half of what is left: together they would give back more than was paid.
    const left = total - 1000;
    const each = ((Math.floor(left / 2) + 1) / 100).toFixed(2);
    const requestsBefore = refundRequests();
    const both = await Promise.all([
      refund(order.id, { amount: each, reason: 'Twice' }),
      refund(order.id, { amount: each, reason: 'Twice' }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = both.find((answer) => answer.status === 409)!.body as unknown as ErrorJson;
    expect(refused.data.reason).toBe('REFUND_TOO_LARGE');
    expect(refused.message).toMatch(/^amount: /);
    expect(cents(refused.data.refundable as string)).toBe(left - cents(each));
    expect(refundRequests()).toBe(requestsBefore + 1);

    // The rest, to the cent; then not a cent more.
    const rest = ((left - cents(each)) / 100).toFixed(2);
    expect((await refund(order.id, { amount: rest, reason: 'The rest' })).status).toBe(200);
    const more = await refund<ErrorJson>(order.id, { amount: '0.01', reason: 'One more' });
    expect(more.status).toBe(409);
    expect(more.body.data).toMatchObject({ reason: 'REFUND_TOO_LARGE', refundable: '0.00' });

    const given = squareRefundsOf(paymentId).reduce((sum, made) => sum + made.amount_money.amount, 0);
    expect(given).toBe(total);
    expect(square.payments.get(paymentId)!.refunded_money!.amount).toBe(total);
    const money = await refundsOf(order.id);
    expect(money).toMatchObject({ paid: order.total, refunded: order.total, refundable: '0.00' });
    expect(money.refunds.map((made) => [made.amount, made.reason, made.status])).toEqual([
      ['10.00', 'A chip on the rim', 'refunded'],
      [each, 'Twice', 'refunded'],
      [rest, 'The rest', 'refunded'],
    ]);
    // Each refund was a ledger row of its own, with its own idempotency key, sent once.
    const rows = await sql<{ idempotency_key: string; state: string }>(
      shop.server.databaseUrl,
      `select idempotency_key, state from payment_ledger where kind = 'refund' and order_id = $1`,
      [order.id],
    );
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.idempotency_key)).size).toBe(3);
    expect(rows.every((row) => row.state === 'refunded')).toBe(true);

    // A cancel afterwards has nothing left to give back: Square is not asked again.
    const cancelled = await call<OrderJson>(shop.server, 'PATCH', `/orders/${order.id}/status`, {
      cookie: shop.cookie,
      body: { status: 'cancelled' },
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect(squareRefundsOf(paymentId)).toHaveLength(3);
  });

  it('refuses a tampered or invalid body with 400 naming the field, and writes nothing', async () => {
    const { order, productId } = await paidOrder();
    const tables = ['order_refund', 'payment_ledger', 'webhook_event'];
    const before = await Promise.all(tables.map((table) => countRows(shop.server.databaseUrl, table)));
    const requestsBefore = refundRequests();
    const stockBefore = await productStock(shop.server.databaseUrl, productId);
    const cases: [unknown, string][] = [
      [{ amount: '-5.00', reason: 'x' }, 'amount'],
      [{ amount: '1.234', reason: 'x' }, 'amount'],
      [{ amount: 'ten', reason: 'x' }, 'amount'],
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: '1e3', reason: 'x' }, 'amount'],
      [{ amount: '5.00' }, 'reason'],
      [{ amount: '5.00', reason: '   ' }, 'reason'],
      [{ amount: '5.00', reason: 'x', restock: [{ productId: 999999, quantity: 1 }] }, 'restock.0.productId'],
      [{ amount: '5.00', reason: 'x', restock: [{ productId, quantity: 3 }] }, 'restock.0.quantity'],
      [{ amount: '5.00', reason: 'x', restock: [{ productId, quantity: 0 }] }, 'restock.0.quantity'],
      [{ amount: '5.00', reason: 'x', restock: 'all' }, 'restock'],
    ];
    for (const [body, field] of cases) {
      const answer = await refund<ErrorJson>(order.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.reason).toBe('VALIDATION_FAILED');
      expect(answer.body.message.startsWith(`${field}: `), `${answer.body.message} names ${field}`).toBe(true);
    }
    expect(await Promise.all(tables.map((table) => countRows(shop.server.databaseUrl, table)))).toEqual(before);
    expect(refundRequests()).toBe(requestsBefore);
    expect(await productStock(shop.server.databaseUrl, productId)).toEqual(stockBefore);

    expect((await call(shop.server, 'POST', `/orders/${order.id}/refunds`, { body: { amount: '1.00', reason: 'x' } })).status).toBe(401);
    expect((await refund<ErrorJson>(999999, { amount: '1.00', reason: 'x' })).body.data.reason).toBe('NOT_FOUND');
  });

  it('draws from an order’s payments one at a time, the latest first, each its own refund at Square', async () => {
    const { order, paymentId: first } = await paidOrder(1);
    // A second payment the order holds, as a commission's balance is claimed beside its deposit.
    const buyer = new Browser(shop.server.url);
    const balance = await buyer.post<{ payment: { id: string } }>('/api/square/process-payment', {
      sourceId: square.issueNonce(),
      amount: '20.00',
    });
    await sql(
      shop.server.databaseUrl,
      `update payment_ledger set state = 'ordered', order_id = $1 where payment_id = $2 and state = 'captured'`,
      [order.id, balance.body.payment.id],
    );
    const paid = cents(order.total) + 2000;
    expect(cents((await refundsOf(order.id)).refundable)).toBe(paid);

    const split = await refund(order.id, { amount: '25.00', reason: 'Two payments' });
    expect(split.status).toBe(200);
    expect(squareRefundsOf(balance.body.payment.id).map((made) => made.amount_money.amount)).toEqual([2000]);
    expect(squareRefundsOf(first).map((made) => made.amount_money.amount)).toEqual([500]);
    expect(cents(split.body.refundable)).toBe(paid - 2500);
    // One refund in the order's history, two movements in the ledger.
    expect((await refundsOf(order.id)).refunds.map((made) => made.amount)).toEqual(['25.00']);
    const rows = await sql<{ amount_cents: number }>(
      shop.server.databaseUrl,
      `select amount_cents from payment_ledger where kind = 'refund' and order_id = $1 order by id`,
      [order.id],
    );
    expect(rows.map((row) => row.amount_cents)).toEqual([2000, 500]);
  });

  it('a refund whose answer Square lost is kept pending, finished by the recovery pass, and made once', async () => {
    const { order, paymentId } = await paidOrder(1);
    // Square makes the refund, and the answer is lost; the connector's retry with the same key is lost too.
    square.http.dropAnswerNext = 2;
    const answer = await refund(order.id, { amount: '7.00', reason: 'Scratched base' });
    expect(answer.status).toBe(200);
    expect(answer.body.refund.status).toBe('pending');
    expect(answer.body.refunded).toBe('7.00');
    expect(squareRefundsOf(paymentId)).toHaveLength(1);
    // Nothing more may be taken than is left, pending or not.
    const tooMuch = await refund<ErrorJson>(order.id, { amount: order.total, reason: 'Again' });
    expect(tooMuch.body.data.reason).toBe('REFUND_TOO_LARGE');

    // Another instance starts (a restart): its recovery pass sends the refund again with its own key.
    const second = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: shop.server.databaseUrl,
        SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
        ADMIN_PASSWORD: 'test-admin-password',
        LOG_LEVEL: 'error',
        STOP_DELAY_MS: '0',
        PAYMENT_RECOVERY_AFTER_MS: '0',
        ...shop.settings(),
      }),
    );
    try {
      const done = await eventually(
        () => refundsOf(order.id),
        (money) => money.refunds[0]?.status === 'refunded',
      );
      expect(done.refunds.map((made) => [made.amount, made.status])).toEqual([['7.00', 'refunded']]);
    } finally {
      await second.stop();
    }
    const made = squareRefundsOf(paymentId);
    expect(made.map((one) => one.amount_money.amount)).toEqual([700]);
    const keys = square.requests
      .filter((request) => request.path === '/v2/refunds' && (request.body as { payment_id: string }).payment_id === paymentId)
      .map((request) => (request.body as { idempotency_key: string }).idempotency_key);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('refunds a PayPal capture in parts, never past what is left of it', async () => {
    const productId = await insertProduct(shop.server.databaseUrl, { price: '40.00', stock: 5 });
    const buyer = new Browser(shop.server.url);
    const q = await quote(buyer, [{ productId, quantity: 1 }]);
    const { paymentMethod: _m, paypalOrderId: _o, paypalCaptureId: _c, squarePaymentId: _s, ...checkout } = orderBody(q, {});
    const created = await buyer.post<{ id: string }>('/api/paypal/order', { amount: q.total, checkout });
    paypal.approve(created.body.id);
    const placed = await buyer.post<OrderJson>(`/api/paypal/order/${created.body.id}/complete`);
    expect(placed.status).toBe(200);
    const captureId = placed.body.paypalCaptureId!;
    const total = cents(placed.body.total);

    expect((await refund(placed.body.id, { amount: '15.00', reason: 'Wrong finish' })).status).toBe(200);
    expect(paypal.captures.get(captureId)!.status).toBe('PARTIALLY_REFUNDED');
    expect((await refund(placed.body.id, { amount: ((total - 1500 + 1) / 100).toFixed(2), reason: 'Too much' })).status).toBe(409);
    const cancelled = await call<OrderJson>(shop.server, 'PATCH', `/orders/${placed.body.id}/status`, {
      cookie: shop.cookie,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect(paypal.refunds.filter((made) => made.captureId === captureId).map((made) => cents(made.amount.value))).toEqual([
      1500,
      total - 1500,
    ]);
    expect(paypal.captures.get(captureId)!.status).toBe('REFUNDED');
  });
});

describe('revenue after a partial refund', () => {
  it('is the money kept: taken minus refunded, on the day each moved', async () => {
    const before = cents(await revenue());
    const { order } = await paidOrder(1);
    expect(cents(await revenue())).toBe(before + cents(order.total));
    await refund(order.id, { amount: '12.34', reason: 'Goodwill' });
    expect(cents(await revenue())).toBe(before + cents(order.total) - 1234);

    const analytics = (
      await call<Outputs['admin']['dashboard']['analytics']>(shop.server, 'GET', '/admin/analytics', { cookie: shop.cookie })
    ).body;
    const [today] = await sql<{ today: string }>(
      shop.server.databaseUrl,
      `select to_char(date_trunc('day', now()), 'YYYY-MM-DD') as today`,
    );
    const chart = analytics.days.reduce((sum, day) => sum + cents(day.revenue), 0);
    expect(analytics.days.at(-1)!.date).toBe(today!.today);
    // Every order of this file was paid and refunded today: the chart's 30 days hold what the card says.
    expect(chart).toBe(cents(await revenue()));
  });

  it('counts best sellers by units kept: units a refund put back are not sold, and an order closed whole not at all', async () => {
    const productId = await insertProduct(shop.server.databaseUrl, { price: '2.00', stock: 100 });
    const buyer = new Browser(shop.server.url);
    const q = await quote(buyer, [{ productId, quantity: 40 }]);
    const paid = await buyer.post<{ payment: { id: string } }>('/api/square/process-payment', {
      sourceId: square.issueNonce(),
      amount: q.total,
    });
    const placed = await buyer.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: paid.body.payment.id }));
    expect(placed.status).toBe(200);
    const best = async () =>
      (
        await call<Outputs['admin']['dashboard']['analytics']>(shop.server, 'GET', '/admin/analytics', { cookie: shop.cookie })
      ).body.topProducts.find((top) => top.productId === productId);
    expect(await best()).toMatchObject({ units: 40, revenue: '80.00' });

    // Money back without stock back (goodwill) sells no fewer units.
    expect((await refund(placed.body.id, { amount: '1.00', reason: 'Goodwill' })).status).toBe(200);
    expect(await best()).toMatchObject({ units: 40, revenue: '80.00' });
    // Two partial refunds put 15 units back: 25 stay sold, for what they sold at.
    for (const quantity of [10, 5]) {
      const back = await refund(placed.body.id, { amount: '1.00', reason: 'Returned', restock: [{ productId, quantity }] });
      expect(back.status).toBe(200);
    }
    expect(await best()).toMatchObject({ units: 25, revenue: '50.00' });

    const cancelled = await call<OrderJson>(shop.server, 'PATCH', `/orders/${placed.body.id}/status`, {
      cookie: shop.cookie,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect(await best()).toBeUndefined();
  });
});
