import pg from 'pg';

/** Runs work on one connection to a test server's database: to arrange what no public call can, and to check rows. */
export async function withDatabase<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Runs one SQL statement on a test server's database and answers its rows. */
export function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  return withDatabase(databaseUrl, async (client) => (await client.query<Row>(text, values)).rows);
}
