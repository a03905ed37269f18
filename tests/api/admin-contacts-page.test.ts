import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The owner's inbox over the REST mirror: a page at a time, unread only on request, with both totals.

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
});
afterAll(() => server?.close());

type Page = { contacts: { id: number; firstName: string; status: string }[]; total: number; unread: number };

it('pages the messages newest first, filters the unread ones and counts them', async () => {
  const ids: number[] = [];
  for (const [i, name] of ['Ada', 'Bea', 'Cal'].entries()) {
    const sent = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
      body: JSON.stringify({
        firstName: name,
        lastName: 'Turner',
        email: `${name.toLowerCase()}@example.com`,
        subject: 'general',
        message: 'Hello',
      }),
    });
    ids.push(((await sent.json()) as { id: number }).id);
  }
  expect((await call(server, 'PATCH', `/contacts/${ids[1]}`, { cookie, body: { status: 'read' } })).status).toBe(200);

  const first = await call<Page>(server, 'GET', '/admin/contacts?page=1&pageSize=2', { cookie });
  expect(first.body).toMatchObject({ total: 3, unread: 2 });
  expect(first.body.contacts.map((contact) => contact.firstName)).toEqual(['Cal', 'Bea']);
  const unread = await call<Page>(server, 'GET', '/admin/contacts?unread=true', { cookie });
  expect(unread.body.contacts.map((contact) => contact.firstName)).toEqual(['Cal', 'Ada']);
  expect(unread.body.total).toBe(2);

  const bad = await call<{ message: string }>(server, 'GET', '/admin/contacts?unread=maybe', { cookie });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toContain('unread');
  expect((await call(server, 'GET', '/admin/contacts')).status).toBe(401);
});

it('answers 404 for marking a message that does not exist', async () => {
  const missing = await call<{ message: string; data: { reason: string } }>(server, 'PATCH', '/contacts/999999', {
    cookie,
    body: { status: 'read' },
  });
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe('No contact message with id 999999');
  expect(missing.body.data.reason).toBe('NOT_FOUND');
});
