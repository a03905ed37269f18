import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../support/browser';
import { withDatabase } from '../support/database';
import { insertProduct } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, QuoteJson } from '../support/api-types';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = new Browser(server.url);
});
afterAll(() => server?.close());

describe('POST /api/shipping/calculate (D5)', () => {
  it.each([
    [{ weight: 1.5, state: 'GA' }, 6.95],
    [{ weight: 2, state: 'GA' }, 6.95],
    [{ weight: 2.01, state: 'FL' }, 8.2],
    [{ weight: 4, state: 'AL' }, 9.45],
    [{ weight: '4', state: 'AL' }, 9.45],
    [{ weight: 10, state: 'SC', subtotal: '75.00' }, 0],
    [{ weight: 10, state: 'SC', subtotal: 74.99 }, 16.95],
  ])('%j costs %d', async (body, cost) => {
    const response = await browser.post('/api/shipping/calculate', body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ shippingCost: cost });
  });

  it.each([
    [{ weight: 1, state: 'NY' }, 'state'],
    [{ weight: -1, state: 'GA' }, 'weight'],
    [{ weight: 'abc', state: 'GA' }, 'weight'],
    [{ state: 'GA' }, 'weight'],
    [{ weight: 1, state: 'GA', subtotal: -5 }, 'subtotal'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await browser.post<ErrorJson>('/api/shipping/calculate', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
  });
});

describe('POST /api/tax/calculate (D6)', () => {
  it.each([
    ['GA', 3.6],
    ['NC', 4.28], // 4.75% of 90.00 = 4.275, rounded half up
    ['SC', 5.4],
    ['TN', 6.3],
    ['FL', 5.4],
    ['AL', 3.6],
  ])('taxes $90.00 in %s at %d', async (state, tax) => {
    const response = await browser.post('/api/tax/calculate', { amount: 90, state });
    expect(response.body).toEqual({ taxAmount: tax });
  });

  it.each([
    [{ amount: 10, state: 'CA' }, 'state'],
    [{ amount: -10, state: 'GA' }, 'amount'],
    [{ amount: 'ten', state: 'GA' }, 'amount'],
    [{ amount: 10.001, state: 'GA' }, 'amount'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await browser.post<ErrorJson>('/api/tax/calculate', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
  });
});

describe('the cart quote (D9)', () => {
  it('prices the cart from the database and reports changed prices and short stock', async () => {
    const cheap = await insertProduct(server.databaseUrl, { price: '20.00', stock: 2, weight: '1.00' });
    const scarce = await insertProduct(server.databaseUrl, { price: '5.00', stock: 1, weight: '0.50' });
    const response = await browser.post<QuoteJson>('/api/checkout/quote', {
      items: [
        { productId: cheap, quantity: 2, price: '18.00' },
        { productId: scarce, quantity: 3 },
      ],
      state: 'GA',
    });
    expect(response.status).toBe(200);
    // 3.5 lb: $6.95 plus 2 x $1.25; GA tax 4% of $55.00. Quantities are priced as asked, even when short.
    expect(response.body).toMatchObject({ subtotal: '55.00', shipping: '9.45', tax: '2.20', total: '66.65', weight: '3.50' });
    expect(response.body.problems).toEqual([
      { productId: cheap, kind: 'price_changed', message: expect.stringContaining('from $18.00 to $20.00') as string },
      { productId: scarce, kind: 'insufficient_stock', message: expect.stringContaining('Only 1 of') as string },
    ]);
  });

  it('reports an archived product as no longer sold', async () => {
    const gone = await insertProduct(server.databaseUrl, { price: '9.00', stock: 3 });
    await withDatabase(server.databaseUrl, (client) => client.query('update product set archived = true where id = $1', [gone]));
    const q = await browser.post<QuoteJson>('/api/checkout/quote', { items: [{ productId: gone, quantity: 1 }] });
    expect(q.body.problems).toEqual([expect.objectContaining({ kind: 'unavailable' })]);
    expect(q.body.total).toBe('0.00');
  });

  it('leaves tax at 0.00 without a state', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '10.00', stock: 3 });
    const q = await browser.post('/api/checkout/quote', { items: [{ productId, quantity: 1 }] });
    expect(q.body).toMatchObject({ subtotal: '10.00', tax: '0.00', total: '16.95' });
  });

  it.each([
    [{ items: [] }, 'items'],
    [{ items: [{ productId: 'abc', quantity: 1 }] }, 'items.0.productId'],
    [{ items: [{ productId: 1, quantity: 0 }] }, 'items.0.quantity'],
    [
      {
        items: [
          { productId: 1, quantity: 1 },
          { productId: 1, quantity: 2 },
        ],
      },
      'items',
    ],
    [{ items: [{ productId: 1, quantity: 1 }], state: 'XX' }, 'state'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await browser.post<ErrorJson>('/api/checkout/quote', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
  });
});

describe('the OpenAPI document', () => {
  it('lists every checkout, payment and order path of docs/product.md section 7', async () => {
    const document = (await browser.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    expect(document.paths['/shipping/calculate']?.post).toBeDefined();
    expect(document.paths['/tax/calculate']?.post).toBeDefined();
    expect(document.paths['/checkout/quote']?.post).toBeDefined();
    expect(document.paths['/square/process-payment']?.post).toBeDefined();
    expect(document.paths['/paypal/order']?.post).toBeDefined();
    expect(document.paths['/paypal/order/{id}/capture']?.post).toBeDefined();
    expect(document.paths['/orders']?.post).toBeDefined();
    expect(document.paths['/orders/{id}']?.get).toBeDefined();
  });
});
