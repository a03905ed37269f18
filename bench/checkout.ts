// `npm run bench:checkout`: only the checkout part of `npm run bench`, for working on it (about 30 s).
// BENCH_PRODUCTS=16 spreads the buyers over that many products; BENCH_PROFILE=dir writes a CPU profile of the server there.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { createScratchDatabase } from '../server/db/scratch-database';
import { benchCheckout } from './checkout-load';
import { startProcess } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

const embedded = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres(path.join(os.tmpdir(), `turnery-bench-${randomBytes(4).toString('hex')}`, 'pg'), () => {}, {
      persistent: false,
    });
const database = await createScratchDatabase(process.env.DATABASE_URL ?? embedded!.url, 'bench');
const port = await freePort();
const shopUrl = `http://127.0.0.1:${port}`;
const shop = await startProcess(
  'server/index.ts',
  { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, ADMIN_PASSWORD: randomBytes(8).toString('hex'),
    SESSION_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' },
  `${shopUrl}/api/health`,
  process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
);
try {
  // A first, shorter round warms the server up (JIT, pools), as the reads do before checkout in `npm run bench`.
  await benchCheckout(shopUrl, database.url, { connections: CONNECTIONS, seconds: Math.min(5, SECONDS) });
  const result = await benchCheckout(shopUrl, database.url, { connections: CONNECTIONS, seconds: SECONDS });
  console.log(JSON.stringify(result, null, 2));
} finally {
  await shop.stop();
  await database.drop().catch(() => undefined);
  await embedded?.stop();
}
