// The checkout as buyers drive it: quote, sandbox card payment, order. Measures orders per second under
// concurrency, then checks that a scarce product is never oversold.
import http from 'node:http';
import { sql } from '../tests/support/database';
import { buy, insertProduct, productStock } from '../tests/support/fixtures';
import { keepAliveClient } from '../tests/support/http-client';
import { cpuMicros, freeze, postgresCpuMicros, thaw, type Started } from './processes';
import { printTable } from './table';

/** A product of the benchmark's own with `stock` units. */
const benchProduct = (databaseUrl: string, stock: number) =>
  insertProduct(databaseUrl, { name: `Bench Bowl ${stock}`, price: '24.50', stock });
const stockOf = async (databaseUrl: string, id: number) => (await productStock(databaseUrl, id)).stock_quantity;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

interface Turn {
  orders: number;
  failed: number;
  /** From the first buy's start to the last buy's end. */
  seconds: number;
  latencies: number[];
  /** CPU time the server used in the turn, when its pid was given. */
  cpuMicros?: number;
  /** CPU time PostgreSQL used in the turn (its backends, the server's and the buyers' checks alike). */
  postgresCpuMicros?: number;
}

/** `connections` buyers buying one unit of `productId` after another for `seconds`. */
async function buyingTurn(url: string, productId: number, options: { connections: number; seconds: number; serverPid?: number }) {
  // Connections of the turn's own, closed at its end: one kept from an earlier turn would be closed by the server for
  // idleness the moment it is thawed, maybe as it is reused (a reset, not the shop's doing).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const buyer = keepAliveClient(url, agent);
  const turn: Turn = { orders: 0, failed: 0, seconds: 0, latencies: [] };
  const cpuBefore = cpuMicros(options.serverPid);
  const postgresBefore = postgresCpuMicros();
  const started = performance.now();
  const deadline = Date.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        const bought = performance.now();
        const ok = await buy(buyer, productId).then(
          (b) => b.orderId !== undefined,
          () => false,
        );
        turn.latencies.push(performance.now() - bought);
        if (ok) turn.orders += 1;
        else turn.failed += 1;
      }
    }),
  );
  turn.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const cpuAfter = cpuMicros(options.serverPid);
  if (cpuBefore !== undefined && cpuAfter !== undefined) turn.cpuMicros = cpuAfter - cpuBefore;
  const postgresAfter = postgresCpuMicros();
  if (postgresBefore !== undefined && postgresAfter !== undefined) turn.postgresCpuMicros = postgresAfter - postgresBefore;
  return turn;
}

/** Three buyers for each of 20 units, all at once: exactly 20 orders must be placed, and the stock end at 0. */
async function scarcity(url: string, databaseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const buyer = keepAliveClient(url, agent);
  const scarce = await benchProduct(databaseUrl, 20);
  const results = await Promise.all(
    Array.from({ length: 60 }, () =>
      buy(buyer, scarce).then(
        (b) => b.orderId !== undefined,
        () => false,
      ),
    ),
  );
  agent.destroy();
  return { units: 20, buyers: 60, sold: results.filter(Boolean).length, left: await stockOf(databaseUrl, scarce) };
}

function result(
  connections: number,
  turns: Turn[],
  stock: { before: number; after: number },
  scarce: Awaited<ReturnType<typeof scarcity>>,
) {
  const orders = turns.reduce((sum, t) => sum + t.orders, 0);
  const seconds = turns.reduce((sum, t) => sum + t.seconds, 0);
  const latencies = turns.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const cpu = turns.every((t) => t.cpuMicros !== undefined) ? turns.reduce((sum, t) => sum + t.cpuMicros!, 0) : undefined;
  return {
    connections,
    /** Each turn's orders per second and CPU per order, in the order they ran. */
    byTurn: turns.map((t) => ({
      ordersPerSecond: t.orders / t.seconds,
      cpuMicrosPerOrder: t.cpuMicros && t.orders ? t.cpuMicros / t.orders : undefined,
      postgresCpuMicrosPerOrder: t.postgresCpuMicros && t.orders ? t.postgresCpuMicros / t.orders : undefined,
    })),
    orders,
    failed: turns.reduce((sum, t) => sum + t.failed, 0),
    ordersPerSecond: orders / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    /** CPU time the server used per order placed (its quote, payment and order; for the shop, its emails' delivery too). */
    cpuMicrosPerOrder: cpu === undefined || orders === 0 ? undefined : cpu / orders,
    stockBefore: stock.before,
    stockAfter: stock.after,
    unitsSold: stock.before - stock.after,
    oversold: stock.before - stock.after !== orders || scarce.sold !== 20 || scarce.left !== 0,
    scarce,
  };
}

export type CheckoutResult = ReturnType<typeof result>;

/** One turn of buying (plenty of stock), then the scarcity check, on one server. */
export async function benchCheckout(
  shopUrl: string,
  databaseUrl: string,
  options: { connections: number; seconds: number; serverPid?: number },
): Promise<CheckoutResult> {
  const productId = await benchProduct(databaseUrl, 1_000_000);
  const before = await stockOf(databaseUrl, productId);
  const turn = await buyingTurn(shopUrl, productId, options);
  const after = await stockOf(databaseUrl, productId);
  return result(options.connections, [turn], { before, after }, await scarcity(shopUrl, databaseUrl));
}

