import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type pg from 'pg';

/**
 * The ORM's PostgreSQL driver (MikroORM's `driver` option), carrying the shop's own pool for the statements written by
 * hand (server/db/sql-pool.ts): the global EntityManager and every fork share one driver, so any of them finds the pool
 * through `getDriver()`, the ORM's public API, without a table beside it. Not one pool for both: knex makes its own
 * connections and takes no pool, and the checkout's order statement run through knex's public API (`raw` with a
 * statement name) cost 1.5 to 2.5 times this process's CPU on this pool (160-320 µs against 105-150 µs a statement,
 * 5,000 runs each, two runs: bench/statement-cpu.ts).
 */
export class ShopDriver extends PostgreSqlDriver {
  /** Set once by openSqlPool, right after the ORM starts. */
  sqlPool: pg.Pool | undefined;
}
