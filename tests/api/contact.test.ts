import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../support/database';
import { renderedEmails } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: 'owner@workshop.example', SHOP_PHONE: '(555) 010-0199' });
});
afterAll(() => server?.close());

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'custom',
  message: 'Could you turn a walnut bowl?',
};

// The server trusts the loopback proxy, so each test can speak as its own client and keep its own rate limit.
let clients = 0;
const newClient = () => `203.0.113.${++clients}`;

function send(body: unknown, client = newClient()) {
  return fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
}

const countMessages = async () => Number((await sql<{ n: string }>(server.databaseUrl, 'select count(*) as n from contact_message'))[0]!.n);

describe('POST /api/contact', () => {
  it('stores the message as new and emails the owner in the outbox', async () => {
    const response = await send({ ...valid, firstName: '  Ada  ', message: 'Could you turn a walnut bowl?\nWith a lid.' });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: number };
    const [row] = await sql(server.databaseUrl, 'select * from contact_message where id = $1', [id]);
    expect(row).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', subject: 'custom', status: 'new' });
    const emails = await renderedEmails<{ to_address: string; subject: string; text: string; kind: string }>(
      server.databaseUrl,
      "select * from outbox_email where kind = 'contact-notification' order by id desc limit 1",
    );
    expect(emails[0]).toMatchObject({ to_address: 'owner@workshop.example', subject: 'New message: Custom Order from Ada Lovelace' });
    expect(emails[0]!.text).toContain('ada@example.com');
    expect(emails[0]!.text).toContain('With a lid.');
  });

  it.each([
    ['firstName', { firstName: undefined }],
    ['lastName', { lastName: '   ' }],
    ['email', { email: undefined }],
    ['email', { email: 'not-an-email' }],
    ['subject', { subject: 'spam' }],
    ['subject', { subject: undefined }],
    ['message', { message: '' }],
    ['message', { message: 'x'.repeat(5001) }],
    ['firstName', { firstName: 'x'.repeat(101) }],
    ['email', { email: `${'x'.repeat(250)}@example.com` }],
  ])('refuses a bad %s with a 400 that names it, and stores nothing', async (field, change) => {
    const before = await countMessages();
    const response = await send({ ...valid, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; code: string };
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toContain(`${field}:`);
    expect(await countMessages()).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    const response = await send('hello');
    expect(response.status).toBe(400);
  });

  it('refuses the sixth message from one client within ten minutes with a 429', async () => {
    const client = newClient();
    for (let i = 1; i <= 5; i += 1) expect((await send(valid, client)).status, `message ${i}`).toBe(200);
    const before = await countMessages();
    const refused = await send(valid, client);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/Too many attempts/) as string,
    });
    expect(await countMessages()).toBe(before);
    // Another client is not affected.
    expect((await send(valid)).status).toBe(200);
  });

  it('answers a client it already refused before reading its message, the same 429 on both roads', async () => {
    const client = newClient();
    for (let i = 1; i <= 5; i += 1) expect((await send(valid, client)).status, `message ${i}`).toBe(200);
    const first = await send(valid, client);
    expect(first.status).toBe(429);
    const body = (await first.json()) as { message: string; data: { retryAfterSeconds: number } };
    // The same answer, its seconds counted down since (a second may have passed).
    const sameAnswer = (response: Response, data: unknown) => {
      expect(response.status).toBe(429);
      const seconds = Number(response.headers.get('retry-after'));
      expect(body.data.retryAfterSeconds - seconds).toBeGreaterThanOrEqual(0);
      expect(body.data.retryAfterSeconds - seconds).toBeLessThanOrEqual(1);
      const at = (text: string) => text.replace(String(body.data.retryAfterSeconds), String(seconds));
      expect(data).toEqual({ ...body, message: at(body.message), data: { ...body.data, retryAfterSeconds: seconds } });
    };
    // Refused from memory now: a message that is not even JSON gets the same answer, not a 400.
    const again = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: '{not json',
    });
    sameAnswer(again, await again.json());
    const trpc = await fetch(`${server.url}/trpc/contact.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ ...valid, email: 'not an address' }),
    });
    const { error } = (await trpc.json()) as { error: { message: string; data: unknown } };
    sameAnswer(trpc, { message: error.message, code: 'TOO_MANY_REQUESTS', data: error.data });
  });

  it('works over tRPC too', async () => {
    const response = await fetch(`${server.url}/trpc/contact.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient() },
      body: JSON.stringify({ ...valid, subject: 'general' }),
    });
    expect(response.status).toBe(200);
  });
});

describe('GET /api/shop/info', () => {
  it('serves the configured contact details', async () => {
    const response = await fetch(`${server.url}/api/shop/info`);
    expect(await response.json()).toEqual({
      email: 'hello@turnery.example',
      phone: '(555) 010-0199',
      location: expect.stringMatching(/Georgia/) as string,
      address: { street: 'Booth 114, Riverside Antique Mall', city: 'Athens', region: 'GA', postalCode: '', country: 'US' },
    });
  });
});
