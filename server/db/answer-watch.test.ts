import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFreezableProxy, testCertificate } from '../../tests/support/freezable-proxy';
import { answerWatchingSocket } from './answer-watch';
import { isDatabaseUnavailable } from './unavailable';

// A network partition (the proxy forwards nothing, its sockets stay open): the ORM's connections are made with this
// socket, and one left without an answer must end, which is what makes node-postgres' pool stop lending it. The same over
// TLS (a proxy that speaks TLS to the client, as a hosted database does, and refuses a client that does not ask for
// it): node-postgres wraps the socket itself.
const proxies: Record<'plain' | 'tls', Awaited<ReturnType<typeof startFreezableProxy>> | undefined> = { plain: undefined, tls: undefined };
const urls: Record<'plain' | 'tls', string> = { plain: '', tls: '' };
beforeAll(async () => {
  const server = new URL(inject('databaseServerUrl'));
  const target = { host: server.hostname, port: Number(server.port || 5432) };
  for (const kind of ['plain', 'tls'] as const) {
    const proxy = await startFreezableProxy(target, kind === 'tls' ? testCertificate() : undefined);
    proxies[kind] = proxy;
    const url = new URL(server);
    url.port = String(proxy.port);
    urls[kind] = url.toString();
  }
});
afterAll(async () => {
  for (const proxy of Object.values(proxies)) {
    proxy?.thaw();
    await proxy?.close();
  }
});

const connect = async (kind: 'plain' | 'tls') => {
  const client = new pg.Client({
    connectionString: urls[kind],
    // The proxy's certificate is self-signed; what is tested is the socket under TLS, not the certificate.
    ssl: kind === 'tls' ? { rejectUnauthorized: false } : false,
    stream: () => answerWatchingSocket(300, 50),
  });
  const errors: Error[] = [];
  client.on('error', (error) => errors.push(error));
  await client.connect();
  return { client, errors };
};

describe.each(['plain', 'tls'] as const)('answerWatchingSocket (%s)', (kind) => {
  it('carries a connection as any socket: statements, named ones too, are answered, an idle one is kept', async () => {
    const { client, errors } = await connect(kind);
    try {
      expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      const named = { name: 'watched_answer', text: 'select $1::int as n', values: [2] };
      expect((await client.query<{ n: number }>(named)).rows).toEqual([{ n: 2 }]);
      // Idle for longer than its patience: nothing was asked, so nothing is given up on.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await client.query<{ n: number }>(named)).rows).toEqual([{ n: 2 }]);
      expect(errors).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('ends a connection whose question the database leaves unanswered, failing it as the database unavailable', async () => {
    const { client, errors } = await connect(kind);
    const ended = new Promise((resolve) => client.once('end', resolve));
    expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    // Under TLS an answer is seen at the socket's next look (50 ms here): the question comes after it.
    await new Promise((resolve) => setTimeout(resolve, 120));
    proxies[kind]!.freeze();
    try {
      const failure: unknown = await client.query('select 1').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await ended;
      expect(errors.map((error) => error.message)).toContain('Connection terminated: the database did not answer in time');
    } finally {
      proxies[kind]!.thaw();
    }
  });
});
