import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { startServer, type RunningServer } from '../../server/server';
import { startFreezableProxy } from '../support/freezable-proxy';

// A network partition: the database's TCP connections stay open but nothing answers. The shop must say 503
// quickly (not hang until TCP gives up minutes later) and recover by itself when the network is back.
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
let server: RunningServer;
const previousTimeout = process.env.DATABASE_QUERY_TIMEOUT_MS;

beforeAll(async () => {
  database = await createScratchDatabase(inject('databaseServerUrl'), 'frozen');
  const url = new URL(database.url);
  proxy = await startFreezableProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.port = String(proxy.port);
  process.env.DATABASE_QUERY_TIMEOUT_MS = '3000';
  server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      RESPONSE_CACHE: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'turnery-frozen'),
    }),
  );
}, 120_000);
afterAll(async () => {
  if (previousTimeout === undefined) delete process.env.DATABASE_QUERY_TIMEOUT_MS;
  else process.env.DATABASE_QUERY_TIMEOUT_MS = previousTimeout;
  proxy?.thaw();
  await server?.stop();
  await proxy?.close();
  await database?.drop();
});

const timed = async (url: string) => {
  const started = Date.now();
  const response = await fetch(url);
  return { response, ms: Date.now() - started };
};

describe('a frozen database connection', () => {
  it('answers 503 within seconds while frozen and 200 again once thawed, without a restart', { timeout: 60_000 }, async () => {
    const products = `${server.url}/api/products`;
    expect((await fetch(products)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

    proxy.freeze();
    const ready = await timed(`${server.url}/api/health/ready`);
    expect(ready.response.status).toBe(503);
    expect(ready.ms).toBeLessThan(5000);
    const read = await timed(products);
    expect(read.response.status).toBe(503);
    expect(await read.response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', data: { reason: 'DATABASE_UNAVAILABLE' } });
    expect(read.ms).toBeLessThan(5000);
    console.log(`frozen: ready 503 in ${ready.ms} ms, product read 503 in ${read.ms} ms`);

    proxy.thaw();
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt += 1) {
      status = (await fetch(products)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
  });
});
