import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { cookiesOf } from '../support/admin-client';
import { sql } from '../support/database';
import { buy, insertProduct, productStock } from '../support/fixtures';
import { keepAliveClient } from '../support/http-client';
import { eventually } from '../support/eventually';
import { startShopProcess, type ShopProcess } from '../support/shop-process';
import type { ProductJson } from '../support/api-types';

// Two app processes on one PostgreSQL, as behind a load balancer: what one does, the other must know.
const PASSWORD = 'two-instances-password';
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const shops: ShopProcess[] = [];

beforeAll(async () => {
  database = await createScratchDatabase(inject('databaseServerUrl'), 'scale', inject('migratedTemplate'));
  // Both sign sessions with one secret, as instances behind a balancer do. They start at once on a copy of the run's
  // migrated template (tests/api/start-at-once.test.ts holds starts at once on an empty database to one migration).
  const secret = randomBytes(32).toString('hex');
  shops.push(
    ...(await Promise.all(
      [0, 1].map(() => startShopProcess({ DATABASE_URL: database.url, ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: secret })),
    )),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  await database?.drop();
});

const verify = async (url: string, cookie: string) =>
  ((await (await fetch(`${url}/api/admin/verify`, { headers: { cookie } })).json()) as { authenticated: boolean }).authenticated;

describe('two app instances on one database', () => {
  it('share admin sessions: signed in on one is signed in on the other, and a logout on one ends it on both', async () => {
    const [a, b] = shops as [(typeof shops)[0], (typeof shops)[0]];
    const login = await fetch(`${a.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = cookiesOf(login);
    expect(await verify(a.url, cookie)).toBe(true);
    expect(await verify(b.url, cookie)).toBe(true);
    expect((await fetch(`${b.url}/api/admin/logout`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    expect(await verify(a.url, cookie)).toBe(false);
    expect((await fetch(`${a.url}/api/orders`, { headers: { cookie } })).status).toBe(401);
  });

  it('drop their cached catalogue when the other one (or anyone) changes it', async () => {
    const [a, b] = shops as [(typeof shops)[0], (typeof shops)[0]];
    const featured = async (url: string) => (await (await fetch(`${url}/api/products/featured`)).json()) as { id: number; name: string }[];
    const before = await featured(b.url);
    await featured(b.url); // now cached on b
    const login = await fetch(`${a.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = cookiesOf(login);
    const product = (await (await fetch(`${a.url}/api/admin/products`, { headers: { cookie } })).json()) as ProductJson[];
    const target = product.find((p) => p.id === before[0]!.id)!;
    const update = await fetch(`${a.url}/api/products/${target.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...target, name: 'Renamed On Instance A' }),
    });
    expect(update.status).toBe(200);
    const after = await eventually(
      () => featured(b.url),
      (list) => list.some((p) => p.name === 'Renamed On Instance A'),
    );
    expect(after.map((p) => p.name)).toContain('Renamed On Instance A');
  });

  it('sell exactly the stock when 100 buyers split across both race for 10 units', { timeout: 120_000 }, async () => {
    const productId = await insertProduct(database.url, { stock: 10 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => buy(keepAliveClient(shops[i % 2]!.url), productId)));
    const placed = results.filter((result) => result.orderId !== undefined);
    expect(placed).toHaveLength(10);
    expect(results.flatMap((result) => result.statuses).filter((status) => status >= 500)).toEqual([]);
    expect((await productStock(database.url, productId)).stock_quantity).toBe(0);
    const rows = await sql<{ orders: number }>(
      database.url,
      'select count(distinct order_id)::int as orders from order_item where product_id = $1',
      [productId],
    );
    expect(rows[0]?.orders).toBe(10);
  });

  it(
    'sell exactly a variant’s last 20 units to 60 buyers split across both, and nothing of the other variants',
    { timeout: 120_000 },
    async () => {
      const productId = await insertProduct(database.url, { stock: 0 });
      await sql(database.url, `update product set options = $2::jsonb where id = $1`, [
        productId,
        JSON.stringify([{ name: 'Wood', values: ['Walnut', 'Cherry', 'Maple'] }]),
      ]);
      const variants = await sql<{ id: number; wood: string }>(
        database.url,
        `insert into product_variant (product_id, position, option_values, price, stock_quantity, weight)
       values ($1, 0, '{Walnut}', 58, 20, 1.1), ($1, 1, '{Cherry}', 54, 7, 1.0), ($1, 2, '{Maple}', 50, 5, 1.0)
       returning id, option_values[1] as wood`,
        [productId],
      );
      const walnut = variants.find((variant) => variant.wood === 'Walnut')!.id;
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => buy(keepAliveClient(shops[i % 2]!.url), productId, walnut)));
      expect(results.filter((result) => result.orderId !== undefined)).toHaveLength(20);
      expect(results.flatMap((result) => result.statuses).filter((status) => status >= 500)).toEqual([]);
      const stock = await sql<{ wood: string; stock_quantity: number }>(
        database.url,
        'select option_values[1] as wood, stock_quantity from product_variant where product_id = $1 order by position',
        [productId],
      );
      expect(stock).toEqual([
        { wood: 'Walnut', stock_quantity: 0 },
        { wood: 'Cherry', stock_quantity: 7 },
        { wood: 'Maple', stock_quantity: 5 },
      ]);
      // The product's summary (D38) follows: the other variants' 12, still in stock.
      expect(await productStock(database.url, productId)).toEqual({ stock_quantity: 12, in_stock: true });
      const sold = await sql<{ units: number }>(database.url, 'select sum(quantity)::int as units from order_item where variant_id = $1', [
        walnut,
      ]);
      expect(sold[0]?.units).toBe(20);
    },
  );

  // Last: it leaves this client locked out of sign-in for a minute, on both instances.
  it('count a rate limit together: 5 sign-ins a minute is 5 across both, not 5 on each', async () => {
    const attempt = (url: string) =>
      fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'not the password' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(shops[i % 2]!.url)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
