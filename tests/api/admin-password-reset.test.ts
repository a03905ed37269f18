import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { sqlPool } from '../../server/db/sql-pool';
import { RateLimits } from '../../server/trpc/rate-limits';
import type { Logger } from '../../server/logger';
import { resetAdminAccount } from '../../server/modules/admin/account-reset';
import { AdminPasswordService } from '../../server/modules/admin/admin-password.service';
import { AdminSessionService } from '../../server/modules/admin/admin-session.service';
import { ApiTokenService } from '../../server/modules/admin/api-tokens.service';
import { call, signIn, TEST_ADMIN_PASSWORD } from '../support/admin-client';
import { startTestServer, type TestServer } from '../support/test-server';

// ADMIN_PASSWORD_RESET: someone learnt the password, changed it and made an API token; the operator starts an
// instance with ADMIN_PASSWORD_RESET=1 and takes the account back, on every instance at once.
const STOLEN = 'changed by someone else 2026';
const TAKEN_BACK = 'taken back by the owner 2026';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const verified = async (on: TestServer, cookie: string) =>
  (await call<{ authenticated: boolean }>(on, 'GET', '/admin/verify', { cookie })).body.authenticated;
const tokenWorks = async (on: TestServer, token: string) =>
  (await call(on, 'GET', '/admin/stats', { headers: { authorization: `Bearer ${token}` } })).status === 200;

/** What someone with the password does: a password of theirs, a session, a token; the owner's sessions kept. */
async function takeOver() {
  const owner = await signIn(server);
  const intruder = await signIn(server);
  const changed = await call(server, 'POST', '/admin/password', {
    cookie: intruder,
    body: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: STOLEN, revokeApiTokens: false },
  });
  expect(changed.status).toBe(200);
  const created = await call<{ token: string }>(server, 'POST', '/admin/tokens', {
    cookie: intruder,
    body: { name: 'mine now', scope: 'read-write' },
  });
  expect(created.status).toBe(200);
  await expect(signIn(server)).rejects.toThrow(/sign-in failed/);
  return { owner, intruder, token: created.body.token };
}

describe('ADMIN_PASSWORD_RESET=1', () => {
  it('is refused without ADMIN_PASSWORD, the password to reset to', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD_RESET: '1' })).toThrow(/ADMIN_PASSWORD_RESET: needs ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_PASSWORD_RESET: '1', ADMIN_PASSWORD: TAKEN_BACK }).ADMIN_PASSWORD_RESET).toBe(true);
  });

  it('makes ADMIN_PASSWORD the password on every instance, ends every admin session and revokes every API token', async () => {
    const { intruder, token } = await takeOver();
    expect(await verified(server, intruder)).toBe(true);
    expect(await tokenWorks(server, token)).toBe(true);

    const restarted = await startTestServer({ DATABASE_URL: server.databaseUrl, ADMIN_PASSWORD: TAKEN_BACK, ADMIN_PASSWORD_RESET: '1' });
    try {
      for (const instance of [server, restarted]) {
        expect(await verified(instance, intruder)).toBe(false);
        expect(await tokenWorks(instance, token)).toBe(false);
        await expect(signIn(instance, STOLEN)).rejects.toThrow(/sign-in failed/);
        expect(await verified(instance, await signIn(instance, TAKEN_BACK))).toBe(true);
      }
    } finally {
      await restarted.close();
    }
  });

  it('says in the log what it did, and that the setting should now be unset', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: server.databaseUrl, ADMIN_PASSWORD: TAKEN_BACK });
    const database = await openDatabase(config, () => {});
    const lines: { fields: unknown; message: string }[] = [];
    const logger = { warn: (fields: unknown, message: string) => lines.push({ fields, message }), info: () => {} } as unknown as Logger;
    try {
      const cookie = await signIn(server, TAKEN_BACK);
      await resetAdminAccount(database.orm.em.fork(), TAKEN_BACK, {
        adminPassword: new AdminPasswordService(config, logger),
        adminSessions: new AdminSessionService(),
        apiTokens: new ApiTokenService(new RateLimits(await sqlPool(database.orm.em))),
        logger,
      });
      expect(await verified(server, cookie)).toBe(false);
      expect(lines).toEqual([
        {
          fields: { signedOutSessions: expect.any(Number) as number, revokedApiTokens: 0 },
          message: expect.stringMatching(/^ADMIN_PASSWORD_RESET: .*every admin session ended.*Unset ADMIN_PASSWORD_RESET/) as string,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});
