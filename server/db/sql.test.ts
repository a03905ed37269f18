import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type Database } from './database';
import { createScratchDatabase } from './scratch-database';
import { prepared, sql, sqlTransaction } from './sql';
import { isDatabaseUnavailable } from './unavailable';

// Against a real PostgreSQL: the statements a shop writes by hand must behave as the ORM's queries do (values apart
// from the text, the ORM's errors), a transaction must be one, and a connection that failed is never lent again.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
beforeAll(async () => {
  scratch = await createScratchDatabase(inject('databaseServerUrl'), 'sql');
  database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: scratch.url }), () => {});
  await sql(database.orm.em).query('create table note (id int primary key, body text not null)');
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

const notes = async () =>
  (await sql(database.orm.em).query<{ id: number; body: string }>('select id, body from note order by id')).map((n) => n.id);

describe('sql', () => {
  it('sends values apart from the text: quotes and SQL in a value are only text', async () => {
    const body = `it's'); drop table note; --`;
    await sql(database.orm.em).query('insert into note (id, body) values ($1, $2)', [1, body]);
    expect(await sql(database.orm.em).query('select body from note where id = $1', [1])).toEqual([{ body }]);
  });

  it("throws the ORM's errors: a second row with the same key is a UniqueConstraintViolationException", async () => {
    await expect(sql(database.orm.em).query('insert into note (id, body) values ($1, $2)', [1, 'again'])).rejects.toBeInstanceOf(
      UniqueConstraintViolationException,
    );
  });

  it('refuses to run inside an ORM transaction, whose connection it would not use: nothing is written', async () => {
    const em = database.orm.em.fork();
    await expect(
      em.transactional((tem) => sql(tem).query('insert into note (id, body) values ($1, $2)', [2, 'in the transaction'])),
    ).rejects.toThrow(/outside any ORM transaction/);
    // The global EntityManager inside the transaction's callback is in the transaction too.
    await expect(
      em.transactional(() => sqlTransaction(database.orm.em, (tx) => tx.query('insert into note (id, body) values ($1, $2)', [2, 'x']))),
    ).rejects.toThrow(/outside any ORM transaction/);
    expect(await notes()).toEqual([1]);
  });

  it('destroys a connection whose statement timed out (the database unavailable), and lends a new one', async () => {
    const impatient = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: scratch.url, DATABASE_QUERY_TIMEOUT_MS: '1000' }),
      () => {},
    );
    try {
      const backend = async () => (await sql(impatient.orm.em).query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;
      const first = await backend();
      // The pool's one idle connection takes the statement, and waits for an answer that comes too late.
      const failure: unknown = await sql(impatient.orm.em)
        .query('select pg_sleep(3)')
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // Lent again, the connection would still be waiting on pg_sleep, and this statement would time out too.
      expect(await backend()).not.toBe(first);
    } finally {
      await impatient.close();
    }
  });
});

describe('prepared', () => {
  it('runs a marked statement as a named statement on its connection, answering the same rows each time', async () => {
    const text = prepared('select body from note where id = $1');
    // One connection throughout (a transaction's), so its prepared statements can be listed.
    const seen = await sqlTransaction(database.orm.em, async (tx) => {
      const first = await tx.query<{ body: string }>(text, [1]);
      const second = await tx.query<{ body: string }>(text, [1]);
      const statements = await tx.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements');
      return { first, second, statements };
    });
    expect(seen.first).toEqual(seen.second);
    expect(seen.first).toHaveLength(1);
    expect(seen.statements).toEqual([{ name: expect.stringMatching(/^turnery_\d+$/) as string, statement: text }]);
  });

  it('leaves an unmarked statement unnamed', async () => {
    const statements = await sqlTransaction(database.orm.em, async (tx) => {
      await tx.query('select id from note where id = $1', [1]);
      return tx.query<{ statement: string }>('select statement from pg_prepared_statements');
    });
    expect(statements.map((s) => s.statement)).not.toContain('select id from note where id = $1');
  });
});

describe('sqlTransaction', () => {
  it("commits every statement when the work resolves, and answers the work's value", async () => {
    const answer = await sqlTransaction(database.orm.em, async (tx) => {
      await tx.query('insert into note (id, body) values ($1, $2)', [3, 'three']);
      await tx.query('insert into note (id, body) values ($1, $2)', [4, 'four']);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await notes()).toEqual([1, 3, 4]);
  });

  it('rolls every statement back when the work throws, rethrows, and lends the connection again', async () => {
    await expect(
      sqlTransaction(database.orm.em, async (tx) => {
        await tx.query('insert into note (id, body) values ($1, $2)', [5, 'five']);
        await tx.query('insert into note (id, body) values ($1, $2)', [1, 'a duplicate']);
      }),
    ).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    expect(await notes()).toEqual([1, 3, 4]);
    // The pool's ten connections all still work: none was left inside an aborted transaction.
    const counts = await Promise.all(Array.from({ length: 20 }, () => sql(database.orm.em).query('select count(*)::int as n from note')));
    expect(counts.every(([row]) => (row as { n: number }).n === 3)).toBe(true);
  });
});
