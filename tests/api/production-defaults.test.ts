import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../support/admin-client';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// What production does by default, checked on a shop started as production starts (NODE_ENV=production, behind a
// TLS-terminating proxy on loopback, which the shop trusts by default): the admin session cookie's flags, and the
// delivery-time address check of webhooks.
let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shop.example',
    // One attempt a delivery: a refused address is final at once.
    WEBHOOK_MAX_ATTEMPTS: '1',
    WEBHOOK_TIMEOUT_MS: '1000',
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('the admin session cookie in production', () => {
  it('is HttpOnly, SameSite=Lax and Secure', async () => {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['turnery.sid', 'turnery.sid.sig']);
    for (const cookie of cookies) {
      const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes, cookie).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
    }
  });
});

describe('webhook deliveries in production', () => {
  it('never connect to an internal address, an IP literal in any refused range or a name that resolves to one', async () => {
    const port = new URL(receiver.url).port;
    // Endpoints saved before these addresses were refused on saving (or while WEBHOOK_ALLOW_INTERNAL_ADDRESSES was
    // set): written here directly, as the admin would now refuse them.
    const refused = [
      `http://127.0.0.1:${port}/hooks`,
      `http://localhost:${port}/hooks`,
      `http://[64:ff9b::7f00:1]:${port}/hooks`,
      `http://[2002:7f00:1::1]:${port}/hooks`,
      'https://198.18.0.1/hooks',
      'https://192.0.0.8/hooks',
      'https://240.0.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
    ];
    for (const url of refused) {
      await sql(
        server.databaseUrl,
        `insert into webhook_endpoint (url, events, enabled, secret) values ($1, '{contact.created}', true, 'whsec_test')`,
        [url],
      );
    }
    const sent = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Turner', email: 'ada@example.com', subject: 'general', message: 'Hello' }),
    });
    expect(sent.status).toBe(200);

    const deliveries = await eventually(
      () =>
        sql<{ url: string; state: string; last_error: string | null }>(
          server.databaseUrl,
          `select e.url, d.state, d.last_error from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id order by e.id`,
        ),
      (rows) => rows.length === refused.length && rows.every((row) => row.state === 'failed'),
      20_000,
    );
    expect(deliveries.map((row) => row.url)).toEqual(refused);
    for (const delivery of deliveries) {
      expect(delivery.state, delivery.url).toBe('failed');
      expect(delivery.last_error, delivery.url).toMatch(/internal address/);
    }
    expect(receiver.received).toEqual([]);
  });
});
