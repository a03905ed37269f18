import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { createScratchDatabase } from '../../server/db/scratch-database';
import type { Logger } from '../../server/logger';
import { ServerSetting } from '../../server/modules/admin/admin-session.entity';
import { AdminPasswordService } from '../../server/modules/admin/admin-password.service';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
beforeAll(async () => {
  scratch = await createScratchDatabase(inject('databaseServerUrl'), 'pw', inject('migratedTemplate'));
  database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: scratch.url }), () => {});
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

function recordingLogger() {
  const lines: string[] = [];
  const logger = { warn: (message: string) => lines.push(message), info: () => {} } as unknown as Logger;
  return { logger, lines };
}

it('D15: without ADMIN_PASSWORD a password is generated once, printed once, and only its hash is kept', async () => {
  const config = loadConfig({ NODE_ENV: 'development', DATABASE_URL: scratch.url });
  const first = recordingLogger();
  await new AdminPasswordService(config, first.logger).prepare(database.orm.em.fork());
  expect(first.lines).toHaveLength(1);
  const password = /generated: (\S+)/.exec(first.lines[0]!)?.[1];
  expect(password).toMatch(/^[\w-]{20}$/);

  const stored = await database.orm.em.fork().findOneOrFail(ServerSetting, { key: 'admin-password-hash' });
  expect(stored.value).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
  expect(stored.value).not.toContain(password);

  // A restart: the same password works, and nothing is printed again.
  const second = recordingLogger();
  const restarted = new AdminPasswordService(config, second.logger);
  await restarted.prepare(database.orm.em.fork());
  expect(second.lines).toEqual([]);
  expect(await restarted.verify(database.orm.em.fork(), password!)).toBe(true);
  expect(await restarted.verify(database.orm.em.fork(), `${password}x`)).toBe(false);
  expect(await restarted.verify(database.orm.em.fork(), '')).toBe(false);
});

it('uses ADMIN_PASSWORD when set, and stores nothing for it', async () => {
  const config = loadConfig({ NODE_ENV: 'development', DATABASE_URL: scratch.url, ADMIN_PASSWORD: 'chosen by the owner' });
  const { logger, lines } = recordingLogger();
  const service = new AdminPasswordService(config, logger);
  expect(await service.verify(database.orm.em.fork(), 'chosen by the owner')).toBe(true);
  expect(await service.verify(database.orm.em.fork(), 'chosen by the owner ')).toBe(false);
  expect(lines).toEqual([]);
});
