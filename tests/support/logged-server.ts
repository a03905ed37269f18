// A server in its own process, so a test can read every log line it writes (stdout and stderr).
// DATABASE_URL names a fresh database; the test reads 'listening <url>' from stdout.
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/server';

const server = await startServer(
  loadConfig({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.DATABASE_URL,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    ADMIN_PASSWORD: 'test-admin-password',
    LOG_LEVEL: 'trace',
    PAYMENT_ATTEMPTS_PER_CLIENT: '100000',
    STOP_DELAY_MS: '0',
  }),
);
console.log(`listening ${server.url}`);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
