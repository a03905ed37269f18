// `npm test`'s one PostgreSQL server when DATABASE_URL names none: an embedded one in a temporary directory, started
// once for every part (scripts/test-all.mjs) instead of once by each. Prints `database <url>` once it accepts
// connections; stops and removes its directory on SIGTERM.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, TEST_SERVER_CONNECTIONS } from '../server/db/embedded-postgres';

const dir = path.join(os.tmpdir(), `turnery-npm-test-${randomBytes(4).toString('hex')}`);
const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), () => {}, {
  persistent: false,
  maxConnections: TEST_SERVER_CONNECTIONS,
});
console.log(`database ${embedded.url}`);
process.once('SIGTERM', () => {
  void embedded
    .stop()
    .finally(() => fs.rmSync(dir, { recursive: true, force: true }))
    .then(() => process.exit(0));
});
