// `npm run bench:checkout`: only the checkout part of `npm run bench`, for working on it (about a minute and a half):
// the raw baseline's checkout and the shop's in alternating turns, on one database. BENCH_SECONDS,
// BENCH_CONNECTIONS and BENCH_CHECKOUT_TURNS as for `npm run bench`. (No CPU profile here: V8's sampler counts the
// spells a server is frozen as time spent where it stood. bench/ab.ts takes one: AB='dist/server/index.mjs|--cpu-prof'.)
import { freePort } from '../server/db/embedded-postgres';
import { benchDatabase, startBenchShop } from './bench-shop';
import { checkoutSideBySide, printCheckout } from './checkout-load';
import { startProcess } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TURNS = Number(process.env.BENCH_CHECKOUT_TURNS ?? 4);

const database = await benchDatabase('bench');
// The shop's first start migrates and seeds the database; it then stops until its turn.
await (await startBenchShop(database.url)).stop();
const basePort = await freePort();
const baseUrl = `http://127.0.0.1:${basePort}`;
const baseline = await startProcess(
  'bench/baseline-server.ts',
  { PORT: String(basePort), DATABASE_URL: database.url },
  `${baseUrl}/api/products/featured`,
);
try {
  const startShop = () => startBenchShop(database.url);
  printCheckout(
    await checkoutSideBySide(database.url, { ...baseline, url: baseUrl }, startShop, {
      connections: CONNECTIONS,
      seconds: SECONDS / 2,
      turns: TURNS,
    }),
  );
} finally {
  await baseline.stop();
  await database.stop();
}
