import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { sql } from '../support/database';
import { insertProduct, orderBody, payByCard, type JsonClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, OrderJson, QuoteJson } from '../support/api-types';

// Discount codes (D40) over the REST mirror: the owner's codes, each kind at the checkout's quote and order (tax on
// the goods after the discount, free shipping judged on them), each reason a code is refused for, one use per email,
// 50 buyers racing for a code's last use, and a refund of a discounted order (never more back than was paid).

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
});
afterAll(() => server?.close());

interface CodeJson {
  id: number;
  code: string;
  status: string;
  uses: number;
  givenAway: string;
  paused: boolean;
}

let serial = 0;
/** A new code (its name unique to the test), as the owner creates it. */
async function createCode(body: Record<string, unknown>): Promise<CodeJson> {
  const created = await call<CodeJson>(server, 'POST', '/admin/discounts', { cookie, body: { code: `TEST${++serial}X`, ...body } });
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

const quoteWith = (client: JsonClient, productId: number, quantity: number, discountCode?: string) =>
  client.post<QuoteJson>('/api/checkout/quote', {
    items: [{ productId, quantity }],
    state: 'GA',
    ...(discountCode ? { discountCode } : {}),
  });

/** Quote, pay the quote's total by card, order: as the checkout does with a code. */
async function buyWith(client: JsonClient, productId: number, quantity: number, discountCode: string, email = 'ada@example.com') {
  const q = await quoteWith(client, productId, quantity, discountCode);
  if (q.status !== 200) throw new Error(`quote failed: ${JSON.stringify(q.body)}`);
  const paid = await payByCard(client, q.body.total);
  return client.post<OrderJson>('/api/orders', { ...orderBody(q.body, { squarePaymentId: paid }), customerEmail: email, discountCode });
}

const listed = async (id: number) =>
  (await call<CodeJson[]>(server, 'GET', '/admin/discounts', { cookie })).body.find((code) => code.id === id);

describe('the quote with a code', () => {
  it("without a code answers SPEC's figures and no discount line", async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '68.00', weight: '1.35' });
    const q = await quoteWith(new Browser(server.url), productId, 1);
    expect(q.body).toMatchObject({ subtotal: '68.00', shipping: '6.95', tax: '2.72', total: '77.67' });
    expect(q.body).not.toHaveProperty('discount');
  });

  it('a percentage comes off the goods before tax, and free shipping is judged on the goods after it', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00', weight: '1.00' });
    const { code } = await createCode({ kind: 'percentage', value: '10' });
    const browser = new Browser(server.url);
    expect((await quoteWith(browser, productId, 2)).body).toMatchObject({
      subtotal: '80.00',
      shipping: '0.00',
      tax: '3.20',
      total: '83.20',
    });
    const q = await quoteWith(browser, productId, 2, code.toLowerCase());
    // $72.00 of goods after 10% off: under $75, so shipping is charged; tax is 4% of $72.00.
    expect(q.body).toMatchObject({
      subtotal: '80.00',
      shipping: '6.95',
      tax: '2.88',
      total: '81.83',
      discount: { code, kind: 'percentage', amount: '8.00' },
    });
  });

  it('a fixed amount comes off the goods, never more than they cost; free shipping waives the shipping only', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00', weight: '1.00' });
    const fixed = await createCode({ kind: 'fixed', value: '5.00' });
    const whole = await createCode({ kind: 'fixed', value: '500.00' });
    const free = await createCode({ kind: 'free_shipping' });
    const browser = new Browser(server.url);
    expect((await quoteWith(browser, productId, 1, fixed.code)).body).toMatchObject({
      subtotal: '40.00',
      shipping: '6.95',
      tax: '1.40',
      total: '43.35',
      discount: { amount: '5.00' },
    });
    expect((await quoteWith(browser, productId, 1, whole.code)).body).toMatchObject({
      tax: '0.00',
      total: '6.95',
      discount: { amount: '40.00' },
    });
    expect((await quoteWith(browser, productId, 1, free.code)).body).toMatchObject({
      subtotal: '40.00',
      shipping: '6.95',
      tax: '1.60',
      total: '41.60',
      discount: { kind: 'free_shipping', amount: '6.95' },
    });
  });

  it('refuses an unknown, paused, ended, not yet started, used-up or below-minimum code with its reason, naming discountCode', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00' });
    const browser = new Browser(server.url);
    const refused = async (code: string, status: number, reason: string) => {
      const answer = await quoteWith(browser, productId, 1, code);
      expect(answer.status, reason).toBe(status);
      const error = answer.body as unknown as ErrorJson;
      expect(error.data).toMatchObject({ reason, field: 'discountCode' });
      expect(error.message).toMatch(/^discountCode: /);
      return error;
    };
    await refused('NO-SUCH-CODE', 400, 'DISCOUNT_UNKNOWN');
    await refused((await createCode({ kind: 'fixed', value: '5.00', paused: true })).code, 409, 'DISCOUNT_EXPIRED');
    const day = 24 * 3600 * 1000;
    await refused(
      (await createCode({ kind: 'fixed', value: '5.00', endsAt: new Date(Date.now() - day).toISOString() })).code,
      409,
      'DISCOUNT_EXPIRED',
    );
    await refused(
      (await createCode({ kind: 'fixed', value: '5.00', startsAt: new Date(Date.now() + day).toISOString() })).code,
      409,
      'DISCOUNT_EXPIRED',
    );
    const minimum = await refused(
      (await createCode({ kind: 'percentage', value: '10', minimumSubtotal: '50.00' })).code,
      400,
      'DISCOUNT_MINIMUM',
    );
    expect(minimum.data.minimumSubtotal).toBe('50.00');
    const once = await createCode({ kind: 'fixed', value: '5.00', usageLimit: 1 });
    expect((await buyWith(browser, productId, 1, once.code)).status).toBe(200);
    await refused(once.code, 409, 'DISCOUNT_USED_UP');
    // At the minimum it works.
    const atMinimum = await createCode({ kind: 'percentage', value: '10', minimumSubtotal: '40.00' });
    expect((await quoteWith(browser, productId, 1, atMinimum.code)).status).toBe(200);
  });
});

