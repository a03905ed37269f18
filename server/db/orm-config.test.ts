import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startFreezableProxy, testCertificate } from '../../tests/support/freezable-proxy';
import { createOrmConfig } from './orm-config';

// A DATABASE_URL that asks for TLS (sslmode), as a hosted database's does: the proxy speaks only TLS to its clients.
let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
let url: URL;
beforeAll(async () => {
  const server = new URL(inject('databaseServerUrl'));
  proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 5432) }, testCertificate());
  url = new URL(server);
  url.port = String(proxy.port);
  // The proxy's certificate is self-signed: TLS without checking it.
  url.searchParams.set('sslmode', 'no-verify');
});
afterAll(() => proxy?.close());

it("connects the ORM's pool over TLS when DATABASE_URL asks for it, its connections watched for answers", async () => {
  const orm = await MikroORM.init({
    ...createOrmConfig(url.toString(), { queryTimeoutMs: 1000 }),
    entities: [],
    discovery: { warnWhenNoEntities: false },
  });
  try {
    // MikroORM 7 connects on first use; the app's start-up does so by finding the pool (database.ts).
    await orm.connect();
    // The ORM's own check: a statement on one of its connections.
    expect(await orm.checkConnection()).toEqual({ ok: true });
  } finally {
    await orm.close(true);
  }
});
