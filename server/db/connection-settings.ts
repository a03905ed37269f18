/**
 * Each instance keeps one pool (node-postgres', made by the ORM: server/db/orm-config.ts) for entities, the statements
 * written by hand and the rate limits. With the job queue's pool (4) and the catalogue's listening connection (1) an
 * instance holds at most 20 connections, so two instances, or three during a rolling deploy, stay well inside
 * PostgreSQL's default 100.
 */
export const POOL_MAX = 15;

/** How long a request waits for a connection, a new one or one of the pool's, before it is told 503. */
export const CONNECT_TIMEOUT_MS = 3000;

/** node-postgres' settings of every connection of the pool. */
export function connectionSettings(queryTimeoutMs: number | undefined) {
  return {
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A database that stopped answering with the socket still open (a partition) is given up on by the
    // client after this long (503), instead of hanging the request until TCP notices minutes later.
    query_timeout: queryTimeoutMs,
    // No statement runs away with a connection, and a transaction left open (a process frozen mid-way)
    // does not keep its row locks: PostgreSQL ends either. The slowest statement here (the dashboard's
    // aggregates over 10,000 orders) takes well under a second.
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 15_000,
    // A peer that vanished (a partition, a failover) is noticed by TCP instead of hanging the pool.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