/** Waits until the job queue is empty (the emails of earlier orders delivered), so it costs the next run nothing. */
export async function queueDrained(databaseUrl: string) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const [row] = await sql<{ n: string }>(databaseUrl, 'select count(*) as n from graphile_worker.jobs');
    if (row!.n === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the job queue did not drain in 2 minutes');
}

/** A server in the side-by-side checkout: its product (plenty of stock), that product's stock at first, its turns. */
interface Side {
  server: Started & { url: string };
  productId: number;
  stockBefore: number;
  turns: Turn[];
}

/**
 * The raw baseline's checkout and the shop's, in alternating turns (shop, baseline, shop, ...), so that a slow spell
 * of the machine falls on both alike. (Turns in pairs, baseline, shop, shop, baseline, ..., put two of the shop's
 * back to back; in one run those two used a third more CPU per order than its other two.) The baseline goes second,
 * so that both servers warming up over the run does not favour the shop. Each delivers its own orders' emails (no
 * SMTP here: a delivery is a queue round trip and a read of the email) and no one else's, and has the database to
 * itself: the server whose turn it is not is frozen (SIGSTOP: no CPU, no jobs taken), and a turn ends once the queue
 * it filled is empty. Each server first has a warm-up turn, not counted.
 */
export async function checkoutSideBySide(
  databaseUrl: string,
  baseline: Started & { url: string },
  startShop: () => Promise<Started & { url: string }>,
  options: { connections: number; seconds: number; turns: number },
) {
  const shop = await startShop();
  const sideOf = (server: Started & { url: string }): Side => ({ server, productId: 0, stockBefore: 0, turns: [] });
  const [raw, ours] = [sideOf(baseline), sideOf(shop)];
  const inTurn = async (side: Side, work: () => Promise<void>) => {
    thaw(side.server.child.pid);
    try {
      await work();
      await queueDrained(databaseUrl);
    } finally {
      freeze(side.server.child.pid);
    }
  };
  try {
    freeze(baseline.child.pid);
    freeze(shop.child.pid);
    for (const side of [raw, ours]) {
      side.productId = await benchProduct(databaseUrl, 1_000_000);
      side.stockBefore = await stockOf(databaseUrl, side.productId);
      await inTurn(side, async () => {
        const warmUp = await benchProduct(databaseUrl, 1_000_000);
        await buyingTurn(side.server.url, warmUp, { connections: options.connections, seconds: Math.min(3, options.seconds) });
      });
    }
    for (let turn = 0; turn < options.turns; turn += 1) {
      for (const side of [ours, raw]) {
        await inTurn(side, async () => {
          const load = { connections: options.connections, seconds: options.seconds, serverPid: side.server.child.pid };
          side.turns.push(await buyingTurn(side.server.url, side.productId, load));
        });
      }
    }
    // Last, each server's scarcity check, in a turn of its own.
    const results: CheckoutResult[] = [];
    for (const side of [ours, raw]) {
      const stock = { before: side.stockBefore, after: await stockOf(databaseUrl, side.productId) };
      await inTurn(side, async () => {
        results.push(result(options.connections, side.turns, stock, await scarcity(side.server.url, databaseUrl)));
      });
    }
    return { shop: results[0]!, baseline: results[1]!, turns: options.turns, seconds: options.seconds };
  } finally {
    thaw(baseline.child.pid);
    thaw(shop.child.pid);
    await shop.stop();
  }
}

export function printCheckout(results: { shop: CheckoutResult; baseline: CheckoutResult; turns: number; seconds: number }) {
  const { shop, baseline } = results;
  console.log(
    `\nCheckout (quote + sandbox card payment + order, one unit each), ${shop.connections} concurrent buyers, ${results.turns} turns of ${results.seconds} s per server (shop, baseline, shop, ...):`,
  );
  const row = (name: string, r: CheckoutResult) => [
    name,
    String(r.orders),
    r.ordersPerSecond.toFixed(1),
    r.p50.toFixed(0),
    r.p99.toFixed(0),
    r.cpuMicrosPerOrder?.toFixed(0) ?? '-',
    String(r.failed),
    String(r.unitsSold),
    `${r.scarce.sold} sold, ${r.scarce.left} left`,
    r.oversold ? 'YES' : 'no',
  ];
  printTable(
    ['server', 'orders', 'orders/s', 'p50 ms', 'p99 ms', 'CPU µs/order', 'failed', 'stock taken', 'scarce: 60 buyers for 20', 'oversold'],
    [row('shop', shop), row('raw baseline', baseline)],
  );
  const turns = (r: CheckoutResult) =>
    r.byTurn
      .map(
        (t) =>
          `${t.ordersPerSecond.toFixed(1)}/s ${t.cpuMicrosPerOrder?.toFixed(0) ?? '-'}+${t.postgresCpuMicrosPerOrder?.toFixed(0) ?? '-'} µs`,
      )
      .join(', ');
  console.log(`Each turn (orders/s, CPU per order: server's + PostgreSQL's): shop ${turns(shop)}; raw baseline ${turns(baseline)}`);
  console.log(`shop/baseline: ${(shop.ordersPerSecond / baseline.ordersPerSecond).toFixed(2)}`);
}
