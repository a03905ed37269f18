import { startProcess, type Started } from '../../bench/processes';
import { SERVER_BUNDLE } from '../../scripts/build-server.mjs';
import { freePort } from '../../server/db/embedded-postgres';
import { TEST_ADMIN_PASSWORD } from './admin-client';

export type ShopProcess = Started & { url: string };

/**
 * The shop in a process of its own on `env.DATABASE_URL`, once it answers: the bundle `npm start` runs, built by
 * tests/support/global-setup.ts from this run's sources. For the tests of several instances, stops and restarts. Its
 * log shows errors only; its buyers may all come from this machine. `env` adds settings or replaces these.
 */
export async function startShopProcess(
  env: { DATABASE_URL: string } & Record<string, string>,
  options: { port?: number } = {},
): Promise<ShopProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const settings = {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SESSION_SECRET: 'shop-process-session-secret-0123456789',
    PAYMENT_ATTEMPTS_PER_CLIENT: '100000',
    // Stopped at once unless a test sets a delay (graceful-stop, caddy-rolling-restart).
    STOP_DELAY_MS: '0',
    // As tests/support/test-server.ts: a loaded machine's slow query is not the subject of these tests.
    DATABASE_QUERY_TIMEOUT_MS: '20000',
    ...env,
  };
  return { ...(await startProcess(SERVER_BUNDLE, settings, `${url}/api/health`)), url };
}
