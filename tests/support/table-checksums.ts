import pg from 'pg';

/** An md5 of every row of every table (but those listed), to prove a run of requests wrote nothing. */
export async function tableChecksums(databaseUrl: string, exclude: string[] = []): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables) {
      if (exclude.includes(name)) continue;
      const { rows } = await client.query<{ sum: string | null; n: string }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum, count(*) as n from "${name}" t`,
      );
      sums[name] = `${rows[0]!.n}:${rows[0]!.sum}`;
    }
    return sums;
  } finally {
    await client.end();
  }
}
