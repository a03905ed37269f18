// What every bench script starts: a database of its own and the built shop on it, as in production.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { createScratchDatabase } from '../server/db/scratch-database';
import { SERVER_BUNDLE } from '../scripts/build-server.mjs';
import { startProcess, type Started } from './processes';

/** A fresh database on DATABASE_URL's server, or on an embedded PostgreSQL of its own when there is none. */
export async function benchDatabase(prefix: string): Promise<{ url: string; stop(): Promise<void> }> {
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(path.join(os.tmpdir(), `turnery-${prefix}-${randomBytes(4).toString('hex')}`, 'pg'), () => {}, {
        persistent: false,
      });
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? embedded!.url, prefix);
  return {
    url: database.url,
    async stop() {
      await database.drop().catch(() => undefined);
      await embedded?.stop();
    },
  };
}

/** The shop with NODE_ENV=production on `databaseUrl`, in a process of its own, once it answers; its log read as a service's is. */
export async function startBenchShop(
  databaseUrl: string,
  options: { adminPassword?: string; nodeArgs?: string[]; env?: Record<string, string>; bundle?: string } = {},
): Promise<Started & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: options.adminPassword ?? randomBytes(8).toString('hex'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: url,
    // Production names these (D29): the sandbox takes the bench's payments, and the demo catalogue is asked for
    // (pages and Lighthouse measure it). No balancer in front, so a stop need not wait for one.
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO_DATA: 'true',
    STOP_DELAY_MS: '0',
    // A line per request, as in production.
    LOG_LEVEL: 'info',
    // The checkout bench's buyers all come from this machine.
    PAYMENT_ATTEMPTS_PER_CLIENT: '100000',
    ...options.env,
  };
  // As production runs it (Dockerfile, npm start): the server's bundle (npm run bench builds it) with source maps.
  const nodeArgs = ['--enable-source-maps', ...(options.nodeArgs ?? [])];
  const started = await startProcess(options.bundle ?? SERVER_BUNDLE, env, `${url}/api/health`, nodeArgs, { readStdout: true });
  return { ...started, url };
}
