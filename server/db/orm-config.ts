import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import { migrationsList } from '../../migrations/index';
import { projectRoot } from '../paths';
import { answerWatch } from './answer-watch';
import { POOL_MAX, connectionSettings } from './connection-settings';
import { entities } from './entities';

export const migrationsDir = path.join(projectRoot, 'migrations');

export interface OrmOptions {
  debug?: boolean;
  /** How long the client waits for any one answer before giving up (DATABASE_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
}

export function createOrmConfig(clientUrl: string, options: OrmOptions = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    debug: options.debug ?? false,
    // Entities are always read through explicit queries; refuse accidental lazy loads in loops (N+1).
    forceUndefined: false,
    // The instance's one pool: the ORM makes it (node-postgres' pg.Pool, with these options merged into its own), and
    // the statements written by hand and the rate limits borrow from it (server/db/sql-pool.ts).
    pool: { min: 0, max: POOL_MAX },
    // Rather than handing the ORM a pool of the shop's own (a Kysely dialect as driverOptions): the ORM then sets
    // its type parsers on that pool only if the shop copies them, and getNativeClient, the documented way to find
    // the pool from any EntityManager, refuses a pool it did not make. The statements written by hand ask for
    // node-postgres' default parsers per statement instead (sql.ts).
    driverOptions: {
      // node-postgres reads the whole URL itself: the ORM takes only host, port, user, password and database from
      // clientUrl, so without it a DATABASE_URL's sslmode (TLS to a hosted database) would not reach its connections.
      connectionString: clientUrl,
      // Its connectionTimeoutMillis is also how long the pool lets a request wait for a free connection: it fails
      // fast when the database is away (503 to the client) instead of queueing requests.
      ...connectionSettings(options.queryTimeoutMs),
      // A connection that timed out closes its socket, so the pool lends it no more (server/db/answer-watch.ts).
      ...answerWatch(options.queryTimeoutMs),
    },
    migrations: {
      path: migrationsDir,
      pathTs: migrationsDir,
      migrationsList,
      emit: 'ts',
      // No snapshot file: a new migration is diffed against a migrated database, so parallel branches
      // never fight over one generated JSON file.
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
  });
}
