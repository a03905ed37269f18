import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded-postgres';
import { startServer, type RunningServer } from '../../server/server';

// This file needs a database server it may stop and start again, so it runs its own embedded PostgreSQL.
const dir = path.join(os.tmpdir(), `turnery-outage-${randomBytes(4).toString('hex')}`, 'pg');
let database: EmbeddedDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.stop();
});

async function eventuallyStatus(url: string, status: number): Promise<number> {
  let last = 0;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    last = (await fetch(url)).status;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

describe('when the database goes away', () => {
  it('answers 503 with a clear message while it is gone, and recovers by itself when it is back', { timeout: 120_000 }, async () => {
    const port = await freePort();
    database = await startEmbeddedPostgres(dir, () => {}, { port, persistent: true });
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
        DATA_DIR: path.dirname(dir),
        STOP_DELAY_MS: '0',
      }),
    );
    const featured = `${server.url}/api/products/featured`;
    expect((await fetch(featured)).status).toBe(200);

    await database.stop();
    const down = await fetch(featured);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/database/i) as string });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(503);

    database = await startEmbeddedPostgres(dir, () => {}, { port, persistent: true });
    expect(await eventuallyStatus(featured, 200)).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
