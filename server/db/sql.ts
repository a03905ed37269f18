import type { EntityManager } from '@mikro-orm/postgresql';
import { isDatabaseUnavailable } from './unavailable';

/** What a statement written by hand needs: run it with its values ($1, $2, ...), get its rows. */
export interface SqlRunner {
  /** The rows of one statement; its values travel apart from its text (no quoting, no injection). */
  query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
}

/**
 * What a statement needs of an EntityManager: its pool, its transaction, its error conversion. The global one will
 * do (the request context's `db`): unlike a fork, it costs nothing per request.
 */
export type SqlSource = Pick<EntityManager, 'getConnection' | 'getTransactionContext' | 'getDriver'>;

/** A node-postgres client as knex lends it. */
interface Connection {
  query(config: { name?: string; text: string; values?: readonly unknown[] }): Promise<{ rows: unknown[] }>;
  /** knex's mark: its pool destroys a connection so marked instead of lending it again. */
  __knex__disposed?: unknown;
}

/** knex's client: the pool's, or a transaction's (which lends the transaction's one connection). */
interface ConnectionLender {
  acquireConnection(): Promise<Connection>;
  releaseConnection(connection: Connection): Promise<void>;
}

/** knex's pool, where each statement borrows a connection. */
function poolOf(em: SqlSource): ConnectionLender {
  return em.getConnection().getKnex().client as ConnectionLender;
}

/** `em`'s transaction (whose client lends its one connection), else the pool. */
function lenderOf(em: SqlSource): ConnectionLender {
  return em.getTransactionContext<{ client: ConnectionLender }>()?.client ?? poolOf(em);
}

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

async function run<Row>(em: SqlSource, connection: Connection, text: string, values: readonly unknown[] = []): Promise<Row[]> {
  try {
    const name = PREPARED.get(text);
    return (await connection.query(name === undefined ? { text, values } : { name, text, values })).rows as Row[];
  } catch (error) {
    // A connection that failed as a connection (a timeout, a reset) is not lent again.
    if (isDatabaseUnavailable(error)) connection.__knex__disposed ??= error;
    // The ORM's errors, as em.execute throws them (a unique violation is UniqueConstraintViolationException).
    throw em.getDriver().convertException(error as Error);
  }
}

/**
 * Statements written by hand (the checkout's, the payment ledger's, the lists'), run on `em`'s connection: its
 * transaction's when it is in one, else one of the ORM's pool for each statement, with the pool's settings
 * (timeouts, keepalive, the dropping of timed-out connections). Values are sent as node-postgres parameters.
 * Through em.execute the same statement costs about twice the CPU (knex's runner and the client-side quoting of
 * every value into the text; measured; the figures are in git's history of README.md). Entity work stays with the EntityManager.
 */
export function sql(em: SqlSource): SqlRunner {
  return {
    async query<Row>(text: string, values: readonly unknown[] = []) {
      const lender = lenderOf(em);
      const connection = await lender.acquireConnection();
      try {
        return await run<Row>(em, connection, text, values);
      } finally {
        void lender.releaseConnection(connection);
      }
    },
  };
}

/**
 * `work`'s statements in one transaction on one pooled connection, without the ORM's unit of work: committed when
 * it resolves, rolled back when it throws (the error is rethrown). Nothing but statements belongs in it: no
 * provider call, no rendering, no entity.
 */
export async function sqlTransaction<T>(em: SqlSource, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  const lender = poolOf(em);
  const connection = await lender.acquireConnection();
  const tx: SqlRunner = { query: (text, values) => run(em, connection, text, values) };
  try {
    await run(em, connection, 'begin');
    const result = await work(tx);
    await run(em, connection, 'commit');
    return result;
  } catch (error) {
    // A connection whose rollback failed is in an unknown state: the pool must not lend it again.
    await run(em, connection, 'rollback').catch((failure: unknown) => void (connection.__knex__disposed ??= failure));
    throw error;
  } finally {
    void lender.releaseConnection(connection);
  }
}
