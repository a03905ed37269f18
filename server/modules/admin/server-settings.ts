import { sql, type SqlRunner, type SqlSource } from '../../db/sql';

// Every statement that writes `server_setting`, the server's own small settings (docs/architecture.md: the admin
// module owns the table; the demo seed's marker is written by server/db/seed.ts in the seed's transaction). Each
// is one statement through the SQL helper, so the password's replacement joins its transaction of statements.

/** A setting's value, or undefined when it was never written. */
export async function readSetting(db: SqlSource, key: string): Promise<string | undefined> {
  const [row] = await sql(db).query<{ value: string }>('select value from server_setting where key = $1', [key]);
  return row?.value;
}

/**
 * Writes `value` unless the setting has one, and answers the value kept: another instance starting at the same
 * moment may have written first, and then its value is the one every instance uses.
 */
export async function keepFirstSetting(db: SqlSource, key: string, value: string): Promise<string> {
  const [written] = await sql(db).query<{ value: string }>(
    'insert into server_setting (key, value) values ($1, $2) on conflict (key) do nothing returning value',
    [key, value],
  );
  return written?.value ?? (await keptSetting(db, key));
}

/** Sets `key` to `value`, in the caller's transaction of statements. */
export async function replaceSetting(tx: SqlRunner, key: string, value: string): Promise<void> {
  await tx.query('insert into server_setting (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [
    key,
    value,
  ]);
}

const ORDER_LINK_KEY = 'order-link-key';

/**
 * The order links' key as kept (JSON text; server/http/order-links.ts reads it): the first instance to start writes
 * `fresh` (a secret and when it was made, JSON) with `legacyLinks`, whether orders existed then, read in the same
 * statement (the orders' table read directly: the one fact, once, at the first start that makes the key); every
 * other instance reads that one.
 */
export async function keepOrderLinkKey(db: SqlSource, fresh: { secret: string; since: string }): Promise<string> {
  await sql(db).query(
    `insert into server_setting (key, value)
     select $1, ($2::jsonb || jsonb_build_object('legacyLinks', exists (select 1 from shop_order)))::text
     on conflict (key) do nothing`,
    [ORDER_LINK_KEY, JSON.stringify(fresh)],
  );
  return keptSetting(db, ORDER_LINK_KEY);
}

async function keptSetting(db: SqlSource, key: string): Promise<string> {
  const value = await readSetting(db, key);
  if (value === undefined) throw new Error(`The server setting ${key} was written but cannot be read`);
  return value;
}
