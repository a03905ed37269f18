import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrowser, Browser } from '../support/browser';
import { sql, withDatabase } from '../support/database';
import { countRows, insertProduct, orderBody, payByCard, productStock, quote } from '../support/fixtures';
import { renderedEmails } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, OrderJson, Outputs } from '../support/api-types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function sandboxStatus(paymentId: string) {
  return withDatabase(
    server.databaseUrl,
    async (client) =>
      (await client.query<{ status: string }>('select status from sandbox_payment where id = $1', [paymentId])).rows[0]?.status,
  );
}

describe('a card payment and its order', () => {
  it('places a completed order with the server figures, takes the stock, emails the buyer, and shows it to that browser only', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '30.00', stock: 3, weight: '2.50' });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 2 }], 'NC');
    // 5 lb: $6.95 for the first 2 lb and 3 x $1.25; NC tax 4.75% of $60.00.
    expect(q).toMatchObject({ subtotal: '60.00', shipping: '10.70', tax: '2.85', total: '73.55' });

    const paymentId = await payByCard(browser, q.total);
    const created = await browser.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: paymentId }, 'NC'));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      customerName: 'Ada Turner',
      status: 'completed',
      paymentMethod: 'square',
      squarePaymentId: paymentId,
      total: '73.55',
      items: [{ productId, price: '30.00', quantity: 2 }],
    });
    const id = created.body.id;
    expect(await productStock(server.databaseUrl, productId)).toEqual({ stock_quantity: 1, in_stock: true });

    const [email] = await renderedEmails<{ to_address: string; subject: string; text: string; html: string }>(
      server.databaseUrl,
      `select to_address, subject, text, html from outbox_email where kind = 'order-confirmation' and subject like $1`,
      [`%#${String(id).padStart(6, '0')}`],
    );
    expect(email!.to_address).toBe('ada@example.com');
    expect(email!.text).toContain('Total: $73.55');
    expect(email!.html).toMatch(/Total(<!-- -->)?: (<!-- -->)?\$73\.55/);
    // The same delivery times as the confirmation page and the product page (server/domain/delivery-times.ts).
    expect(email!.text.replace(/\s+/g, ' ')).toContain(
      'Typical processing time is 3-5 business days. Handcrafted to order, it ships within 7-10 business days of your order.',
    );

    // The email's link opens the order in any browser, no cookie needed; a made-up or borrowed token does not.
    const link = /https?:\/\/\S+\/orders\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(email!.text)?.[1];
    expect(link).toBeDefined();
    const byLink = await new Browser(server.url).get<OrderJson>(`/api/order-links/${link}`);
    expect(byLink.status).toBe(200);
    expect(byLink.body.id).toBe(id);
    const [encoded, mac] = link!.split('.');
    const otherOrder = `${Buffer.from(String(id + 1)).toString('base64url')}.${mac}`;
    expect((await new Browser(server.url).get(`/api/order-links/${otherOrder}`)).status).toBe(404);
    expect(Buffer.from(encoded!, 'base64url').toString()).toBe(String(id));

    const [notice] = await sql<{ to_address: string; reply_to: string; subject: string }>(
      server.databaseUrl,
      `select to_address, reply_to, subject from outbox_email where kind = 'order-notification' and subject like $1`,
      [`New order #${String(id).padStart(6, '0')}:%`],
    );
    expect(notice).toMatchObject({ reply_to: 'ada@example.com' });

    const mine = await browser.get<OrderJson>(`/api/orders/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(id);
    const stranger = await new Browser(server.url).get(`/api/orders/${id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ code: 'NOT_FOUND' });

    const admin = await adminBrowser(server);
    expect((await admin.get<OrderJson>(`/api/orders/${id}`)).body.id).toBe(id);
  });

  it('sets inStock false when the last piece is sold', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '80.00', stock: 1 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    expect(q.shipping).toBe('0.00');
    const created = await browser.post('/api/orders', orderBody(q, { squarePaymentId: await payByCard(browser, q.total) }));
    expect(created.status).toBe(200);
    expect(await productStock(server.databaseUrl, productId)).toEqual({ stock_quantity: 0, in_stock: false });
  });

  it('answers 400 for an order id that is not a number, and 404 for one that does not exist', async () => {
    const browser = new Browser(server.url);
    expect((await browser.get('/api/orders/abc')).status).toBe(400);
    expect((await browser.get('/api/orders/999999')).status).toBe(404);
  });
});

describe('a PayPal payment and its order', () => {
  it('creates, captures and places the order', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '22.50', stock: 4 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }], 'TN');
    const created = await browser.post<Outputs['payments']['createPayPalOrder']>('/api/paypal/order', {
      amount: q.total,
      currency: 'USD',
      intent: 'CAPTURE',
    });
    expect(created.status).toBe(200);
    expect(created.body.id).toEqual(expect.any(String));
    const capture = await browser.post<Outputs['payments']['capturePayPalOrder']>(`/api/paypal/order/${created.body.id}/capture`);
    expect(capture.status).toBe(200);
    expect(capture.body).toMatchObject({ status: 'COMPLETED', amount: q.total });

    const order = await browser.post(
      '/api/orders',
      orderBody(q, { paypalOrderId: created.body.id, paypalCaptureId: capture.body.id }, 'TN'),
    );
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      paymentMethod: 'paypal',
      paypalCaptureId: capture.body.id,
      paypalOrderId: created.body.id,
      status: 'completed',
    });
  });
});

