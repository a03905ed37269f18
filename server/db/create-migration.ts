// `npm run migration:create`: writes a migration for what the entities have that the schema lacks.
// It migrates a scratch database to the latest migration, then diffs the entities against it.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { migrateJobQueue } from '../jobs/job-worker';
import { startEmbeddedPostgres } from './embedded-postgres';
import { createOrmConfig } from './orm-config';
import { createScratchDatabase } from './scratch-database';

const SQL_ONLY_TABLES = [
  'newsletter_subscription',
  'order_refund',
  'order_status_change',
  'payment_ledger',
  'paypal_checkout',
  'rate_limit',
  'upload',
];

const server = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL, stop: async () => {} }
  : await startEmbeddedPostgres(path.join(os.tmpdir(), `turnery-migration-${randomBytes(4).toString('hex')}`));
const scratch = await createScratchDatabase(server.url, 'migration');
try {
  const config = createOrmConfig(scratch.url);
  // What no entity maps is not the ORM's to diff: the job queue's own schema, and the tables the shop writes with
  // plain SQL only (server/db/sql.ts). Without this, every migration it wrote would drop them.
  const orm = await MikroORM.init({
    ...config,
    schemaGenerator: { ...config.schemaGenerator, ignoreSchema: ['graphile_worker'], skipTables: SQL_ONLY_TABLES },
  });
  // As at start-up (database.ts): the job queue's schema first, since a migration's trigger (the outbox's) queues
  // jobs into it and cannot be created without it.
  await migrateJobQueue(scratch.url);
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, process.argv.includes('--initial'));
  // Hand-written migrations add checks, indexes and defaults the entities do not declare (trigram indexes, money
  // checks, the commission's and webhooks' constraints); the diff would undo them, so the file is a draft to prune.
  console.log(
    result.fileName
      ? `wrote migrations/${result.fileName}: keep only your change's statements (the diff also undoes checks, indexes and defaults that hand-written migrations added), then add it to migrations/index.ts`
      : 'the schema is up to date: no migration needed',
  );
  await orm.close();
} finally {
  await scratch.drop();
  await server.stop();
}
