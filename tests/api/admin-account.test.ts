import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, TEST_ADMIN_PASSWORD } from '../support/admin-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The owner's account over the REST mirror: a new password ends the other sessions and, unless the owner keeps
// them, every API token; 'sign out everywhere' ends all sessions.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const verified = async (cookie: string) =>
  (await call<{ authenticated: boolean }>(server, 'GET', '/admin/verify', { cookie })).body.authenticated;

describe("the owner's account", () => {
  it('changes the password only with the current one, refuses a short one, and signs out the other browsers', async () => {
    const laptop = await signIn(server);
    const phone = await signIn(server);
    const wrong = await call<{ message: string }>(server, 'POST', '/admin/password', {
      cookie: laptop,
      body: { currentPassword: 'not it', newPassword: 'a brand new passphrase' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('currentPassword');
    const short = await call<{ message: string }>(server, 'POST', '/admin/password', {
      cookie: laptop,
      body: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('newPassword');

    const changed = await call(server, 'POST', '/admin/password', {
      cookie: laptop,
      body: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'walnut and cherry 2026' },
    });
    expect(changed).toMatchObject({ status: 200, body: { success: true, signedOutSessions: 1, revokedApiTokens: 0 } });
    expect(await verified(laptop)).toBe(true);
    expect(await verified(phone)).toBe(false);
    await expect(signIn(server)).rejects.toThrow(/sign-in failed/);
    const again = await signIn(server, 'walnut and cherry 2026');
    expect(await verified(again)).toBe(true);
  });

  it('signs out every session, this one included', async () => {
    const one = await signIn(server, 'walnut and cherry 2026');
    const two = await signIn(server, 'walnut and cherry 2026');
    const answer = await call(server, 'POST', '/admin/sessions/end-all', { cookie: one });
    expect(answer.status).toBe(200);
    expect(await verified(one)).toBe(false);
    expect(await verified(two)).toBe(false);
    expect((await call(server, 'POST', '/admin/sessions/end-all')).status).toBe(401);
  });

  it('revokes every API token with a password change, unless the owner keeps them', async () => {
    const cookie = await signIn(server, 'walnut and cherry 2026');
    const token = async (name: string) =>
      (await call<{ token: string }>(server, 'POST', '/admin/tokens', { cookie, body: { name, scope: 'read-write' } })).body.token;
    const [script, backup] = [await token('stock sync'), await token('nightly export')];
    const works = async (secret: string) =>
      (await call(server, 'GET', '/admin/stats', { headers: { authorization: `Bearer ${secret}` } })).status === 200;
    expect([await works(script), await works(backup)]).toEqual([true, true]);

    const badFlag = await call<{ message: string }>(server, 'POST', '/admin/password', {
      cookie,
      body: { currentPassword: 'walnut and cherry 2026', newPassword: 'maple and ash 2027', revokeApiTokens: 'yes' },
    });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toContain('revokeApiTokens');

    const kept = await call(server, 'POST', '/admin/password', {
      cookie,
      body: { currentPassword: 'walnut and cherry 2026', newPassword: 'maple and ash 2027', revokeApiTokens: false },
    });
    expect(kept).toMatchObject({ status: 200, body: { success: true, revokedApiTokens: 0 } });
    expect([await works(script), await works(backup)]).toEqual([true, true]);

    const revoked = await call(server, 'POST', '/admin/password', {
      cookie,
      body: { currentPassword: 'maple and ash 2027', newPassword: 'walnut and cherry 2026' },
    });
    expect(revoked).toMatchObject({ status: 200, body: { success: true, revokedApiTokens: 2 } });
    expect([await works(script), await works(backup)]).toEqual([false, false]);
    expect((await call(server, 'GET', '/admin/tokens', { cookie })).body).toEqual([]);
  });
});
