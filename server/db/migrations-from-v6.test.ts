import { afterAll, expect, inject, it } from 'vitest';
import { migrationsList } from '../../migrations/index';
import { sql } from '../../tests/support/database';
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { createScratchDatabase } from './scratch-database';

// A production database was migrated by MikroORM 6, which wrote its table of applied migrations as below (pg_dump of
// a database the shop migrated with 6.6.16, 2026-11-28). MikroORM 7 must read it: a start applies nothing again.
const V6_TABLE = `create table mikro_orm_migrations (
  id serial primary key,
  name varchar(255),
  executed_at timestamptz default current_timestamp
)`;

let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
afterAll(() => database?.drop());

it('starts on a database whose migrations MikroORM 6 recorded, without applying any again', async () => {
  database = await createScratchDatabase(inject('databaseServerUrl'), 'fromv6');
  await sql(database.url, V6_TABLE);
  for (const { name } of migrationsList) await sql(database.url, 'insert into mikro_orm_migrations (name) values ($1)', [name]);
  const lines: string[] = [];
  const opened = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent' }), (line) =>
    lines.push(line),
  );
  await opened.close();
  expect(lines.filter((line) => line.startsWith('applied migrations'))).toEqual([]);
  const recorded = await sql<{ name: string }>(database.url, 'select name from mikro_orm_migrations order by id');
  expect(recorded.map((row) => row.name)).toEqual(migrationsList.map((migration) => migration.name));
});
