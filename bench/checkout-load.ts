// The checkout as buyers drive it: quote, sandbox card payment, order. Measures orders per second under
// concurrency, then checks that a scarce product is never oversold.
import { buy, insertProduct, productStock } from '../tests/support/fixtures';
import { keepAliveClient } from '../tests/support/http-client';

/** A product of the benchmark's own with `stock` units. */
const benchProduct = (databaseUrl: string, stock: number) =>
  insertProduct(databaseUrl, { name: `Bench Bowl ${stock}`, price: '24.50', stock });
const stockOf = async (databaseUrl: string, id: number) => (await productStock(databaseUrl, id)).stock_quantity;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function benchCheckout(shopUrl: string, databaseUrl: string, options: { connections: number; seconds: number }) {
  const buyer = keepAliveClient(shopUrl);
  const buyOnce = async (productId: number) => (await buy(buyer, productId)).orderId !== undefined;
  // Throughput: plenty of stock, `connections` buyers buying one after another for the duration.
  const productId = await benchProduct(databaseUrl, 1_000_000);
  const stockBefore = await stockOf(databaseUrl, productId);
  const latencies: number[] = [];
  let orders = 0;
  let failed = 0;
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
    stockBefore,
    stockAfter,
    unitsSold: stockBefore - stockAfter,
    oversold: stockBefore - stockAfter !== orders || scarceSold !== 20 || scarceLeft !== 0,
    scarce: { units: 20, buyers: 60, sold: scarceSold, left: scarceLeft },
  };
}
