import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import { migrationsList } from '../../migrations/index';
import { projectRoot } from '../paths';
import { dropTimedOutConnections } from './drop-timed-out-connections';
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
    // Fail fast when the database is away (503 to the client) instead of queueing requests for a minute.
    pool: { min: 0, max: 10, acquireTimeoutMillis: 3000, createTimeoutMillis: 3000, afterCreate: dropTimedOutConnections },
    driverOptions: {
      connection: {
        connectionTimeoutMillis: 3000,
        // A database that stopped answering with the socket still open (a partition) is given up on by the
        // client after this long (503), instead of hanging the request until TCP notices minutes later.
        query_timeout: options.queryTimeoutMs,
        // No statement runs away with a connection, and a transaction left open (a process frozen mid-way)
        // does not keep its row locks: PostgreSQL ends either. The slowest statement here (the dashboard's
        // aggregates over 10,000 orders) takes well under a second.
        statement_timeout: 15_000,
        idle_in_transaction_session_timeout: 15_000,
        // A peer that vanished (a partition, a failover) is noticed by TCP instead of hanging the pool.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
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
