// `npm run soak`: mixed storefront and checkout traffic against the built shop for a few minutes (loopback only,
// bounded in time), then prints throughput, error rate and the server's memory before and after.
import fs from 'node:fs';
import os from 'node:os';
import { benchDatabase, startBenchShop } from './bench-shop';
import { buy, insertProduct } from '../tests/support/fixtures';
import { keepAliveClient } from '../tests/support/http-client';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 32);

const database = await benchDatabase('soak');
const shop = await startBenchShop(database.url);
const url = shop.url;

/** Resident memory of the server process, in MB, from /proc (Linux). */
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${shop.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

try {
  const productIds = ((await (await fetch(`${url}/api/products`)).json()) as { id: number }[]).map((p) => p.id);
  const posts = ((await (await fetch(`${url}/api/blog`)).json()) as { slug: string }[]).map((p) => p.slug);
  const stockId = await insertProduct(database.url, { name: 'Soak Bowl', price: '24.50', stock: 10_000_000 });
  const words = ['bowl', 'walnut', 'maple', 'board', 'cherry', 'swirl', 'oil', 'x%_'];
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const reads = [
    () => '/api/products',
    () => `/api/products?search=${encodeURIComponent(pick(words))}`,
    () => `/api/products?category=${pick(['yarn-bowls', 'cutting-boards', 'swirlettes', 'accessories'])}`,
    () => `/api/products/${pick(productIds)}`,
    () => '/api/products/featured',
    () => '/api/blog',
    () => `/api/blog/${pick(posts)}`,
    () => '/',
    () => '/sitemap.xml',
  ];

  const run = async (seconds: number) => {
    let requests = 0;
    let errors = 0;
    let orders = 0;
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        while (Date.now() < deadline) {
          try {
            // One worker in eight is a buyer; the rest browse.
            if (worker % 8 === 0) {
              const result = await buy(keepAliveClient(url), stockId);
              requests += result.statuses.length;
              if (result.orderId === undefined) errors += 1;
              else orders += 1;
            } else {
              const response = await fetch(url + pick(reads)());
              await response.arrayBuffer();
              requests += 1;
              if (response.status >= 400) errors += 1;
            }
          } catch {
            errors += 1;
          }
        }
      }),
    );
    return { requests, errors, orders };
  };

  await run(10); // warm-up: caches, JIT, connection pool
  const before = rssMb();
  const started = Date.now();
  // Memory every 30 s, to tell a heap settling from a leak (which keeps climbing).
  const samples: string[] = [];
  const sampler = setInterval(() => samples.push(rssMb().toFixed(0)), 30_000);
  const result = await run(SECONDS);
  clearInterval(sampler);
  const elapsed = (Date.now() - started) / 1000;
  const after = rssMb();
  console.log(`\nSoak: ${SECONDS} s, ${CONCURRENCY} concurrent clients (1 in 8 buying), loopback, ${os.cpus().length} cores`);
  console.log(
    `requests ${result.requests}, ${(result.requests / elapsed).toFixed(0)}/s; orders ${result.orders}, ${(result.orders / elapsed).toFixed(1)}/s`,
  );
  console.log(`errors ${result.errors} (${((result.errors / Math.max(1, result.requests)) * 100).toFixed(3)}%)`);
  console.log(
    `server memory (RSS) after warm-up ${before.toFixed(0)} MB, at the end ${after.toFixed(0)} MB (${after - before >= 0 ? '+' : ''}${(after - before).toFixed(0)} MB)`,
  );
  console.log(`RSS every 30 s (MB): ${samples.join(', ')}`);
} finally {
  await shop.stop();
  await database.stop();
}
