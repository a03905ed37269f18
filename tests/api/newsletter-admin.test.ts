import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { sql } from '../support/database';
import { startTestServer, type TestServer } from '../support/test-server';

// The owner's newsletter list (issue 46): paged, searched, filtered, exported as CSV, one address removed.

interface Subscriber {
  id: number;
  email: string;
  status: 'subscribed' | 'unsubscribed';
  subscribedAt: string;
  unsubscribedAt: string | null;
}

let server: TestServer;
let cookie: string;

// Rows written straight to the table, with dates, so the order (newest first) is known.
async function insertSubscriber(email: string, daysAgo: number, unsubscribedDaysAgo?: number) {
  await sql(
    server.databaseUrl,
    `insert into newsletter_subscription (email, created_at, unsubscribed_at)
     values ($1, now() - make_interval(days => $2), case when $3::int is null then null else now() - make_interval(days => $3::int) end)`,
    [email, daysAgo, unsubscribedDaysAgo ?? null],
  );
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
  await insertSubscriber('ada@example.com', 5);
  await insertSubscriber('grace@navy.example', 4, 1);
  await insertSubscriber('alan@bletchley.example', 3);
  await insertSubscriber('=cmd@evil.example', 2);
  await insertSubscriber('under_score@example.com', 1);
});
afterAll(() => server?.close());

const list = (query: string) => call<Subscriber[]>(server, 'GET', `/admin/newsletter/subscribers${query}`, { cookie });
const csvOf = async (query: string) => {
  const response = await fetch(`${server.url}/api/admin/newsletter/subscribers.csv${query}`, { headers: { cookie } });
  return {
    response,
    lines: (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
  };
};

describe('GET /api/admin/newsletter/subscribers', () => {
  it('lists every address newest first, with who unsubscribed and when', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.map((row) => row.email)).toEqual([
      'under_score@example.com',
      '=cmd@evil.example',
      'alan@bletchley.example',
      'grace@navy.example',
      'ada@example.com',
    ]);
    const grace = all.body.find((row) => row.email === 'grace@navy.example')!;
    expect(grace.status).toBe('unsubscribed');
    expect(Date.now() - Date.parse(grace.unsubscribedAt!)).toBeGreaterThan(23 * 3600_000);
    expect(all.body.find((row) => row.email === 'ada@example.com')).toMatchObject({ status: 'subscribed', unsubscribedAt: null });
  });

  it('answers a page at a time with the total and the other pages in headers', async () => {
    const second = await list('?pageSize=2&page=2');
    expect(second.body.map((row) => row.email)).toEqual(['alan@bletchley.example', 'grace@navy.example']);
    expect(second.response.headers.get('x-total-count')).toBe('5');
    const link = second.response.headers.get('link')!;
    expect(link).toContain('</api/admin/newsletter/subscribers?page=1&pageSize=2>; rel="prev"');
    expect(link).toContain('</api/admin/newsletter/subscribers?page=3&pageSize=2>; rel="next"');
    expect(link).toContain('</api/admin/newsletter/subscribers?page=3&pageSize=2>; rel="last"');
  });

  it('searches by a part of the address (any case, _ as itself) and filters by status', async () => {
    expect((await list('?search=NAVY')).body.map((row) => row.email)).toEqual(['grace@navy.example']);
    expect((await list('?search=_')).body.map((row) => row.email)).toEqual(['under_score@example.com']);
    const left = await list('?status=unsubscribed');
    expect(left.body.map((row) => row.email)).toEqual(['grace@navy.example']);
    expect(left.response.headers.get('x-total-count')).toBe('1');
    expect((await list('?status=subscribed&search=example.com')).body.map((row) => row.email)).toEqual([
      'under_score@example.com',
      'ada@example.com',
    ]);
    const wrong = await call<{ message: string }>(server, 'GET', '/admin/newsletter/subscribers?status=gone', { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('status');
  });

  it('is for the owner only', async () => {
    expect((await call(server, 'GET', '/admin/newsletter/subscribers')).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/newsletter/subscribers.csv`)).status).toBe(401);
    expect((await call(server, 'DELETE', '/admin/newsletter/subscribers/1')).status).toBe(401);
  });
});

describe('GET /api/admin/newsletter/subscribers.csv', () => {
  it('exports the subscribed addresses by default, safe to open in a spreadsheet', async () => {
    const { response, lines } = await csvOf('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="turnery-newsletter-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(lines[0]).toBe('"Email","Status","Subscribed","Unsubscribed"');
    expect(lines).toHaveLength(5);
    expect(lines.join('\n')).not.toContain('grace@navy.example');
    expect(lines[2]).toMatch(/^"'=cmd@evil\.example","subscribed","\d{4}-/);
  });

  it('exports who unsubscribed, with the date, when asked; refuses a misspelt filter', async () => {
    const { lines } = await csvOf('?status=unsubscribed');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"grace@navy\.example","unsubscribed","\d{4}-[^"]+","\d{4}-[^"]+"$/);
    expect((await csvOf('?status=all&search=bletchley')).lines).toHaveLength(2);
    const misspelt = await fetch(`${server.url}/api/admin/newsletter/subscribers.csv?stauts=all`, { headers: { cookie } });
    expect(misspelt.status).toBe(400);
    expect(((await misspelt.json()) as { message: string }).message).toMatch(/^stauts: is not a query parameter/);
  });
});

describe('DELETE /api/admin/newsletter/subscribers/{id}', () => {
  it('removes one address, and answers 404 for one that is not there', async () => {
    await insertSubscriber('leaving@example.com', 0);
    const [row] = (await list('?search=leaving')).body;
    const removed = await call(server, 'DELETE', `/admin/newsletter/subscribers/${row!.id}`, { cookie });
    expect(removed.status).toBe(200);
    expect((await list('?search=leaving')).body).toEqual([]);
    const again = await call<{ message: string }>(server, 'DELETE', `/admin/newsletter/subscribers/${row!.id}`, { cookie });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`No newsletter subscriber with id ${row!.id}`);
  });
});
