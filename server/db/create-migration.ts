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

const server = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL, stop: async () => {} }
  : await startEmbeddedPostgres(path.join(os.tmpdir(), `turnery-migration-${randomBytes(4).toString('hex')}`));
const scratch = await createScratchDatabase(server.url, 'migration');
try {
  const orm = await MikroORM.init(createOrmConfig(scratch.url));
  // As at start-up (database.ts): the job queue's schema first, since a migration's trigger (the outbox's) queues
  // jobs into it and cannot be created without it.
  await migrateJobQueue(scratch.url);
  await orm.getMigrator().up();
  const result = await orm.getMigrator().createMigration(undefined, false, process.argv.includes('--initial'));
  console.log(result.fileName ? `wrote migrations/${result.fileName}` : 'the schema is up to date: no migration needed');
  await orm.close();
} finally {
  await scratch.drop();
  await server.stop();
}
