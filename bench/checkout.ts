// `npm run bench:checkout`: only the checkout part of `npm run bench`, for working on it (about 30 s).
// BENCH_SECONDS and BENCH_CONNECTIONS as for `npm run bench`; BENCH_PROFILE=dir writes a CPU profile of the server there.
import { startBenchShop, benchDatabase } from './bench-shop';
import { benchCheckout } from './checkout-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

const database = await benchDatabase('bench');
const shop = await startBenchShop(database.url, {
  nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
});
const shopUrl = shop.url;
try {
  // A first, shorter round warms the server up (JIT, pools), as the reads do before checkout in `npm run bench`.
  await benchCheckout(shopUrl, database.url, { connections: CONNECTIONS, seconds: Math.min(5, SECONDS) });
  const result = await benchCheckout(shopUrl, database.url, { connections: CONNECTIONS, seconds: SECONDS });
  console.log(JSON.stringify(result, null, 2));
} finally {
  await shop.stop();
  await database.stop();
}
