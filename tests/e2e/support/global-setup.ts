// The browser tests' world, made once per run: one PostgreSQL server (DATABASE_URL's when set, otherwise one embedded
// server in a temporary directory), a database on it with every migration applied, and each worker's shop on a copy
// of that database (support/shop-process.ts). A spec that starts a shop of its own copies the same template on the
// same server: the environment set here reaches the workers, which start their shops from it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startEmbeddedPostgres, TEST_SERVER_CONNECTIONS } from '../../../server/db/embedded-postgres';
import { createMigratedTemplate } from '../../support/migrated-template';
import { startShop, type ShopProcess } from './shop-process';
import { BASE_PORT, PORTS_PER_WORKER } from './shop-port';

export default async function setup(config: FullConfig) {
  const dir = path.join(os.tmpdir(), `turnery-e2e-${randomBytes(4).toString('hex')}`);
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(path.join(dir, 'pg'), () => {}, { persistent: false, maxConnections: TEST_SERVER_CONNECTIONS });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
  const shops: ShopProcess[] = [];
  let template: Awaited<ReturnType<typeof createMigratedTemplate>> | undefined;
  const teardown = async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await template?.drop();
    await embedded?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    template = await createMigratedTemplate(serverUrl);
    process.env.E2E_DATABASE_SERVER_URL = serverUrl;
    process.env.E2E_TEMPLATE_DATABASE = template.name;
    // Each worker's shop: the built app on a fresh copy of the template, with the demo catalogue. All started at once;
    // every start is waited for before a failure is thrown, so the teardown stops each shop that did start.
    const started = await Promise.allSettled(
      Array.from({ length: config.workers }, (_, worker) => startShop(BASE_PORT + PORTS_PER_WORKER * worker, {}, { echo: true })),
    );
    for (const start of started) if (start.status === 'fulfilled') shops.push(start.value);
    for (const start of started) if (start.status === 'rejected') throw start.reason;
  } catch (error) {
    // Playwright runs no teardown for a setup that failed: the shops and the embedded server would outlive the run.
    await teardown();
    throw error;
  }
  return teardown;
}
