import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Started } from '../../bench/processes';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { sql } from '../support/database';
import { insertProduct, keepBuying, productStock } from '../support/fixtures';
import { keepAliveClient } from '../support/http-client';
import { startShopProcess } from '../support/shop-process';
import { startTestBalancer } from '../support/test-balancer';

// Two instances of the real server, each a process of its own run from the bundle `npm start` runs, behind a
// balancer that follows their readiness; one is stopped with SIGTERM while 30 buyers check out.
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const shops: Started[] = [];
let balancer: Awaited<ReturnType<typeof startTestBalancer>> | undefined;
afterAll(async () => {
  await balancer?.close();
  await Promise.all(shops.map((shop) => shop.stop()));
  await database?.drop();
});

async function startShop(): Promise<string> {
  // Readiness says 503 this long before the listener closes: long enough for the balancer's two failed checks (every
  // 100 ms) even on a loaded machine, where 1 s once let a request reach the closing listener.
  const shop = await startShopProcess({ DATABASE_URL: database.url, STOP_DELAY_MS: '3000' });
  shops.push(shop);
  return shop.url;
}

describe('SIGTERM to one of two instances under load', () => {
  it('loses no request, answers no 5xx, exits 0, and every payment taken ends in its order', { timeout: 180_000 }, async () => {
    database = await createScratchDatabase(inject('databaseServerUrl'), 'sigterm');
    const urls = [await startShop(), await startShop()];
    balancer = await startTestBalancer(urls);
    const productId = await insertProduct(database.url, { stock: 5000 });
    const [stopped] = shops;
    const exited = new Promise<number | null>((resolve) => stopped!.child.once('exit', (code) => resolve(code)));

    const buyers = keepBuying(keepAliveClient(balancer.url), productId, 30);
    const { told, statuses, thrown } = buyers;
    const placed = async (count: number) => {
      for (let waited = 0; told.length < count && waited < 60_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await placed(30);
    const beforeStop = told.length;
    stopped!.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The other instance keeps selling.
    await placed(told.length + 30);
    await buyers.stop();

    expect(beforeStop).toBeGreaterThanOrEqual(30);
    expect(balancer.lost).toEqual([]);
    expect(thrown).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const orders = await sql<{ id: number; total: string; lines: string; items: number; units: number }>(
      database.url,
      `select o.id, o.total, (o.subtotal + o.shipping + o.tax)::text as lines, count(i.id)::int as items,
              coalesce(sum(i.quantity), 0)::int as units
         from shop_order o left join order_item i on i.order_id = o.id group by o.id`,
    );
    // Every order a buyer was told about is there, and nothing else...
    expect(orders.map((order) => order.id).sort((a, b) => a - b)).toEqual([...told].sort((a, b) => a - b));
    // ...each whole: items written, figures adding up, stock taken for each unit.
    for (const order of orders) {
      expect(order.items).toBeGreaterThan(0);
      expect(Number(order.total).toFixed(2)).toBe(Number(order.lines).toFixed(2));
    }
    const units = orders.reduce((sum, order) => sum + order.units, 0);
    expect((await productStock(database.url, productId)).stock_quantity).toBe(5000 - units);
    // Every payment taken is held by its order: none was left captured without one, or still being charged.
    const ledger = await sql<{ state: string; count: number }>(
      database.url,
      'select state, count(*)::int as count from payment_ledger group by state',
    );
    expect(ledger).toEqual([{ state: 'ordered', count: orders.length }]);
    console.log(`SIGTERM under load: ${beforeStop} orders before the stop, ${orders.length} in all, none lost`);
  });
});
