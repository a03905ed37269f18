import { inject } from 'vitest';
import { loadConfig } from '../../server/config';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { startServer, type RunningServer } from '../../server/server';

export interface TestServer extends RunningServer {
  close(): Promise<void>;
}

/**
 * The real server on a fresh database of its own (a copy of the run's migrated template, then seeded as `npm start`
 * seeds), listening on a free port. `env` overrides configuration, as environment variables would;
 * `options.clientDir` serves a client build of the test's own (the real one may not be built when API tests run).
 */
export async function startTestServer(env: Record<string, string> = {}, options: { clientDir?: string } = {}): Promise<TestServer> {
  const database = await createScratchDatabase(inject('databaseServerUrl'), 'api', inject('migratedTemplate'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    ADMIN_PASSWORD: 'test-admin-password',
    LOG_LEVEL: 'warn',
    // Tests pay many times from one address; tests/api/payment-limits.test.ts sets the real limit.
    PAYMENT_ATTEMPTS_PER_CLIENT: '100000',
    // What production requires to be named (a test may set NODE_ENV=production), and no wait on a stop: no
    // balancer is in front (tests/api/health.test.ts sets one).
    PAYMENT_PROVIDER: 'sandbox',
    STOP_DELAY_MS: '0',
    // A query may take 20 s, not 3: on a 2-core machine running other tests beside this one a query can pass 3 s,
    // and its 503 would fail a test about something else. The tests of the timeout itself set their own
    // (database-frozen, database-outage, sql.test.ts).
    DATABASE_QUERY_TIMEOUT_MS: '20000',
    ...env,
  });
  const server = await startServer(config, options);
  return {
    ...server,
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}
