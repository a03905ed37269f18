import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../support/browser';
import { sql } from '../support/database';
import { countRows, insertProduct, orderBody, quote } from '../support/fixtures';
import { FakePayPal } from '../support/fake-paypal';
import { startTestServer, type TestServer } from '../support/test-server';
import type { OrderJson } from '../support/api-types';

// PAYMENT_PROVIDER=paypal against a fake of PayPal's Orders v2 API: the checkout waits on the server while the
// buyer approves at PayPal, and the return completes it from any browser, once.

const paypal = new FakePayPal();
let server: TestServer;
beforeAll(async () => {
  await paypal.start();
  server = await startTestServer(paypal.shopSettings());
});
afterAll(async () => {
  await server?.close();
  await paypal.stop();
});

/** A buyer's checkout up to PayPal's approval page: the PayPal order id and the checkout the server keeps. */
async function leaveForPayPal(buyer: Browser) {
  const productId = await insertProduct(server.databaseUrl, { price: '40.00', stock: 5 });
  const q = await quote(buyer, [{ productId, quantity: 1 }]);
  const { paymentMethod: _method, paypalOrderId: _o, paypalCaptureId: _c, squarePaymentId: _s, ...checkout } = orderBody(q, {});
  const created = await buyer.post<{ id: string; approveUrl?: string }>('/api/paypal/order', { amount: q.total, checkout });
  expect(created.status).toBe(200);
  expect(created.body.approveUrl).toContain('/checkoutnow?token=');
  return { id: created.body.id, total: q.total, checkout, productId };
}

const complete = (browser: Browser, id: string) => browser.post<OrderJson>(`/api/paypal/order/${id}/complete`);

describe('the return from PayPal', () => {
  it('places the order once, from a fresh browser, and answers the same order to every replay', async () => {
    const { id, total } = await leaveForPayPal(new Browser(server.url));
    paypal.approve(id);
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');

    const phone = new Browser(server.url);
    const first = await complete(phone, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total, paymentMethod: 'paypal', paypalOrderId: id });
    // The completing browser may see its order (D13).
    expect((await phone.get(`/api/orders/${first.body.id}`)).status).toBe(200);

    const replays = await Promise.all([complete(phone, id), complete(new Browser(server.url), id), complete(new Browser(server.url), id)]);
    for (const replay of replays) expect(replay.body.id).toBe(first.body.id);
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore + 1);
    expect([...paypal.captures.values()].filter((capture) => capture.orderId === id)).toHaveLength(1);
  });

  it('completes once when several tabs return at the same moment', async () => {
    const { id } = await leaveForPayPal(new Browser(server.url));
    paypal.approve(id);
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');
    const answers = await Promise.all([1, 2, 3, 4].map(() => complete(new Browser(server.url), id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore + 1);
    expect([...paypal.captures.values()].filter((capture) => capture.orderId === id)).toHaveLength(1);
  });

  it('changes nothing for an unknown PayPal order: 404, no capture asked, no order', async () => {
    const captures = paypal.captureRequests().length;
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');
    const answer = await complete(new Browser(server.url), 'NOSUCHORDER1');
    expect(answer.status).toBe(404);
    expect(paypal.captureRequests().length).toBe(captures);
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore);
  });

  it('refunds a capture whose order cannot be placed (sold out meanwhile), and a replay captures nothing more', async () => {
    const { id, productId } = await leaveForPayPal(new Browser(server.url));
    paypal.approve(id);
    await sql(server.databaseUrl, 'update product set stock_quantity = 0, in_stock = false where id = $1', [productId]);
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');

    const failed = await complete(new Browser(server.url), id);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    const captured = [...paypal.captures.values()].filter((capture) => capture.orderId === id);
    expect(captured).toHaveLength(1);
    expect(captured[0]!.status).toBe('REFUNDED');

    const capturesBefore = paypal.captureRequests().length;
    const replay = await complete(new Browser(server.url), id);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({
      message: expect.stringContaining('was refunded because its order could not be placed') as unknown,
    });
    expect(paypal.captureRequests().length).toBe(capturesBefore);
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore);
  });

  it('keeps the checkout and places no order when PayPal declines the funding, or the buyer never approved', async () => {
    const declined = await leaveForPayPal(new Browser(server.url));
    paypal.approve(declined.id);
    paypal.declines.add(declined.id);
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');
    const refused = await complete(new Browser(server.url), declined.id);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ data: { paymentCode: 'INSTRUMENT_DECLINED' } });

    const unapproved = await leaveForPayPal(new Browser(server.url));
    expect((await complete(new Browser(server.url), unapproved.id)).status).toBeGreaterThanOrEqual(400);
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore);
  });

  it('refuses a checkout whose total is not the amount, naming it, and asks PayPal nothing', async () => {
    const buyer = new Browser(server.url);
    const productId = await insertProduct(server.databaseUrl, { price: '25.00', stock: 5 });
    const q = await quote(buyer, [{ productId, quantity: 1 }]);
    const { paymentMethod: _m, paypalOrderId: _o, paypalCaptureId: _c, squarePaymentId: _s, ...checkout } = orderBody(q, {});
    const calls = paypal.calls.length;
    const kept = await countRows(server.databaseUrl, 'paypal_checkout');
    const answer = await buyer.post<{ message: string }>('/api/paypal/order', { amount: '1.00', checkout });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('checkout.total');
    // The order creation's own schema checks what is kept: a bad field is a 400 naming it.
    const badEmail = await buyer.post<{ message: string }>('/api/paypal/order', {
      amount: q.total,
      checkout: { ...checkout, customerEmail: 'not-an-email' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toContain('customerEmail');
    expect(paypal.calls.length).toBe(calls);
    expect(await countRows(server.databaseUrl, 'paypal_checkout')).toBe(kept);
  });

  it('forgets a checkout nobody came back for after a week, and keeps a completed one', async () => {
    const abandoned = await leaveForPayPal(new Browser(server.url));
    const done = await leaveForPayPal(new Browser(server.url));
    paypal.approve(done.id);
    expect((await complete(new Browser(server.url), done.id)).status).toBe(200);
    await sql(server.databaseUrl, `update paypal_checkout set created_at = now() - interval '8 days' where paypal_order_id = any($1)`, [
      [abandoned.id, done.id],
    ]);
    const recent = await leaveForPayPal(new Browser(server.url));
    const kept = await sql<{ paypal_order_id: string }>(
      server.databaseUrl,
      'select paypal_order_id from paypal_checkout where paypal_order_id = any($1)',
      [[abandoned.id, done.id, recent.id]],
    );
    expect(kept.map((row) => row.paypal_order_id).sort()).toEqual([done.id, recent.id].sort());
    expect((await complete(new Browser(server.url), abandoned.id)).status).toBe(404);
  });

  it('is in the OpenAPI document as POST /api/paypal/order/{id}/complete', async () => {
    const doc = await new Browser(server.url).get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/paypal/order/{id}/complete']?.post).toBeDefined();
  });
});
