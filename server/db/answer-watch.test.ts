import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFreezableProxy } from '../../tests/support/freezable-proxy';
import { AnswerWatchingSocket } from './answer-watch';
import { isDatabaseUnavailable } from './unavailable';

// A network partition (the proxy forwards nothing, its sockets stay open): the ORM's connections are made with this
// socket, and one left without an answer must end, which is what makes knex's pool stop lending it.
let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
let url: string;
beforeAll(async () => {
  const server = new URL(inject('databaseServerUrl'));
  proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 5432) });
  server.port = String(proxy.port);
  url = server.toString();
});
afterAll(async () => {
  proxy?.thaw();
  await proxy?.close();
});

const connect = async () => {
  const client = new pg.Client({ connectionString: url, stream: () => new AnswerWatchingSocket(300) });
  const errors: Error[] = [];
  client.on('error', (error) => errors.push(error));
  await client.connect();
  return { client, errors };
};

describe('AnswerWatchingSocket', () => {
  it('carries a connection as any socket: statements, named ones too, are answered', async () => {
    const { client } = await connect();
    try {
      expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      const named = { name: 'watched_answer', text: 'select $1::int as n', values: [2] };
      expect((await client.query<{ n: number }>(named)).rows).toEqual([{ n: 2 }]);
      expect((await client.query<{ n: number }>(named)).rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
    }
  });

  it('ends a connection whose question the database leaves unanswered, failing it as the database unavailable', async () => {
    const { client, errors } = await connect();
    const ended = new Promise((resolve) => client.once('end', resolve));
    proxy.freeze();
    try {
      const failure: unknown = await client.query('select 1').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await ended;
      expect(errors.map((error) => error.message)).toContain('Connection terminated: the database did not answer in time');
    } finally {
      proxy.thaw();
    }
  });
});