describe('an order with a code', () => {
  it('pays the discounted total, keeps the code and its amount, and the list shows the use and the money given', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00', weight: '1.00' });
    const code = await createCode({ kind: 'percentage', value: '10' });
    const order = await buyWith(new Browser(server.url), productId, 2, code.code);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      subtotal: '80.00',
      shipping: '6.95',
      tax: '2.88',
      total: '81.83',
      discountCode: code.code,
      discount: '8.00',
    });
    expect(await listed(code.id)).toMatchObject({ uses: 1, givenAway: '8.00', status: 'active' });
  });

  it('is refused when the figures sent leave the code out (the payment is given back)', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00' });
    const code = await createCode({ kind: 'fixed', value: '5.00' });
    const browser = new Browser(server.url);
    const q = await quoteWith(browser, productId, 1, code.code);
    const paid = await payByCard(browser, q.body.total);
    const answer = await browser.post<ErrorJson>('/api/orders', orderBody(q.body, { squarePaymentId: paid }));
    expect(answer.status).toBe(400);
    expect(answer.body.data.reason).toBe('PRICE_CHANGED');
    expect((await listed(code.id))?.uses).toBe(0);
  });

  it('a code used once per email: a second order by the same address (any case) is refused, another address is not', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00', stock: 10 });
    const code = await createCode({ kind: 'fixed', value: '5.00', oncePerEmail: true });
    const browser = new Browser(server.url);
    expect((await buyWith(browser, productId, 1, code.code, 'grace@example.com')).status).toBe(200);
    const again = await buyWith(browser, productId, 1, code.code, 'Grace@Example.com');
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorJson).data).toMatchObject({ reason: 'DISCOUNT_USED_UP', field: 'discountCode' });
    expect((await buyWith(browser, productId, 1, code.code, 'alan@example.com')).status).toBe(200);
    expect(await listed(code.id)).toMatchObject({ uses: 2, givenAway: '10.00' });
  });

  it("50 buyers racing for a code's last use: one gets it, the others are refused and paid back", async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '20.00', stock: 100 });
    const code = await createCode({ kind: 'fixed', value: '5.00', usageLimit: 1 });
    const buyers = Array.from({ length: 50 }, () => new Browser(server.url));
    const q = (await quoteWith(buyers[0]!, productId, 1, code.code)).body;
    const payments = await Promise.all(buyers.map((buyer) => payByCard(buyer, q.total)));

    const results = await Promise.all(
      buyers.map((buyer, i) => buyer.post('/api/orders', { ...orderBody(q, { squarePaymentId: payments[i] }), discountCode: code.code })),
    );

    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    const refused = results.filter((result) => result.status !== 200);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((result) => (result.body as ErrorJson).data.reason))).toEqual(new Set(['DISCOUNT_USED_UP']));
    expect(await listed(code.id)).toMatchObject({ uses: 1, givenAway: '5.00', status: 'used_up' });
    const [{ count }] = (await sql<{ count: string }>(
      server.databaseUrl,
      `select count(*) from sandbox_payment where id = any($1) and status = 'REFUNDED'`,
      [payments],
    )) as [{ count: string }];
    expect(Number(count)).toBe(49);
  });

  it('a refund of a discounted order gives back at most the discounted total', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00', weight: '1.00' });
    const code = await createCode({ kind: 'percentage', value: '25' });
    const order = (await buyWith(new Browser(server.url), productId, 2, code.code)).body;
    // $80.00 less 25%: $60.00 of goods, $6.95 shipping, $2.40 tax.
    expect(order.total).toBe('69.35');
    const part = await call<{ refundable: string }>(server, 'POST', `/orders/${order.id}/refunds`, {
      cookie,
      body: { amount: '30.00', reason: 'One bowl arrived cracked' },
    });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ paid: '69.35', refunded: '30.00', refundable: '39.35' });
    // The undiscounted price of the other bowl ($40.00) is more than is left: refused.
    const more = await call<ErrorJson>(server, 'POST', `/orders/${order.id}/refunds`, {
      cookie,
      body: { amount: '40.00', reason: 'The other' },
    });
    expect(more.status).toBe(409);
    expect(more.body.data).toMatchObject({ reason: 'REFUND_TOO_LARGE', refundable: '39.35' });
  });
});