describe('orders the server refuses', () => {
  for (const field of ['price', 'subtotal', 'shipping', 'tax', 'total'] as const) {
    it(`refuses a tampered ${field} with 400, writes nothing, and refunds the payment`, async () => {
      const productId = await insertProduct(server.databaseUrl, { price: '40.00', stock: 5 });
      const browser = new Browser(server.url);
      const q = await quote(browser, [{ productId, quantity: 1 }]);
      const paymentId = await payByCard(browser, q.total);
      const body = orderBody(q, { squarePaymentId: paymentId });
      if (field === 'price') body.items[0]!.price = '1.00';
      else body[field] = '0.50';
      const ordersBefore = await countRows(server.databaseUrl, 'shop_order');

      const response = await browser.post<ErrorJson>('/api/orders', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(field === 'price' ? 'items.0.price' : field);
      expect(response.body.message).toContain('has been refunded');
      expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore);
      expect((await productStock(server.databaseUrl, productId)).stock_quantity).toBe(5);
      expect(await sandboxStatus(paymentId)).toBe('REFUNDED');
    });
  }

  it('accepts a figure one cent off, and refuses two cents off', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '10.00', stock: 5 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const body = orderBody(q, { squarePaymentId: await payByCard(browser, q.total) });
    expect((await browser.post('/api/orders', { ...body, tax: '0.39' })).status).toBe(200); // tax is 0.40
    const again = orderBody(q, { squarePaymentId: await payByCard(browser, q.total) });
    expect((await browser.post('/api/orders', { ...again, tax: '0.38' })).status).toBe(400);
  });

  it('refuses a replayed payment id with 409 and keeps the first order paid', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '15.00', stock: 5 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const paymentId = await payByCard(browser, q.total);
    expect((await browser.post('/api/orders', orderBody(q, { squarePaymentId: paymentId }))).status).toBe(200);
    const replay = await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: paymentId }));
    expect(replay.status).toBe(409);
    expect(replay.body.message).not.toContain('refunded');
    expect(await sandboxStatus(paymentId)).toBe('COMPLETED');
    expect((await productStock(server.databaseUrl, productId)).stock_quantity).toBe(4);
  });

  it('refuses a replayed payment as a replay even when its order took the last unit, and refunds nothing', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '18.00', stock: 1 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const paymentId = await payByCard(browser, q.total);
    expect((await browser.post('/api/orders', orderBody(q, { squarePaymentId: paymentId }))).status).toBe(200);
    const replay = await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: paymentId }));
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe('This payment has already paid for another order');
    expect(replay.body.data.reason).toBe('PAYMENT_REPLAYED');
    expect(await sandboxStatus(paymentId)).toBe('COMPLETED');
    expect((await productStock(server.databaseUrl, productId)).stock_quantity).toBe(0);
  });

  it('refuses an unpaid order and one paid with the wrong amount', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '25.00', stock: 5 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const unpaid = await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: 'sbx_pay_made_up' }));
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.data.reason).toBe('PAYMENT_UNKNOWN');
    const missing = await browser.post<ErrorJson>('/api/orders', { ...orderBody(q, { squarePaymentId: 'x' }), squarePaymentId: null });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('squarePaymentId');

    const cheap = await payByCard(browser, '1.00');
    const wrong = await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: cheap }));
    expect(wrong.status).toBe(402);
    expect(wrong.body.message).toContain('does not match the order total');
    // The order's total is told, and that the buyer's payment went back.
    expect(wrong.body.message).toBe(`The payment does not match the order total of $${q.total}. Your payment of $1.00 has been refunded.`);
    expect(await sandboxStatus(cheap)).toBe('REFUNDED');
    expect((await productStock(server.databaseUrl, productId)).stock_quantity).toBe(5);
  });

  it('refuses an order for more than the stock with 409 and refunds the payment', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '12.00', stock: 2 });
    const browser = new Browser(server.url);
    const q = await quote(browser, [{ productId, quantity: 3 }]);
    const paymentId = await payByCard(browser, q.total);
    const response = await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: paymentId }));
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/Only 2 of .* left in stock\. Your payment of \$\d+\.\d\d has been refunded\./);
    expect(await productStock(server.databaseUrl, productId)).toEqual({ stock_quantity: 2, in_stock: true });
  });

  it('names the bad fields of a malformed order with 400', async () => {
    const response = await new Browser(server.url).post<ErrorJson>('/api/orders', { customerEmail: 'nope', items: [] });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('customerEmail');
    expect(response.body.message).toContain('items');
  });
});
