import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startProcess, type Started } from '../../bench/processes';
import { freePort } from '../../server/db/embedded-postgres';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { sql } from '../support/database';
import { buy, insertProduct, productStock } from '../support/fixtures';
import { keepAliveClient } from '../support/http-client';

// The real server as a process of its own, run from the bundle `npm start` builds and runs (so that path is
// tested too), stopped with SIGTERM while buyers are checking out.
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let shop: Started | undefined;
afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

describe('SIGTERM under load', () => {
  it('finishes what is in flight, exits 0, loses no committed order and leaves no half-written one', { timeout: 120_000 }, async () => {
    database = await createScratchDatabase(inject('databaseServerUrl'), 'sigterm');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    shop = await startProcess(
      'dist/server/index.mjs',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        LOG_LEVEL: 'error',
        NODE_ENV: 'test',
        ADMIN_PASSWORD: 'x'.repeat(12),
        SESSION_SECRET: randomBytes(32).toString('hex'),
        // 30 buyers on one address.
        PAYMENT_ATTEMPTS_PER_CLIENT: '100000',
      },
      `${url}/api/health`,
    );
    const productId = await insertProduct(database.url, { stock: 1000 });
    const exited = new Promise<number | null>((resolve) => shop!.child.once('exit', (code) => resolve(code)));

    const placed: number[] = [];
    const serverErrors: number[] = [];
    let stopping = false;
    const buyers = Array.from({ length: 24 }, async () => {
      while (!stopping) {
        try {
          const result = await buy(keepAliveClient(url), productId);
          if (result.orderId !== undefined) placed.push(result.orderId);
          serverErrors.push(...result.statuses.filter((status) => status >= 500));
        } catch {
          // Refused once the server stopped listening: expected, nothing was taken.
        }
      }
    });
    // Let checkouts get going, then ask the server to stop while they are in flight.
    for (let waited = 0; placed.length < 20 && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(placed.length, `orders placed before the stop (server errors: ${serverErrors.join(',')})`).toBeGreaterThanOrEqual(20);
    shop.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    stopping = true;
    await Promise.all(buyers);
    shop = undefined;

    expect(serverErrors).toEqual([]);
    const orders = await sql<{ id: number; total: string; lines: string; items: number; units: number }>(
      database.url,
      `select o.id, o.total, (o.subtotal + o.shipping + o.tax)::text as lines, count(i.id)::int as items,
              coalesce(sum(i.quantity), 0)::int as units
         from shop_order o left join order_item i on i.order_id = o.id group by o.id`,
    );
    const ids = new Set(orders.map((order) => order.id));
    // Every order a buyer was told about is there...
    expect(placed.filter((id) => !ids.has(id))).toEqual([]);
    // ...and every order there is whole: items written, figures adding up, stock taken for each unit.
    for (const order of orders) {
      expect(order.items).toBeGreaterThan(0);
      expect(Number(order.total).toFixed(2)).toBe(Number(order.lines).toFixed(2));
    }
    const units = orders.reduce((sum, order) => sum + order.units, 0);
    expect((await productStock(database.url, productId)).stock_quantity).toBe(1000 - units);
  });
});
