import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../support/database';
import { renderedEmails } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => server?.close());

let clients = 0;
function post(path: string, body: unknown, client = `198.51.100.${++clients}`) {
  return fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
}

const subscriptions = (email: string) =>
  sql<{ email: string; unsubscribed_at: Date | null }>(server.databaseUrl, 'select * from newsletter_subscription where email = $1', [
    email,
  ]);
const welcomeEmails = (email: string) =>
  renderedEmails<{ text: string }>(server.databaseUrl, "select * from outbox_email where kind = 'newsletter-welcome' and to_address = $1", [
    email,
  ]);

const countSubscriptions = async () =>
  Number((await sql<{ n: string }>(server.databaseUrl, 'select count(*) as n from newsletter_subscription'))[0]!.n);

async function unsubscribeLink(email: string): Promise<URL> {
  const [welcome] = await welcomeEmails(email);
  const link = /https:\/\/shop\.example\/newsletter\/unsubscribe\?token=\S+/.exec(welcome!.text);
  expect(link, 'the welcome email holds an unsubscribe link').not.toBeNull();
  return new URL(link![0]);
}

describe('POST /api/newsletter/subscribe', () => {
  it('stores the address trimmed and lower-case, and sends one welcome email with an unsubscribe link', async () => {
    const response = await post('/newsletter/subscribe', { email: '  Reader@Example.COM ' });
    expect(response.status).toBe(200);
    expect(await subscriptions('reader@example.com')).toHaveLength(1);
    expect(await welcomeEmails('reader@example.com')).toHaveLength(1);
    await unsubscribeLink('reader@example.com');
  });

  it('keeps one row and sends no second welcome when the same address subscribes again', async () => {
    expect((await post('/newsletter/subscribe', { email: 'twice@example.com' })).status).toBe(200);
    expect((await post('/newsletter/subscribe', { email: 'TWICE@example.com' })).status).toBe(200);
    expect(await subscriptions('twice@example.com')).toHaveLength(1);
    expect(await welcomeEmails('twice@example.com')).toHaveLength(1);
  });

  it.each([[{ email: 'not-an-email' }], [{ email: '' }], [{}], [{ email: `${'x'.repeat(250)}@example.com` }]])(
    'refuses %j with a 400 naming email, and stores nothing',
    async (body) => {
      const before = await countSubscriptions();
      const response = await post('/newsletter/subscribe', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain('email:');
      expect(await countSubscriptions()).toBe(before);
    },
  );

  it('is rate limited per client', async () => {
    const client = '198.51.100.250';
    for (let i = 0; i < 10; i += 1)
      expect((await post('/newsletter/subscribe', { email: `many${i}@example.com` }, client)).status).toBe(200);
    const refused = await post('/newsletter/subscribe', { email: 'one-more@example.com' }, client);
    expect(refused.status).toBe(429);
    expect(await subscriptions('one-more@example.com')).toHaveLength(0);
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  it('unsubscribes with the link from the welcome email, and a new subscription undoes it', async () => {
    await post('/newsletter/subscribe', { email: 'leaver@example.com' });
    const link = await unsubscribeLink('leaver@example.com');
    const response = await post('/newsletter/unsubscribe', { token: link.searchParams.get('token') });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, email: 'leaver@example.com' });
    expect((await subscriptions('leaver@example.com'))[0]!.unsubscribed_at).toBeInstanceOf(Date);

    // Following the link twice is harmless.
    expect((await post('/newsletter/unsubscribe', { token: link.searchParams.get('token') })).status).toBe(200);

    await post('/newsletter/subscribe', { email: 'leaver@example.com' });
    const rows = await subscriptions('leaver@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.unsubscribed_at).toBeNull();
  });

  it('refuses a forged token with a 400 and changes nothing', async () => {
    await post('/newsletter/subscribe', { email: 'victim@example.com' });
    const token = (await unsubscribeLink('victim@example.com')).searchParams.get('token')!;
    const [, mac] = token.split('.');
    // One character of the signature changed (the first: every bit of it counts).
    const forged = `${Buffer.from('victim@example.com').toString('base64url')}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`;
    const otherAddress = `${Buffer.from('someone@example.com').toString('base64url')}.${mac}`;
    for (const bad of [forged, otherAddress, 'garbage', 'a.b']) {
      const response = await post('/newsletter/unsubscribe', { token: bad });
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^token: /);
    }
    expect((await subscriptions('victim@example.com'))[0]!.unsubscribed_at).toBeNull();
  });

  it('refuses a missing token with a 400 naming it', async () => {
    const response = await post('/newsletter/unsubscribe', {});
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('token:');
  });

  it('documents both paths', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, { post?: unknown }> };
    expect(document.paths['/newsletter/subscribe']?.post).toBeDefined();
    expect(document.paths['/newsletter/unsubscribe']?.post).toBeDefined();
    expect(document.paths['/contact']?.post).toBeDefined();
    expect(document.paths['/shop/info']).toBeDefined();
  });
});
