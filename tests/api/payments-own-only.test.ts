import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { sql } from '../support/database';
import { FakeSquare } from '../support/fake-square';
import { countRows, insertOrder, insertProduct, orderBody, quote } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson } from '../support/api-types';

// D28: only the shop's own money moves. A payment the shop did not take (written straight into the sandbox
// provider's table; taken at a market stall on the same Square account) pays no order, is never refunded, and
// the shop's answers say nothing of it: not whether it exists, nor its status or amount.

function expectUnknownPayment(response: { status: number; body: ErrorJson }, amount: string) {
  expect(response.status).toBe(402);
  expect(response.body.data.reason).toBe('PAYMENT_UNKNOWN');
  expect(response.body.message).toContain('Pay at the checkout');
  expect(response.body.message).not.toContain(amount);
  expect(response.body.message).not.toMatch(/COMPLETED|refund/i);
}

describe('with the sandbox provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  /** A completed sandbox payment the shop never asked for, of `amount`. */
  async function foreignSandboxPayment(amount: string, kind = 'card', status = 'COMPLETED') {
    const id = `sbx_pay_foreign_${Math.random().toString(36).slice(2)}`;
    await sql(
      server.databaseUrl,
      `insert into sandbox_payment (id, kind, status, amount, currency, created_at) values ($1, $2, $3, $4, 'USD', now())`,
      [id, kind, status, amount],
    );
    return id;
  }
  const sandboxStatus = async (id: string) =>
    (await sql<{ status: string }>(server.databaseUrl, 'select status from sandbox_payment where id = $1', [id]))[0]?.status;

  it('refuses an order paid by a payment the shop never took, and leaves that payment untouched, even when the order is refused', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '25.00', stock: 5 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const foreign = await foreignSandboxPayment(q.total);
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');

    expectUnknownPayment(await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: foreign })), q.total);
    // An order refused for its figures too: the refund that a failed order of the shop's own payment gets never
    // reaches a payment that is not the shop's.
    const tampered = { ...orderBody(q, { squarePaymentId: foreign }), total: '1.00' };
    expectUnknownPayment(await browser.post<ErrorJson>('/api/orders', tampered), q.total);

    expect(await sandboxStatus(foreign)).toBe('COMPLETED');
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore);
    expect(await sql(server.databaseUrl, 'select 1 from payment_ledger where payment_id = $1', [foreign])).toEqual([]);
    expect(
      (await sql<{ stock_quantity: number }>(server.databaseUrl, 'select stock_quantity from product where id = $1', [productId]))[0],
    ).toEqual({ stock_quantity: 5 });
  });

  it('neither captures a PayPal order the shop did not make nor lets a foreign capture pay', async () => {
    const foreignOrder = await foreignSandboxPayment('30.00', 'paypal-order', 'CREATED');
    const capture = await new Browser(server.url).post<ErrorJson>(`/api/paypal/order/${foreignOrder}/capture`);
    expect(capture.status).toBe(404);
    expect(await sandboxStatus(foreignOrder)).toBe('CREATED');
    expect(await countRows(server.databaseUrl, "sandbox_payment where kind = 'paypal-capture'")).toBe(0);

    const productId = await insertProduct(server.databaseUrl, { price: '30.00', stock: 5 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const foreignCapture = await foreignSandboxPayment(q.total, 'paypal-capture');
    const order = await browser.post<ErrorJson>('/api/orders', orderBody(q, { paypalCaptureId: foreignCapture }));
    expect(order.status).toBe(402);
    expect(order.body.data.reason).toBe('PAYMENT_UNKNOWN');
    expect(await sandboxStatus(foreignCapture)).toBe('COMPLETED');
  });
});

describe('with Square', () => {
  const square = new FakeSquare();
  let server: TestServer;
  beforeAll(async () => {
    await square.start();
    server = await startTestServer({
      ...square.shopSettings(),
    });
  });
  afterAll(async () => {
    await server?.close();
    await square.stop();
  });

  const touched = (paymentId: string) =>
    square.requests.filter((request) => request.path.includes(paymentId) || JSON.stringify(request.body).includes(paymentId));

  it('refuses an order paid at the market stall on the same Square account, and never asks Square about it or refunds it', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '25.00', stock: 5 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const stall = square.takeElsewhere(Math.round(Number(q.total) * 100), 'LOC1');

    expectUnknownPayment(await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: stall.id })), q.total);
    expectUnknownPayment(
      await browser.post<ErrorJson>('/api/orders', { ...orderBody(q, { squarePaymentId: stall.id }), tax: '0.00' }),
      q.total,
    );
    expect(touched(stall.id)).toEqual([]);
    expect(square.refunds).toEqual([]);
    expect(stall.refunded_money).toBeUndefined();
  });

  it('refunds no payment the ledger does not hold when the owner cancels an order that names one', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00', stock: 5 });
    const stall = square.takeElsewhere(4000, 'LOC1');
    const orderId = await insertOrder(server.databaseUrl, {
      items: [{ productId, name: 'Bowl', price: '40.00', quantity: 1 }],
      total: '40.00',
      status: 'completed',
    });
    await sql(server.databaseUrl, 'update shop_order set square_payment_id = $1 where id = $2', [stall.id, orderId]);
    const cookie = await signIn(server);

    const cancelled = await call<ErrorJson>(server, 'PATCH', `/orders/${orderId}/status`, { cookie, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(409);
    expect(touched(stall.id)).toEqual([]);
    expect(stall.refunded_money).toBeUndefined();
    expect((await sql<{ status: string }>(server.databaseUrl, 'select status from shop_order where id = $1', [orderId]))[0]!.status).toBe(
      'completed',
    );
  });
});
