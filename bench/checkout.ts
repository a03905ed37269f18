// `npm run bench:checkout`: only the checkout part of `npm run bench`, for working on it (about a minute): the raw
// baseline's checkout, then the shop's, on one database. BENCH_SECONDS and BENCH_CONNECTIONS as for `npm run bench`;
// BENCH_PROFILE=dir writes a CPU profile of the shop there.
import { freePort } from '../server/db/embedded-postgres';
import { benchDatabase, startBenchShop } from './bench-shop';
import { checkoutSideBySide, printCheckout } from './checkout-load';
import { startProcess } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

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
  const startShop = () =>
    startBenchShop(database.url, {
      nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    });
  printCheckout(
    await checkoutSideBySide(database.url, { ...baseline, url: baseUrl }, startShop, { connections: CONNECTIONS, seconds: SECONDS }),
    SECONDS,
  );
} finally {
  await baseline.stop();
  await database.stop();
}
