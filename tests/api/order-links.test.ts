import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignedTokens } from '../../server/http/signed-tokens';
import { TEST_SESSION_SECRET } from '../support/browser';
import { sql } from '../support/database';
import { renderedEmails } from '../support/outbox';
import { buy, insertProduct } from '../support/fixtures';
import { keepAliveClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The link in an order's emails opens the order for 180 days, signed with a key of its own kept in the database:
// a new SESSION_SECRET does not break links already emailed. The shop runs in this process, so moving the clock
// (Date only) moves the shop's clock too.
const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(() => void vi.useRealTimers());

/** Places an order as a buyer does and answers the token of the link its confirmation email holds. */
async function orderAndLink(): Promise<{ orderId: number; token: string }> {
  const productId = await insertProduct(server.databaseUrl, { stock: 5 });
  const { orderId } = await buy(keepAliveClient(server.url), productId);
  expect(orderId).toBeGreaterThan(0);
  const [email] = await renderedEmails<{ text: string }>(
    server.databaseUrl,
    `select text from outbox_email where kind = 'order-confirmation' and subject like $1`,
    [`%#${String(orderId).padStart(6, '0')}`],
  );
  const token = /\/orders\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(email!.text)?.[1];
  expect(token).toBeDefined();
  return { orderId: orderId!, token: token! };
}

const open = async (on: TestServer, token: string) => {
  const response = await fetch(`${on.url}/api/order-links/${token}`);
  return { status: response.status, body: (await response.json()) as { id?: number; code?: string } };
};

const daysLater = (days: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.now() + days * DAY_MS));
};

describe("an order's emailed link", () => {
  it('opens the order for 180 days, then is refused as unknown', async () => {
    const { orderId, token } = await orderAndLink();
    expect(await open(server, token)).toMatchObject({ status: 200, body: { id: orderId } });
    daysLater(179);
    expect(await open(server, token)).toMatchObject({ status: 200, body: { id: orderId } });
    vi.useRealTimers();
    daysLater(181);
    expect(await open(server, token)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('still opens after SESSION_SECRET is changed (another instance, or a restart, with a new one)', async () => {
    const { orderId, token } = await orderAndLink();
    const rotated = await startTestServer({
      DATABASE_URL: server.databaseUrl,
      SESSION_SECRET: 'a-new-session-secret-after-a-rotation-0123456789',
    });
    try {
      expect(await open(rotated, token)).toMatchObject({ status: 200, body: { id: orderId } });
    } finally {
      await rotated.close();
    }
  });

  it('of the old form is refused on an install that never emailed one (its key was made before its first order), as a forged link is', async () => {
    const { orderId } = await orderAndLink();
    const old = new SignedTokens(TEST_SESSION_SECRET, 'order-link-v1').sign(String(orderId));
    expect(await open(server, old)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const forged = new SignedTokens('another-session-secret-nobody-here-knows-0123456789', 'order-link-v1').sign(String(orderId));
    expect(await open(server, forged)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});

/**
 * An install upgraded from before links expired: it has orders (their emails held links of the old form) and no key
 * yet, then an instance of this version starts on it. Answers that instance and an order placed before the upgrade.
 */
async function upgradedInstall(): Promise<{ upgraded: TestServer; orderId: number }> {
  const { orderId } = await orderAndLink();
  await sql(server.databaseUrl, `delete from server_setting where key = 'order-link-key'`);
  const upgraded = await startTestServer({ DATABASE_URL: server.databaseUrl });
  return { upgraded, orderId };
}

describe('a link of the old form (signed with SESSION_SECRET, no expiry) on an install that emailed such links', () => {
  it('opens until 180 days after the upgrade made the key, then is refused', async () => {
    const { upgraded, orderId } = await upgradedInstall();
    try {
      const old = new SignedTokens(TEST_SESSION_SECRET, 'order-link-v1').sign(String(orderId));
      expect(await open(upgraded, old)).toMatchObject({ status: 200, body: { id: orderId } });
      daysLater(179);
      expect(await open(upgraded, old)).toMatchObject({ status: 200, body: { id: orderId } });
      vi.useRealTimers();
      daysLater(181);
      expect((await open(upgraded, old)).status).toBe(404);
    } finally {
      vi.useRealTimers();
      await upgraded.close();
    }
  });

  it('needs the SESSION_SECRET that signed it', async () => {
    const { upgraded, orderId } = await upgradedInstall();
    const rotated = await startTestServer({
      DATABASE_URL: server.databaseUrl,
      SESSION_SECRET: 'a-new-session-secret-after-a-rotation-0123456789',
    });
    try {
      const old = new SignedTokens(TEST_SESSION_SECRET, 'order-link-v1').sign(String(orderId));
      expect(await open(upgraded, old)).toMatchObject({ status: 200, body: { id: orderId } });
      expect((await open(rotated, old)).status).toBe(404);
    } finally {
      await rotated.close();
      await upgraded.close();
    }
  });

  it('keeps opening on an install whose key was made before the key said whether such links exist', async () => {
    const { upgraded, orderId } = await upgradedInstall();
    await upgraded.close();
    // The key as the previous version wrote it: its secret and when it was made, nothing more.
    await sql(
      server.databaseUrl,
      `update server_setting set value = json_build_object('secret', value::json->>'secret', 'since', value::json->>'since')::text
        where key = 'order-link-key'`,
    );
    const existing = await startTestServer({ DATABASE_URL: server.databaseUrl });
    try {
      const old = new SignedTokens(TEST_SESSION_SECRET, 'order-link-v1').sign(String(orderId));
      expect(await open(existing, old)).toMatchObject({ status: 200, body: { id: orderId } });
    } finally {
      await existing.close();
    }
  });
});