describe("the owner's codes", () => {
  it('creates, refuses a taken code whatever its case and bad fields by name, pauses, resumes and deletes', async () => {
    const code = await createCode({ kind: 'percentage', value: '15', usageLimit: 10, endsAt: '2099-12-24T23:59:00Z' });
    expect(code).toMatchObject({ status: 'active', uses: 0, givenAway: '0.00' });
    const taken = await call<ErrorJson>(server, 'POST', '/admin/discounts', {
      cookie,
      body: { code: code.code.toLowerCase(), kind: 'free_shipping' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/^code: /);

    const bad = await call<ErrorJson>(server, 'POST', '/admin/discounts', {
      cookie,
      body: { code: 'x', kind: 'percentage', value: '150' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues?.map((issue) => issue.path.join('.')).sort()).toEqual(['code', 'value']);
    const badChange = await call<ErrorJson>(server, 'PATCH', `/admin/discounts/${code.id}`, {
      cookie,
      body: { startsAt: '2100-01-01T00:00:00Z' },
    });
    expect(badChange.status).toBe(400);
    expect(badChange.body.data.issues?.[0]?.path).toEqual(['endsAt']);

    expect((await call<CodeJson>(server, 'PATCH', `/admin/discounts/${code.id}`, { cookie, body: { paused: true } })).body.status).toBe(
      'paused',
    );
    expect((await call<CodeJson>(server, 'PATCH', `/admin/discounts/${code.id}`, { cookie, body: { paused: false } })).body.status).toBe(
      'active',
    );
    expect((await call(server, 'DELETE', `/admin/discounts/${code.id}`, { cookie })).body).toEqual({ archived: false });
    expect(await listed(code.id)).toBeUndefined();
    expect((await call<ErrorJson>(server, 'PATCH', '/admin/discounts/999999', { cookie, body: { paused: true } })).status).toBe(404);
    expect((await call(server, 'GET', '/admin/discounts')).status).toBe(401);
  });

  it('deleting a used code archives it: its order keeps the code, and its name is free again', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '40.00' });
    const code = await createCode({ kind: 'fixed', value: '5.00' });
    const order = await buyWith(new Browser(server.url), productId, 1, code.code);
    expect((await call(server, 'DELETE', `/admin/discounts/${code.id}`, { cookie })).body).toEqual({ archived: true });
    expect(await listed(code.id)).toBeUndefined();
    const again = await createCode({ code: code.code, kind: 'fixed', value: '1.00' });
    expect(again.id).not.toBe(code.id);
    const [kept] = await sql<{ discount_code: string; discount: string }>(
      server.databaseUrl,
      'select discount_code, discount from shop_order where id = $1',
      [order.body.id],
    );
    expect(kept).toEqual({ discount_code: code.code, discount: '5.00' });
  });
});
