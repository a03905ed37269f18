import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/admin-client';
import { insertProduct } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// D34: one contract, typed. A JSON body, on the REST mirror and on /trpc alike, is checked against its schema as it
// is: a boolean or a string where a number belongs is a 400 naming the field, never read as 1 or 2. Only the text of
// query strings and path parameters is read as the number or boolean its field takes, on the REST side only.

let server: TestServer;
let productId: number;
beforeAll(async () => {
  server = await startTestServer();
  productId = await insertProduct(server.databaseUrl, { price: '20.00', stock: 5 });
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  body: {
    issues?: { path: (string | number)[] }[];
    data?: { issues?: { path: (string | number)[] }[] };
    error?: { data?: { issues?: { path: (string | number)[] }[] } };
  };
}

async function send(method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** The fields a 400 names, from the REST mirror's body or /trpc's error. */
const named = (answer: Answer) =>
  (answer.body.data?.issues ?? answer.body.issues ?? answer.body.error?.data?.issues ?? []).map((issue) => issue.path.join('.'));

describe('a JSON body is checked as it is', () => {
  const quote = (quantity: unknown) => ({ items: [{ productId, quantity }], state: 'GA' });

  it.each([
    ['/trpc/checkout.quote', true],
    ['/trpc/checkout.quote', '2'],
    ['/api/checkout/quote', true],
    ['/api/checkout/quote', '2'],
    ['/api/checkout/quote', null],
  ])('POST %s with quantity %j is a 400 naming items.0.quantity', async (path, quantity) => {
    const answer = await send('POST', path, quote(quantity));
    expect(answer.status).toBe(400);
    expect(named(answer)).toContain('items.0.quantity');
  });

  it('takes a number as a number on both roads', async () => {
    for (const path of ['/trpc/checkout.quote', '/api/checkout/quote']) {
      const answer = await send('POST', path, quote(2));
      expect(answer.status, path).toBe(200);
    }
  });

  it('refuses a string where the owner sends a number or a boolean in a body, and an id that is text on /trpc', async () => {
    const cookie = await signIn(server);
    const product = await send('PUT', `/api/products/${productId}`, { stockQuantity: '7', featured: 'false' }, cookie);
    expect(product.status).toBe(400);
    expect(named(product)).toEqual(expect.arrayContaining(['stockQuantity', 'featured']));
    const byId = await send('GET', `/trpc/orders.byId?input=${encodeURIComponent(JSON.stringify({ id: '1' }))}`);
    expect(byId.status).toBe(400);
    expect(named(byId)).toContain('id');
  });
});

describe("the REST mirror reads a query string's and a path's text as its field takes it", () => {
  it('reads page and pageSize as numbers, and refuses text that is no number, naming it', async () => {
    const page = await fetch(`${server.url}/api/products?page=1&pageSize=2`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as unknown[]).length).toBeLessThanOrEqual(2);
    const bad = await send('GET', '/api/products?pageSize=two');
    expect(bad.status).toBe(400);
    expect(named(bad)).toContain('pageSize');
  });

  it('reads a path id as a number, and a product by its id', async () => {
    expect((await fetch(`${server.url}/api/products/${productId}`)).status).toBe(200);
    const order = await send('GET', '/api/orders/abc');
    expect(order.status).toBe(400);
    expect(named(order)).toContain('id');
  });
});
