import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/admin-client';
import { sql } from '../support/database';
import { startTestServer, type TestServer } from '../support/test-server';

// docs/product.md's whole lists on the REST mirror answer a page at a time: the array as before, the total and the
// other pages' addresses in headers, as a script following `Link` would read them.

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
  // 7 messages, one a minute apart: newest first is m7 ... m1.
  await sql(
    server.databaseUrl,
    `insert into contact_message (first_name, last_name, email, subject, message, status, created_at)
     select 'm' || n, 'Turner', 'm' || n || '@example.com', 'general', 'Hello', 'new', now() - (10 - n) * interval '1 minute'
     from generate_series(1, 7) as n`,
  );
}, 60_000);
afterAll(() => server?.close());

async function list(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api${path}`, { headers: { cookie, ...headers } });
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    total: response.headers.get('x-total-count'),
    link: response.headers.get('link'),
    etag: response.headers.get('etag'),
  };
}

/** Every item of a list, page by page, following `next` from the first page. */
async function followPages(first: string): Promise<{ items: unknown[]; pages: number; totals: Set<string | null> }> {
  const items: unknown[] = [];
  const totals = new Set<string | null>();
  let address: string | undefined = first;
  let pages = 0;
  while (address && pages < 100) {
    const page = await list(address.replace(/^\/api/, ''));
    expect(page.status, address).toBe(200);
    items.push(...(page.body as unknown[]));
    totals.add(page.total);
    address = links(page.link).next;
    pages += 1;
  }
  return { items, pages, totals };
}

/** The Link header as {rel: address}. */
const links = (header: string | null): Record<string, string | undefined> =>
  Object.fromEntries([...(header ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)].map((match) => [match[2]!, match[1]!]));

describe('GET /api/contacts, a page at a time', () => {
  it('follows next from the first page to the last, seeing every message once, newest first', async () => {
    const seen: string[] = [];
    let address: string | undefined = '/contacts?pageSize=3';
    let pages = 0;
    while (address) {
      const page = await list(address.replace(/^\/api/, ''));
      expect(page.status).toBe(200);
      expect(page.total).toBe('7');
      seen.push(...(page.body as { firstName: string }[]).map((message) => message.firstName));
      address = links(page.link).next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['m7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);
  });

  it('names the first, previous and last pages', async () => {
    const middle = await list('/contacts?page=2&pageSize=3');
    expect(links(middle.link)).toEqual({
      first: '/api/contacts?page=1&pageSize=3',
      prev: '/api/contacts?page=1&pageSize=3',
      next: '/api/contacts?page=3&pageSize=3',
      last: '/api/contacts?page=3&pageSize=3',
    });
    const beyond = await list('/contacts?page=9&pageSize=3');
    expect(beyond.body).toEqual([]);
    expect(links(beyond.link).prev).toBe('/api/contacts?page=3&pageSize=3');
  });

  it('answers 50 by default and refuses a page size over 200 or a page 0, naming the field', async () => {
    expect((await list('/contacts')).link).toContain('pageSize=50');
    for (const [query, field] of [
      ['pageSize=201', 'pageSize'],
      ['page=0', 'page'],
      ['pageSize=ten', 'pageSize'],
    ]) {
      const refused = await list(`/contacts?${query}`);
      expect(refused.status, query).toBe(400);
      expect(JSON.stringify(refused.body), query).toContain(field);
    }
  });
});

describe('the other whole lists', () => {
  it('/api/orders and /api/blog/all page the same way', async () => {
    for (const path of ['/orders?pageSize=1', '/blog/all?pageSize=1']) {
      const page = await list(path);
      expect(page.status, path).toBe(200);
      expect((page.body as unknown[]).length, path).toBeLessThanOrEqual(1);
      expect(Number(page.total), path).toBeGreaterThanOrEqual(0);
      expect(links(page.link).first, path).toBe(`/api${path.replace('?', '?page=1&')}`);
    }
    const posts = await list('/blog/all?pageSize=1');
    expect(Number(posts.total)).toBeGreaterThan(1);
    expect(links(posts.link).next).toBe('/api/blog/all?page=2&pageSize=1');
  });
});

describe('the lists that answer whole unless a page is asked for', () => {
  beforeAll(async () => {
    // Low stock for three products, two of them with the same count (their order is then by name, then id).
    await sql(
      server.databaseUrl,
      `update product set stock_quantity = 1, low_stock_threshold = 2 where id in (select id from product order by id limit 3)`,
    );
    // Three API tokens and three webhook endpoints for the owner's lists.
    for (const n of [1, 2, 3]) {
      for (const [path, body] of [
        ['/admin/tokens', { name: `script ${n}`, scope: 'read-only' }],
        ['/webhook-endpoints', { url: `https://hooks.example.com/${n}`, events: ['order.created'] }],
      ] as const) {
        const response = await fetch(`${server.url}/api${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(response.status, path).toBe(200);
      }
    }
  });

  it.each(['/products', '/products/featured', '/blog', '/admin/products', '/admin/low-stock', '/admin/tokens', '/webhook-endpoints'])(
    "%s: docs/product.md's whole array without page or pageSize; with them, pages that add up to it in the same order",
    async (path) => {
      const whole = await list(path);
      expect(whole.status).toBe(200);
      expect(whole.total).toBeNull();
      expect(whole.link).toBeNull();
      const all = whole.body as { id: number }[];
      expect(all.length, path).toBeGreaterThan(1);
      const paged = await followPages(`${path}?pageSize=2`);
      expect(paged.items).toEqual(all);
      expect(paged.pages).toBe(Math.ceil(all.length / 2));
      expect([...paged.totals]).toEqual([String(all.length)]);
      // page alone: 50 a page.
      expect(links((await list(`${path}?page=1`)).link).first).toBe(`/api${path}?page=1&pageSize=50`);
    },
  );

  it("keeps the shop's filters in the page addresses, and refuses a bad page naming it", async () => {
    const page = await list('/products?category=yarn-bowls&pageSize=1');
    expect(links(page.link).first).toBe('/api/products?category=yarn-bowls&page=1&pageSize=1');
    const refused = await list('/products?pageSize=500');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('pageSize');
  });

  it('the response cache keeps a page and the whole list apart, each with its own headers', async () => {
    for (let round = 0; round < 2; round += 1) {
      const whole = await list('/products');
      const page = await list('/products?page=2&pageSize=3');
      expect((whole.body as unknown[]).length, `round ${round}`).toBeGreaterThan(3);
      expect(whole.total, `round ${round}`).toBeNull();
      expect((page.body as unknown[]).length, `round ${round}`).toBe(3);
      expect(page.body).toEqual((whole.body as unknown[]).slice(3, 6));
      expect(page.total, `round ${round}`).toBe(String((whole.body as unknown[]).length));
      expect(links(page.link).prev, `round ${round}`).toBe('/api/products?page=1&pageSize=3');
      expect(page.etag).not.toBe(whole.etag);
      // The second round is answered from the cache: the same ETags, and 304 for each.
      expect((await fetch(`${server.url}/api/products?page=2&pageSize=3`, { headers: { 'if-none-match': page.etag! } })).status).toBe(304);
    }
  });
});

it('the API document names the headers of each paged list', async () => {
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
    paths: Record<string, { get?: { responses: Record<string, { headers?: Record<string, unknown> }> } }>;
  };
  for (const path of ['/orders', '/contacts', '/blog/all']) {
    expect(Object.keys(document.paths[path]!.get!.responses['200']!.headers ?? {}), path).toEqual(['X-Total-Count', 'Link']);
  }
  // The public lists answer a page only when asked: their headers are documented as not always sent.
  expect(document.paths['/products']!.get!.responses['200']!.headers).toMatchObject({ 'X-Total-Count': { required: false } });
});
