// The server the end-to-end tests drive: the built client, the real server, a fresh database, a copy of the run's
// migrated template on the run's one PostgreSQL server (both named by global-setup.ts, which starts this file through
// shop-process.ts, as specs with a shop of their own do).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config';
import { createScratchDatabase } from '../../../server/db/scratch-database';
import { startServer } from '../../../server/server';
import { E2E_ADMIN_PASSWORD } from './admin-password';
import { e2eDatabaseUrlFile } from './database';

const { E2E_DATABASE_SERVER_URL: serverUrl, E2E_TEMPLATE_DATABASE: template } = process.env;
if (!serverUrl || !template)
  throw new Error('serve.ts runs under the browser tests (tests/e2e/support/global-setup.ts), which name its database server and template');
const database = await createScratchDatabase(serverUrl, 'e2e', template);
const server = await startServer(
  loadConfig({
    NODE_ENV: 'test',
    PORT: process.env.E2E_PORT ?? '4310',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(os.tmpdir(), `turnery-e2e-data-${randomBytes(4).toString('hex')}`),
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every spec's buyer pays from this one address.
    PAYMENT_ATTEMPTS_PER_CLIENT: '100000',
    // The address the specs browse (their baseURL): the shop's links, canonical and sitemap name it (D26).
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '4310'}`,
    // The webhook spec's receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_INTERNAL_ADDRESSES: 'true',
    // Nothing balances in front of it: stop at once.
    STOP_DELAY_MS: '0',
    // A spec that drives a real provider's flow against a local fake starts its own shop with these
    // (support/shop-process.ts); the main e2e server takes none of them and keeps the sandbox.
    ...providerSettings(),
    // staging-shop.spec.ts's shop (E2E_STAGING=1): production on the sandbox it names, the demo catalogue asked for.
    ...(process.env.E2E_STAGING
      ? {
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'sandbox',
          SEED_DEMO_DATA: 'true',
        }
      : {}),
  }),
);
function providerSettings() {
  const names = Object.keys(process.env).filter((name) => /^(PAYMENT_PROVIDER|SQUARE_|PAYPAL_)/.test(name));
  return Object.fromEntries(names.map((name) => [name, process.env[name]]));
}

console.log(`e2e server at ${server.url}`);
// Specs that must set up data no API offers (e.g. a sold-out product) reach the database through this file.
fs.writeFileSync(e2eDatabaseUrlFile(server.port), database.url);

async function stop() {
  await server.stop();
  fs.rmSync(e2eDatabaseUrlFile(server.port), { force: true });
  await database.drop().catch(() => undefined);
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
