import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { signIn } from '../support/admin-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { noJobLeft, QUICK_WEBHOOK_SETTINGS, registerReceiver, settledDeliveries } from '../support/webhook-endpoints';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// Two instances of the shop on one database share the webhook queue (webhooks.test.ts has the rest end to end):
// each event is delivered once, whichever instance wrote it and whichever runs its job.

const SETTINGS = QUICK_WEBHOOK_SETTINGS;
let server: TestServer;
let cookie: string;
let shared: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer(SETTINGS);
  cookie = await signIn(server);
  shared = await startWebhookReceiver();
});
afterAll(async () => {
  await server?.close();
  await shared?.close();
});

it('delivers each event once when two instances share the queue', async () => {
  const second = await startServer(
    loadConfig({
      ...SETTINGS,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: server.databaseUrl,
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
      ADMIN_PASSWORD: 'test-admin-password',
      LOG_LEVEL: 'warn',
      STOP_DELAY_MS: '0',
    }),
  );
  try {
    const endpoint = await registerReceiver(server, cookie, shared, ['contact.created']);
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${i % 2 ? second.url : server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i + 1}` },
          body: JSON.stringify({
            firstName: 'Ada',
            lastName: 'Turner',
            email: 'ada@example.com',
            subject: 'general',
            message: `No. ${i}`,
          }),
        }),
      ),
    );
    expect(sent.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const deliveries = await settledDeliveries(server, cookie, endpoint.id, 12);
    for (const delivery of deliveries) await noJobLeft(server, delivery.id);
    expect(deliveries.every((delivery) => delivery.state === 'delivered' && delivery.attempts === 1)).toBe(true);
    expect(shared.received).toHaveLength(12);
    expect(new Set(shared.received.map((request) => request.body.id)).size).toBe(12);
  } finally {
    await second.stop();
  }
});
