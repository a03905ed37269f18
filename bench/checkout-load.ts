// The checkout as buyers drive it: quote, sandbox card payment, order. Measures orders per second under
// concurrency, then checks that a scarce product is never oversold.
import { sql } from '../tests/support/database';
import { buy, insertProduct, productStock } from '../tests/support/fixtures';
import { keepAliveClient } from '../tests/support/http-client';
import { cpuMicros, type Started } from './processes';
import { printTable } from './table';

/** A product of the benchmark's own with `stock` units. */
const benchProduct = (databaseUrl: string, stock: number) =>
  insertProduct(databaseUrl, { name: `Bench Bowl ${stock}`, price: '24.50', stock });
const stockOf = async (databaseUrl: string, id: number) => (await productStock(databaseUrl, id)).stock_quantity;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export type CheckoutResult = Awaited<ReturnType<typeof benchCheckout>>;

export async function benchCheckout(
  shopUrl: string,
  databaseUrl: string,
  options: { connections: number; seconds: number; serverPid?: number },
) {
  const buyer = keepAliveClient(shopUrl);
  const buyOnce = async (productId: number) => (await buy(buyer, productId)).orderId !== undefined;
  // Throughput: plenty of stock, `connections` buyers buying one after another for the duration.
  const productId = await benchProduct(databaseUrl, 1_000_000);
  const stockBefore = await stockOf(databaseUrl, productId);
  const latencies: number[] = [];
  let orders = 0;
  let failed = 0;
  const cpuBefore = cpuMicros(options.serverPid);
  const deadline = Date.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const ok = await buyOnce(productId).catch(() => false);
        latencies.push(performance.now() - started);
        if (ok) orders += 1;
        else failed += 1;
      }
    }),
  );
  const cpuAfter = cpuMicros(options.serverPid);
  const stockAfter = await stockOf(databaseUrl, productId);
  latencies.sort((a, b) => a - b);

  // Scarcity: three buyers for each of 20 units, all at once: exactly 20 orders, stock 0.
  const scarce = await benchProduct(databaseUrl, 20);
  const results = await Promise.all(Array.from({ length: 60 }, () => buyOnce(scarce).catch(() => false)));
  const scarceSold = results.filter(Boolean).length;
  const scarceLeft = await stockOf(databaseUrl, scarce);

  return {
    connections: options.connections,
    orders,
    failed,
    ordersPerSecond: orders / options.seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    /** CPU time the server used per order placed (its quote, payment and order; for the shop, its emails' delivery too). */
    cpuMicrosPerOrder: cpuBefore === undefined || cpuAfter === undefined || orders === 0 ? undefined : (cpuAfter - cpuBefore) / orders,
    stockBefore,
    stockAfter,
    unitsSold: stockBefore - stockAfter,
    oversold: stockBefore - stockAfter !== orders || scarceSold !== 20 || scarceLeft !== 0,
    scarce: { units: 20, buyers: 60, sold: scarceSold, left: scarceLeft },
  };
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

/**
 * The raw baseline's checkout, then the shop's, each after a warm-up round and with the database to itself. Each
 * delivers its orders' emails meanwhile (no SMTP here: a delivery is a queue round trip and a read of the email),
 * and no one else's: the baseline stops once the queue its run filled is empty, and the shop starts only then and
 * is measured once the queue is empty again.
 */
export async function checkoutSideBySide(
  databaseUrl: string,
  baseline: Started & { url: string },
  startShop: () => Promise<Started & { url: string }>,
  options: { connections: number; seconds: number },
) {
  const warmUp = { ...options, seconds: Math.min(3, options.seconds) };
  await benchCheckout(baseline.url, databaseUrl, warmUp);
  await queueDrained(databaseUrl);
  const raw = await benchCheckout(baseline.url, databaseUrl, { ...options, serverPid: baseline.child.pid });
  await queueDrained(databaseUrl);
  await baseline.stop();
  const shop = await startShop();
  try {
    await benchCheckout(shop.url, databaseUrl, warmUp);
    await queueDrained(databaseUrl);
    return { shop: await benchCheckout(shop.url, databaseUrl, { ...options, serverPid: shop.child.pid }), baseline: raw };
  } finally {
    await shop.stop();
  }
}

export function printCheckout(results: { shop: CheckoutResult; baseline: CheckoutResult }, seconds: number) {
  const { shop, baseline } = results;
  console.log(`\nCheckout (quote + sandbox card payment + order, one unit each), ${shop.connections} concurrent buyers, ${seconds} s:`);
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
  console.log(`shop/baseline: ${(shop.ordersPerSecond / baseline.ordersPerSecond).toFixed(2)}`);
}
