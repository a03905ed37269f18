import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { sqlPool } from './sql-pool';
import { isDatabaseUnavailable } from './unavailable';

/** What a statement written by hand needs: run it with its values ($1, $2, ...), get its rows. */
export interface SqlRunner {
  /** The rows of one statement; its values travel apart from its text (no quoting, no injection). */
  query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
}

/**
 * What a statement needs of an EntityManager: its ORM's pool (server/db/sql-pool.ts), its error conversion, and
 * whether it is inside an ORM transaction. The global one will do (the request context's `db`): unlike a fork, it
 * costs nothing per request.
 */
export type SqlSource = Pick<EntityManager, 'getConnection' | 'getDriver' | 'isInTransaction'>;

// The ORM's pool reads dates, timestamps and intervals as PostgreSQL's text (its own parsers); the statements written
// by hand read them as node-postgres does by default (a timestamptz is a Date), asked for per statement.
const DEFAULT_TYPES = pg.types;

// The statements marked by `prepared`, each with its name.
const PREPARED = new Map<string, string>();

/**
 * Marks a statement to be prepared once on each pooled connection (a named statement) and then only executed: for a
 * statement every checkout runs, whose planning is a large part of its cost in PostgreSQL. PostgreSQL then parses it
 * once per connection and, after five runs, keeps a generic plan: the order's statement, planned in 0.76 ms on every
 * run before, was planned 34 times in 1,049 runs (pg_stat_statements, a checkout load).
 * Only for statements whose text is one of a few, never for text put together per request, and never for one that
 * returns `*`: a migration adding a column while an older instance still serves would make PostgreSQL refuse its
 * cached plan ("cached plan must not change result type").
 */
export function prepared(text: string): string {
  if (!PREPARED.has(text)) PREPARED.set(text, `turnery_${PREPARED.size + 1}`);
  return text;
}

/** A connection of the shop's pool, lent for one statement or one transaction. */
interface Lease {
  client: pg.PoolClient;
  /** Set when the connection itself failed (a timeout, a reset): it is then destroyed, never lent again. */
  failure?: Error;
}

async function borrow(source: SqlSource): Promise<Lease> {
  // A connection borrowed here is not the ORM transaction's: a statement run from inside one would run outside it.
  if (source.isInTransaction()) {
    throw new Error('sql() and sqlTransaction() run outside any ORM transaction: make a transaction all statements or all entities');
  }
  try {
    const pool = await sqlPool(source);
    return { client: await pool.connect() };
  } catch (error) {
    throw source.getDriver().convertException(error as Error);
  }
}

async function run<Row>(source: SqlSource, lease: Lease, text: string, values: readonly unknown[] = []): Promise<Row[]> {
  const name = PREPARED.get(text);
  const params = values as unknown[];
  try {
    const types = DEFAULT_TYPES;
    return (await lease.client.query(name === undefined ? { text, values: params, types } : { name, text, values: params, types }))
      .rows as Row[];
  } catch (error) {
    if (isDatabaseUnavailable(error)) lease.failure ??= error as Error;
    // The ORM's errors, as its own queries throw them (a unique violation is UniqueConstraintViolationException).
    throw source.getDriver().convertException(error as Error);
  }
}

/**
 * Statements written by hand (the checkout's, the payment ledger's, the lists'), each on a connection of the
 * instance's pool (server/db/sql-pool.ts), borrowed from it directly. Values are sent as node-postgres parameters,
 * and a statement marked `prepared` runs as a named statement, which the ORM's execute does not offer. The
 * checkout's order statement cost 164-210 µs of this process's CPU this way, 269-354 through the ORM's Kysely and
 * 222-313 through its execute (2,000 runs each, three rounds, Node 24, 2026-11-28: bench/statement-cpu.ts). Entity work stays with the
 * EntityManager, and a transaction is one or the other: sqlTransaction for statements, em.transactional for entities.
 */
export function sql(source: SqlSource): SqlRunner {
  return {
    async query<Row>(text: string, values: readonly unknown[] = []) {
      const lease = await borrow(source);
      try {
        return await run<Row>(source, lease, text, values);
      } finally {
        lease.client.release(lease.failure);
      }
    },
  };
}

/**
 * `work`'s statements in one transaction on one connection of the instance's pool: committed when it resolves, rolled
 * back when it throws (the error is rethrown). Nothing but statements belongs in it: no provider call, no rendering,
 * no entity.
 */
export async function sqlTransaction<T>(source: SqlSource, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  const lease = await borrow(source);
  const tx: SqlRunner = { query: (text, values) => run(source, lease, text, values) };
  try {
    await run(source, lease, 'begin');
    const result = await work(tx);
    await run(source, lease, 'commit');
    return result;
  } catch (error) {
    // A failed connection is not asked to roll back (PostgreSQL rolls back the transaction of a connection that
    // closes); one whose rollback fails is in an unknown state, so it is destroyed too.
    if (!lease.failure) {
      await lease.client.query('rollback').catch((failure: unknown) => {
        lease.failure = failure instanceof Error ? failure : new Error('rollback failed');
      });
    }
    throw error;
  } finally {
    lease.client.release(lease.failure);
  }
}
