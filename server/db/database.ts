import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { migrateJobQueue } from '../jobs/job-worker';
import { createOrmConfig } from './orm-config';
import { sqlPool } from './sql-pool';
import { withStartupLock } from './startup-lock';

export interface Database {
  orm: MikroORM;
  url: string;
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR, then applies pending migrations
 * (one instance at a time: withStartupLock). One pool, the ORM's, for entities and for the statements written by hand
 * (server/db/sql-pool.ts).
 */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) log(`postgres: ${line}`);
      });
  const url = config.DATABASE_URL ?? embedded!.url;
  try {
    const orm = await MikroORM.init(createOrmConfig(url, { queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS }));
    // An idle connection the database dropped (a restart, a failover) is removed by the pool; said, never thrown.
    (await sqlPool(orm.em)).on('error', (error) => log(`database connection lost: ${error.message}`));
    const applied = await withStartupLock(url, async () => {
      // The job queue's schema first: the outbox's trigger queues jobs into it.
      await migrateJobQueue(url);
      return orm.migrator.up();
    });
    if (applied.length > 0) log(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
    return {
      orm,
      url,
      async close() {
        // Ends the pool too.
        await orm.close(true);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
