import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { insertOrder, insertProduct } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { OrderJson } from '../support/api-types';
import { Browser } from '../support/browser';
import { buyVariant, insertProductWithVariants, variantOf } from '../support/variant-fixtures';

// The owner's order list: paged on the server, searched, filtered, sorted, exported as CSV.

type Page = { orders: OrderJson[]; total: number };
let server: TestServer;
let cookie: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
  const productId = await insertProduct(server.databaseUrl, { price: '10.00' });
  const item = (quantity: number) => [{ productId, name: 'Walnut bowl', price: '10.00', quantity }];
  ids.grace = await insertOrder(server.databaseUrl, {
    items: item(1),
    total: '10.00',
    daysAgo: 3,
    customerName: 'Grace Hopper',
    customerEmail: 'grace@navy.example',
    status: 'completed',
  });
  ids.alan = await insertOrder(server.databaseUrl, {
    items: item(5),
    total: '50.00',
    daysAgo: 2,
    customerName: 'Alan Turing',
    customerEmail: 'alan@bletchley.example',
    status: 'shipped',
  });
  ids.formula = await insertOrder(server.databaseUrl, {
    items: item(2),
    total: '20.00',
    daysAgo: 1,
    customerName: '=HYPERLINK("evil")',
    customerEmail: 'percent%@odd.example',
  });
});
afterAll(() => server?.close());

const page = (query: string) => call<Page>(server, 'GET', `/admin/orders?${query}`, { cookie });
const names = (answer: { body: Page }) => answer.body.orders.map((order) => order.customerName);

describe("the owner's order list", () => {
  it('answers a page at a time, newest first, with the total', async () => {
    const first = await page('page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(names(first)).toEqual(['=HYPERLINK("evil")', 'Alan Turing']);
    expect(names(await page('page=2&pageSize=2'))).toEqual(['Grace Hopper']);
  });

  it('finds orders by number, email or name, case-insensitively, and takes % as itself', async () => {
    expect(names(await page('search=GRACE'))).toEqual(['Grace Hopper']);
    expect(names(await page('search=bletchley'))).toEqual(['Alan Turing']);
    expect(names(await page(`search=%23${String(ids.alan).padStart(6, '0')}`))).toEqual(['Alan Turing']);
    expect(names(await page('search=%25'))).toEqual(['=HYPERLINK("evil")']);
    expect((await page('search=nobody')).body.total).toBe(0);
  });

  it('filters by status and sorts by total', async () => {
    expect(names(await page('status=shipped'))).toEqual(['Alan Turing']);
    expect(names(await page('sort=total-asc'))).toEqual(['Grace Hopper', '=HYPERLINK("evil")', 'Alan Turing']);
    expect(names(await page('sort=oldest&status=completed'))).toEqual(['Grace Hopper']);
  });

  it('refuses a bad page size, sort or status with a 400 that names it', async () => {
    for (const [query, field] of [
      ['pageSize=1000', 'pageSize'],
      ['sort=cheapest', 'sort'],
      ['status=lost', 'status'],
      ['page=0', 'page'],
    ]) {
      const answer = await call<{ message: string }>(server, 'GET', `/admin/orders?${query}`, { cookie });
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toContain(field);
    }
    expect((await call(server, 'GET', '/admin/orders')).status).toBe(401);
  });

  it('exports the current filter as CSV, safe to open in a spreadsheet, for the owner only', async () => {
    expect((await fetch(`${server.url}/api/admin/orders.csv`)).status).toBe(401);
    const all = await fetch(`${server.url}/api/admin/orders.csv?sort=oldest`, { headers: { cookie } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(all.headers.get('content-disposition')).toMatch(/attachment; filename="turnery-orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await all.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Order","Date","Status","Customer","Email","Items","Subtotal","Shipping","Tax","Discount code","Discount","Total","Payment","Carrier","Tracking number","Ship to"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"Grace Hopper"');
    expect(lines[3]).toContain(`"'=HYPERLINK(""evil"")"`);
    const shipped = await (await fetch(`${server.url}/api/admin/orders.csv?status=shipped`, { headers: { cookie } })).text();
    expect(shipped.trim().split('\r\n')).toHaveLength(2);
    expect((await fetch(`${server.url}/api/admin/orders.csv?status=lost`, { headers: { cookie } })).status).toBe(400);
    // A misspelt filter is refused, not ignored (which would export every order).
    const misspelt = await fetch(`${server.url}/api/admin/orders.csv?stauts=shipped`, { headers: { cookie } });
    expect(misspelt.status).toBe(400);
    expect(((await misspelt.json()) as { message: string }).message).toMatch(/^stauts: is not a query parameter/);
  });
});

describe('one order, for the owner', () => {
  it('shows the order with its items and its history, and answers 404 naming a missing order', async () => {
    const grace = await call<OrderJson>(server, 'GET', `/admin/orders/${ids.grace}`, { cookie });
    expect(grace.body).toMatchObject({ id: ids.grace, customerName: 'Grace Hopper', items: [{ name: 'Walnut bowl', quantity: 1 }] });
    const history = await call<unknown[]>(server, 'GET', `/admin/orders/${ids.grace}/history`, { cookie });
    expect(history.status).toBe(200);
    expect(history.body).toEqual([]);
    for (const path of ['/admin/orders/999999', '/admin/orders/999999/history']) {
      const missing = await call<{ message: string }>(server, 'GET', path, { cookie });
      expect(missing.status, path).toBe(404);
      expect(missing.body.message, path).toBe('No order with id 999999');
    }
  });
});

describe('the CSV of an order with a variant', () => {
  it('names the variant after the product in the Items cell; a plain line is as before', async () => {
    const bowl = await insertProductWithVariants(server, cookie, [
      { options: ['Walnut'], price: '58.00', stockQuantity: 3 },
      { options: ['Cherry'], price: '54.00', stockQuantity: 3 },
    ]);
    const order = await buyVariant(new Browser(server.url), bowl.id, variantOf(bowl, 'Cherry').id, 2);
    const number = String(order.id).padStart(6, '0');
    const csv = await (await fetch(`${server.url}/api/admin/orders.csv?search=%23${number}`, { headers: { cookie } })).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The columns stay as they were: one row per order, its lines in one cell.
    expect(header).toBe(
      '"Order","Date","Status","Customer","Email","Items","Subtotal","Shipping","Tax","Discount code","Discount","Total","Payment","Carrier","Tracking number","Ship to"',
    );
    expect(row).toContain(`"#${number}"`);
    expect(row).toContain(`"2 x ${bowl.name} — Cherry"`);
    const plain = await (await fetch(`${server.url}/api/admin/orders.csv?search=GRACE`, { headers: { cookie } })).text();
    expect(plain).toContain('"1 x Walnut bowl"');
  });
});
