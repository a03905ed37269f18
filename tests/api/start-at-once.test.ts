import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Started } from '../../bench/processes';
import { migrationsList } from '../../migrations/index';
import { freePort } from '../../server/db/embedded-postgres';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { sql } from '../support/database';
import { startShopProcess } from '../support/shop-process';

// Three instances started at the same moment on an empty database, as an orchestrator does after a deploy:
// one migrates, the others wait for it; all serve, every migration applied once, the demo seeded once.
let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const shops: Started[] = [];
afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  await database?.drop();
});

describe('three instances started at once on an empty database', () => {
  it('all serve, with each migration applied once and the demo catalogue seeded once', { timeout: 120_000 }, async () => {
    database = await createScratchDatabase(inject('databaseServerUrl'), 'atonce');
    const urls = await Promise.all([1, 2, 3].map(async () => `http://127.0.0.1:${await freePort()}`));
    const started = await Promise.allSettled(
      urls.map((url) => startShopProcess({ DATABASE_URL: database!.url }, { port: Number(new URL(url).port) })),
    );
    for (const result of started) if (result.status === 'fulfilled') shops.push(result.value);
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const url of urls) expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const migrations = await sql<{ name: string }>(database.url, 'select name from mikro_orm_migrations order by id');
    expect(migrations.map((row) => row.name)).toEqual(migrationsList.map((migration) => migration.name));
    const [products] = await sql<{ all: string; names: string }>(
      database.url,
      'select count(*) as all, count(distinct name) as names from product',
    );
    expect(Number(products!.all)).toBeGreaterThan(0);
    expect(products!.all).toBe(products!.names);
  });
});
