import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyTurneryWebhook } from '../../docs/examples/verify-webhook.mjs';
import { call, cookiesOf, signIn, TEST_ADMIN_PASSWORD } from '../support/admin-client';
import type { ErrorJson } from '../support/api-types';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer } from '../support/test-server';
import { deliveriesOf, LOOPBACK_RECEIVERS, registerReceiver, type EndpointJson } from '../support/webhook-endpoints';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// The owner's webhook endpoints over the REST mirror: what input is refused and why, production's address rules,
// secrets (shown, rotated, the old one signing beside the new until it expires) and deletion.

let server: TestServer;
let cookie: string;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer(LOOPBACK_RECEIVERS);
  cookie = await signIn(server);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const create = (body: unknown, on = server, session = cookie) =>
  call<ErrorJson>(on, 'POST', '/webhook-endpoints', { cookie: session, body });
const fieldsOf = (error: ErrorJson) => error.data.issues?.map((issue) => issue.path.join('.'));
const contact = (message: string) =>
  fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Turner', email: 'ada@example.com', subject: 'general', message }),
  });

describe('webhook endpoints', () => {
  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'not a url', events: ['order.created'] }, 'url'],
      [{ url: 'ftp://hooks.example.com/x', events: ['order.created'] }, 'url'],
      [{ events: ['order.created'] }, 'url'],
      [{ url: 'https://hooks.example.com/x', events: ['order.shipped'] }, 'events.0'],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com/x', events: 'order.created' }, 'events'],
      [{ url: 'https://hooks.example.com/x', events: ['order.created'], enabled: 'yes' }, 'enabled'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.reason).toBe('VALIDATION_FAILED');
      expect(fieldsOf(answer.body), JSON.stringify(body)).toContain(field);
      expect(answer.body.message).toContain(`${field}:`);
    }
    expect((await create({ url: 'not a url', events: ['contact.created'] })).body.message).toBe('url: must be an http:// or https:// URL');
    expect((await call<EndpointJson[]>(server, 'GET', '/webhook-endpoints', { cookie })).body).toEqual([]);
    expect((await create({ url: 'https://hooks.example.com/x', events: ['order.created'] }, server, '')).status).toBe(401);
    const rotate = await call<ErrorJson>(server, 'POST', '/webhook-endpoints/1/rotate-secret', {
      cookie,
      body: { keepOldSecretHours: 25 },
    });
    expect(rotate.status).toBe(400);
    expect(fieldsOf(rotate.body)).toEqual(['keepOldSecretHours']);
  });

  it('in production, refuses http:// and addresses of this machine or a private network, naming url', async () => {
    const production = await startTestServer({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
    try {
      // Production's session cookie is Secure: sign in as through the TLS-terminating proxy the shop trusts on loopback.
      const login = await fetch(`${production.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
      });
      const session = cookiesOf(login);
      const refused: [string, string][] = [
        ['http://hooks.example.com/turnery', 'url: must start with https:// in production'],
        ['https://127.0.0.1:4000/hook', 'url: must not point at a loopback, private or link-local address'],
        ['https://localhost/hook', 'url: must not point at a loopback, private or link-local address'],
        ['https://10.0.0.8/hook', 'url: must not point at a loopback, private or link-local address'],
        ['https://169.254.169.254/latest/meta-data', 'url: must not point at a loopback, private or link-local address'],
        ['https://[fe80::1]/hook', 'url: must not point at a loopback, private or link-local address'],
      ];
      for (const [url, message] of refused) {
        const answer = await create({ url, events: ['order.created'] }, production, session);
        expect(answer.status, url).toBe(400);
        expect(answer.body.message, url).toBe(message);
        expect(fieldsOf(answer.body)).toEqual(['url']);
      }
      const accepted = await call<EndpointJson>(production, 'POST', '/webhook-endpoints', {
        cookie: session,
        body: { url: 'https://hooks.example.com/turnery', events: ['order.created'] },
      });
      expect(accepted.status).toBe(200);
      const changed = await call<ErrorJson>(production, 'PATCH', `/webhook-endpoints/${accepted.body.id}`, {
        cookie: session,
        body: { url: 'http://hooks.example.com/turnery' },
      });
      expect(changed.status).toBe(400);
      expect(fieldsOf(changed.body)).toEqual(['url']);
    } finally {
      await production.close();
    }
  });

  it('shows the secret on creation and on demand, changes an endpoint, and 404s for one that does not exist', async () => {
    const created = await call<EndpointJson & { secret: string }>(server, 'POST', '/webhook-endpoints', {
      cookie,
      body: { url: 'https://hooks.example.com/a', events: ['order.created', 'order.created'] },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ url: 'https://hooks.example.com/a', events: ['order.created'], enabled: true });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const listed = (await call<EndpointJson[]>(server, 'GET', '/webhook-endpoints', { cookie })).body;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.body.secret);
    const revealed = await call<{ secret: string }>(server, 'GET', `/webhook-endpoints/${created.body.id}/secret`, { cookie });
    expect(revealed.body.secret).toBe(created.body.secret);

    const changed = await call<EndpointJson>(server, 'PATCH', `/webhook-endpoints/${created.body.id}`, {
      cookie,
      body: { events: ['contact.created', 'order.status_changed'], enabled: false },
    });
    expect(changed.body).toMatchObject({
      url: 'https://hooks.example.com/a',
      events: ['contact.created', 'order.status_changed'],
      enabled: false,
    });
    for (const [method, path] of [
      ['PATCH', '/webhook-endpoints/999999'],
      ['DELETE', '/webhook-endpoints/999999'],
      ['GET', '/webhook-endpoints/999999/secret'],
      ['POST', '/webhook-endpoints/999999/rotate-secret'],
    ] as const) {
      const answer = await call<ErrorJson>(server, method, path, { cookie, ...(method === 'PATCH' ? { body: { enabled: true } } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(server, 'DELETE', `/webhook-endpoints/${created.body.id}`, { cookie })).status).toBe(200);
    expect((await call<EndpointJson[]>(server, 'GET', '/webhook-endpoints', { cookie })).body).toEqual([]);
  });

  it('works with an API token as with the session; a read-only token lists endpoints but cannot read a secret or write', async () => {
    const token = async (scope: string) =>
      (await call<{ token: string }>(server, 'POST', '/admin/tokens', { cookie, body: { name: `webhooks ${scope}`, scope } })).body.token;
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
    const writer = bearer(await token('read-write'));
    const reader = bearer(await token('read-only'));
    const created = await call<EndpointJson & { secret: string }>(server, 'POST', '/webhook-endpoints', {
      headers: writer,
      body: { url: 'https://hooks.example.com/script', events: ['order.created'] },
    });
    expect(created.status).toBe(200);
    const path = `/webhook-endpoints/${created.body.id}/secret`;
    expect((await call<{ secret: string }>(server, 'GET', path, { headers: writer })).body.secret).toBe(created.body.secret);
    expect((await call<EndpointJson[]>(server, 'GET', '/webhook-endpoints', { headers: reader })).body.map((e) => e.id)).toContain(
      created.body.id,
    );
    const refused = await call<ErrorJson>(server, 'GET', path, { headers: reader });
    expect(refused.status).toBe(403);
    expect(refused.body.data.reason).toBe('FORBIDDEN');
    expect(JSON.stringify(refused.body)).not.toContain(created.body.secret);
    expect((await call(server, 'DELETE', `/webhook-endpoints/${created.body.id}`, { headers: reader })).status).toBe(403);
    expect((await call(server, 'DELETE', `/webhook-endpoints/${created.body.id}`, { headers: writer })).status).toBe(200);
  });

  it('after a rotation signs with the new secret and, until it expires, the old one; deleting an endpoint ends its deliveries', async () => {
    const endpoint = await registerReceiver(server, cookie, receiver, ['contact.created']);
    const oldSecret = receiver.secret;
    const rotated = await call<{ secret: string; previousSecretExpiresAt: string }>(
      server,
      'POST',
      `/webhook-endpoints/${endpoint.id}/rotate-secret`,
      { cookie, body: {} },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(oldSecret);
    const hours = (Date.parse(rotated.body.previousSecretExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    receiver.secret = rotated.body.secret;

    await contact('First after the rotation');
    const [first] = await eventually(
      () => receiver.received,
      (all) => all.length === 1,
      20_000,
    );
    const signature = first!.headers['turnery-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyTurneryWebhook(first!.raw, signature, rotated.body.secret)).toBe(true);
    expect(verifyTurneryWebhook(first!.raw, signature, oldSecret)).toBe(true);
    expect(verifyTurneryWebhook(first!.raw, signature, 'whsec_someone-else')).toBe(false);
    // The documented check refuses a delivery replayed more than 5 minutes later, and a body changed on the way.
    expect(verifyTurneryWebhook(first!.raw, signature, rotated.body.secret, Date.now() + 6 * 60_000)).toBe(false);
    expect(verifyTurneryWebhook(first!.raw.replace('First', 'Last'), signature, rotated.body.secret)).toBe(false);

    const now = await call<{ secret: string; previousSecretExpiresAt: null }>(
      server,
      'POST',
      `/webhook-endpoints/${endpoint.id}/rotate-secret`,
      {
        cookie,
        body: { keepOldSecretHours: 0 },
      },
    );
    expect(now.body.previousSecretExpiresAt).toBeNull();
    receiver.secret = now.body.secret;
    await contact('Second after the rotation');
    const [, second] = await eventually(
      () => receiver.received,
      (all) => all.length === 2,
      20_000,
    );
    expect(second!.verified).toBe(true);
    expect(second!.headers['turnery-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyTurneryWebhook(second!.raw, second!.headers['turnery-signature'] as string, rotated.body.secret)).toBe(false);

    await receiver.down();
    await contact('Nobody is listening');
    await eventually(
      () => deliveriesOf(server, cookie, endpoint.id),
      (all) => all.length === 3,
    );
    expect((await call(server, 'DELETE', `/webhook-endpoints/${endpoint.id}`, { cookie })).status).toBe(200);
    expect(await deliveriesOf(server, cookie, endpoint.id)).toEqual([]);
  });
});
