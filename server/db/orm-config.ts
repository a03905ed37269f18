import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import { migrationsList } from '../../migrations/index';
import { projectRoot } from '../paths';
import { answerWatch } from './answer-watch';
import { CONNECT_TIMEOUT_MS, ORM_POOL_MAX, connectionSettings } from './connection-settings';
import { entities } from './entities';
import { ShopDriver } from './shop-driver';

export const migrationsDir = path.join(projectRoot, 'migrations');

export interface OrmOptions {
  debug?: boolean;
  /** How long the client waits for any one answer before giving up (DATABASE_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
}

export function createOrmConfig(clientUrl: string, options: OrmOptions = {}) {
  return defineConfig({
    // PostgreSQL's driver, carrying the shop's own pool (sql-pool.ts).
    driver: ShopDriver,
    clientUrl,
    entities,
    extensions: [Migrator],
    debug: options.debug ?? false,
    // Entities are always read through explicit queries; refuse accidental lazy loads in loops (N+1).
    forceUndefined: false,
    // Fail fast when the database is away (503 to the client) instead of queueing requests for a minute.
    pool: { min: 0, max: ORM_POOL_MAX, acquireTimeoutMillis: CONNECT_TIMEOUT_MS, createTimeoutMillis: CONNECT_TIMEOUT_MS },
    driverOptions: {
      connection: {
        // node-postgres reads the whole URL itself: the ORM takes only host, port, user, password and database from
        // clientUrl, so without it a DATABASE_URL's sslmode (TLS to a hosted database) would not reach its connections.
        connectionString: clientUrl,
        ...connectionSettings(options.queryTimeoutMs),
        // A connection that timed out closes its socket, so the pool lends it no more (server/db/answer-watch.ts).
        ...answerWatch(options.queryTimeoutMs),
      },
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
