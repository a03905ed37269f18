import pg from 'pg';

/** Runs one SQL statement on a test server's database: to arrange what no public call can, and to check rows. */
export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
