import pg from 'pg';

/** The advisory lock key every instance takes to migrate (any number; the seed uses its own, 727001). */
const STARTUP_LOCK = 727_000;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so instances started together migrate one at a time:
 * the first applies the pending migrations, the others wait, then find nothing left to do. The lock is held by
 * a connection of its own (a session lock must be released by the connection that took it, which the ORM's pool
 * cannot promise), and PostgreSQL releases it by itself if this process dies holding it.
 */
export async function withStartupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
