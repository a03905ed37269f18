import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { freePort } from '../../server/db/embedded-postgres';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { sql } from '../support/database';
import { insertProduct, keepBuying } from '../support/fixtures';
import { keepAliveClient } from '../support/http-client';
import { startShopProcess, type ShopProcess } from '../support/shop-process';

// Debian's caddy running the shipped deploy/Caddyfile, changed only through the variables it reads (the site's
// address, the instances, no admin API), in front of two instances on one database as compose.yaml runs them,
// with STOP_DELAY_MS at its default. One instance is restarted (SIGTERM, then started again on its port) while
// 30 buyers check out.
const METRICS_TOKEN = 'rolling-restart-metrics-token';
let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const shops: ShopProcess[] = [];
let caddy: Awaited<ReturnType<typeof startCaddy>> | undefined;
afterAll(async () => {
  await caddy?.stop();
  await Promise.all(shops.map((shop) => shop.stop()));
  await database?.drop();
});

/** An instance as production runs it: STOP_DELAY_MS at its default, so the balancer has time to take it out. */
async function startShop(port?: number): Promise<ShopProcess> {
  const env = { DATABASE_URL: database!.url, STOP_DELAY_MS: String(loadConfig({}).STOP_DELAY_MS), METRICS_TOKEN };
  const shop = await startShopProcess(env, { port });
  shops.push(shop);
  return shop;
}

/** `caddy run` on the shipped Caddyfile in front of `shopUrls`, once it answers through to an instance. */
async function startCaddy(shopUrls: string[]) {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
  } catch {
    throw new Error("This test needs Debian's caddy (apt-get install caddy; .ci/run installs it)");
  }
  const port = await freePort();
  // Its own home: Caddy writes its autosaved configuration and data there.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'turnery-caddy-'));
  const child = spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: home,
      XDG_DATA_HOME: home,
      SITE_ADDRESS: `http://127.0.0.1:${port}`,
      SHOP_UPSTREAMS: shopUrls.map((url) => new URL(url).host).join(' '),
      CADDY_ADMIN: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${log}`);
    const status = await fetch(`${url}/api/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    /** Caddy's log lines at level error: a request it could not forward, an answer cut short. */
    errors: () => log.split('\n').filter((line) => line.includes('"level":"error"')),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Orders the restarted instance placed, from its own metrics (its counters start at its start). */
async function ordersPlacedBy(shop: ShopProcess): Promise<number> {
  const text = await (await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^turnery_orders_total\{outcome="placed"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

describe('Caddy with the shipped Caddyfile in front of two instances, one restarted under load', () => {
  it('answers every request, and every order a buyer was told of is stored with its payment', { timeout: 240_000 }, async () => {
    database = await createScratchDatabase(inject('databaseServerUrl'), 'caddy', inject('migratedTemplate'));
    // Both at once, on a copy of the run's migrated template.
    const [first] = await Promise.all([startShop(), startShop()]);
    caddy = await startCaddy(shops.map((shop) => shop.url));
    const productId = await insertProduct(database.url, { stock: 5000 });

    const buyers = keepBuying(keepAliveClient(caddy.url), productId, 30);
    const { told, statuses, thrown } = buyers;
    const until = async (done: () => boolean | Promise<boolean>) => {
      for (let waited = 0; !(await done()) && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    await until(() => told.length >= 30);
    const beforeStop = told.length;
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const restarted = await startShop(Number(new URL(first.url).port));
    // Caddy sends buyers to it again once its readiness says so.
    await until(async () => (await ordersPlacedBy(restarted)) >= 5);
    const byRestarted = await ordersPlacedBy(restarted);
    await buyers.stop();

    expect(beforeStop).toBeGreaterThanOrEqual(30);
    expect(byRestarted).toBeGreaterThanOrEqual(5);
    expect(thrown, caddy.errors().join('\n')).toEqual([]);
    expect(
      statuses.filter((status) => status !== 200),
      caddy.errors().join('\n'),
    ).toEqual([]);
    expect(caddy.errors()).toEqual([]);

    const orders = await sql<{ id: number }>(database.url, 'select id from shop_order');
    expect(orders.map((order) => order.id).sort((a, b) => a - b)).toEqual([...told].sort((a, b) => a - b));
    // Every payment taken is held by its order: none was left captured without one, or still being charged.
    const ledger = await sql<{ state: string; count: number }>(
      database.url,
      'select state, count(*)::int as count from payment_ledger group by state',
    );
    expect(ledger).toEqual([{ state: 'ordered', count: orders.length }]);
    console.log(
      `Caddy rolling restart: ${beforeStop} orders before the stop, ${orders.length} in all, ${byRestarted} by the restarted instance`,
    );
  });
});
