// A query that timed out (DATABASE_QUERY_TIMEOUT_MS) leaves its connection waiting on an answer that may never
// come: node-postgres gives up on the query but keeps the socket. Returned to the pool, that connection would make
// the next request wait out a second timeout behind the first (measured: 6 s instead of 4 during a partition).
// Marking it as knex marks a connection that errored makes the pool destroy it instead of lending it again.

interface PooledPgClient {
  query: (...args: unknown[]) => unknown;
  __knex__disposed?: unknown;
}

const TIMED_OUT = 'Query read timeout';

/** The pool's afterCreate hook (knex/tarn): watches each new connection's queries for a timeout. */
export function dropTimedOutConnections(connection: PooledPgClient, done: (error: Error | null, connection: unknown) => void) {
  const query = connection.query.bind(connection);
  connection.query = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error instanceof Error && error.message === TIMED_OUT) connection.__knex__disposed = error;
        return (callback as (...values: unknown[]) => unknown)(error, ...rest);
      };
    }
    return query(...args);
  };
  done(null, connection);
}
