import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { startServer, type RunningServer } from '../../server/server';
import { buy, insertProduct } from '../support/fixtures';
import { startFreezableProxy } from '../support/freezable-proxy';
import { keepAliveClient } from '../support/http-client';

// A network partition: the database's TCP connections stay open but nothing answers. With its default settings
// the shop must say so while the partition lasts (health, reads it cannot serve from its cache, writes: its query
// timeout, DATABASE_QUERY_TIMEOUT_MS), never hang until TCP gives up minutes later, and serve again by itself when
// the network is back. How fast it says so is the bench's business; here, what it answers and in which order.
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
let server: RunningServer;
let productId: number;
const METRICS_TOKEN = 'metrics-token-0123456789';

beforeAll(async () => {
  database = await createScratchDatabase(inject('databaseServerUrl'), 'frozen', inject('migratedTemplate'));
  const url = new URL(database.url);
  proxy = await startFreezableProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.port = String(proxy.port);
  server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), 'turnery-frozen'),
      STOP_DELAY_MS: '0',
      METRICS_TOKEN,
    }),
  );
  productId = await insertProduct(database.url, { stock: 10 });
}, 120_000);
afterAll(async () => {
  proxy?.thaw();
  await server?.stop();
  await proxy?.close();
  await database?.drop();
});

const answer = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { response, body: (await response.json()) as unknown };
};
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
/** How many reads the response cache has answered (its counter in /metrics). */
const cacheHits = async () => {
  const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(/^turnery_response_cache_hits_total (\S+)$/m.exec(await metrics.text())?.[1] ?? 0);
};
const unavailable = { code: 'SERVICE_UNAVAILABLE', data: { reason: 'DATABASE_UNAVAILABLE' } };

describe('a frozen database connection', () => {
  it('answers while still frozen (cached reads 200, the rest 503 JSON) and sells again once thawed', { timeout: 90_000 }, async () => {
    const products = `${server.url}/api/products`;
    // Read until the answer comes from the response cache (its hits grow): the product inserted above empties the
    // cache when its notification arrives, which may be after a first read.
    let fromCache = false;
    for (let attempt = 0; attempt < 50 && !fromCache; attempt += 1) {
      const hits = await cacheHits();
      const response = await fetch(products);
      expect(response.status).toBe(200);
      fromCache = (await cacheHits()) > hits;
      if (!fromCache) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(fromCache).toBe(true);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

    proxy.freeze();
    // Each answer below arrives before the thaw: the shop gave up on the database itself.
    const ready = await answer(`${server.url}/api/health/ready`);
    expect(ready.response.status).toBe(503);
    // The catalogue read before the partition is still served from memory.
    const cached = await answer(products);
    expect(cached.response.status).toBe(200);
    // A read the cache does not hold (a statement of the shop's pool, entities through the ORM's), and writes, need
    // the database: a JSON 503 a client may retry.
    const [search, blogPost, contact, quote] = await Promise.all([
      answer(`${products}?search=walnut`),
      answer(`${server.url}/api/blog/no-such-post`),
      answer(
        `${server.url}/api/contact`,
        post({ firstName: 'Ada', lastName: 'Turner', email: 'ada@example.com', subject: 'general', message: 'Hello there, a question.' }),
      ),
      answer(`${server.url}/api/checkout/quote`, post({ items: [{ productId, quantity: 1 }], state: 'GA' })),
    ]);
    for (const refused of [search, blogPost, contact, quote]) {
      expect(refused.response.status).toBe(503);
      expect(refused.body).toMatchObject(unavailable);
    }

    proxy.thaw();
    const thawed = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - thawed < 30_000) {
      status = (await fetch(`${server.url}/api/health/ready`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    // Entities through the ORM's pool are read again too.
    expect((await fetch(`${server.url}/api/blog/no-such-post`)).status).toBe(404);
    const purchase = await buy(keepAliveClient(server.url), productId);
    expect(purchase.statuses).toEqual([200, 200, 200]);
    expect(purchase.orderId).toBeGreaterThan(0);
  });
});
