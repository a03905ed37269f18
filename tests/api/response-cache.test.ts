import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let db: pg.Client;
beforeAll(async () => {
  server = await startTestServer();
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await server?.close();
});

async function featuredNames(): Promise<string[]> {
  const products = (await (await fetch(`${server.url}/api/products/featured`)).json()) as { name: string }[];
  return products.map((product) => product.name);
}

describe('the catalogue response cache', () => {
  it('answers a repeated read with the same ETag, and 304 when the client has it', async () => {
    const first = await fetch(`${server.url}/api/products/featured`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await fetch(`${server.url}/api/products/featured`);
    expect(second.headers.get('etag')).toBe(etag);
    const revalidated = await fetch(`${server.url}/api/products/featured`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('shows a change made by any writer, even straight in the database', async () => {
    const before = await featuredNames();
    const { rows } = await db.query<{ id: number }>('select id from product where featured order by id limit 1');
    await db.query('update product set name = $1 where id = $2', ['Renamed In The Database', rows[0]!.id]);
    const after = await eventually(featuredNames, (names) => names.includes('Renamed In The Database'));
    expect(after).toContain('Renamed In The Database');
    expect(after).not.toEqual(before);
  });

  it('never caches a failed read', async () => {
    const missing = await fetch(`${server.url}/api/no-such-list`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'NOT_FOUND' } });
    // The cache's ETags are strong; express may add a weak one to an error it sends.
    const again = await fetch(`${server.url}/api/no-such-list`);
    expect(again.headers.get('etag') ?? 'W/').toMatch(/^W\//);
  });
});

describe("the owner's own save", () => {
  it("shows on this instance's next read without the database's notice", async () => {
    const names = async () => ((await (await fetch(`${server.url}/api/products`)).json()) as { name: string }[]).map((p) => p.name);
    const cookie = await signIn(server);
    expect(await names()).not.toContain('Saved By The Owner');
    // The notice can come after the owner's next read (a loaded machine); here it never comes.
    await db.query('alter table product disable trigger product_catalog_changed');
    try {
      const saved = await call(server, 'POST', '/products', {
        cookie,
        body: {
          name: 'Saved By The Owner',
          description: 'A test piece.',
          price: '20.00',
          weight: 1,
          stockQuantity: 3,
          material: 'Cherry',
          finish: 'Oil',
          dimensions: '4" x 2"',
          imageUrl: '/images/products/cherry-yarn-bowl.svg',
          category: 'accessories',
          inStock: true,
          featured: false,
        },
      });
      expect(saved.status).toBe(200);
      expect(await names()).toContain('Saved By The Owner');
    } finally {
      await db.query('alter table product enable trigger product_catalog_changed');
    }
  });
});

describe('with RESPONSE_CACHE=false', () => {
  it('answers every catalogue read through the app: no ETag, and a change in the database shows at once', async () => {
    const uncached = await startTestServer({ RESPONSE_CACHE: 'false' });
    const client = new pg.Client({ connectionString: uncached.databaseUrl });
    await client.connect();
    try {
      const first = await fetch(`${uncached.url}/api/products/featured`);
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toBeNull();
      const { rows } = await client.query<{ id: number }>('select id from product where featured order by id limit 1');
      await client.query('update product set name = $1 where id = $2', ['Renamed Without A Cache', rows[0]!.id]);
      const names = ((await (await fetch(`${uncached.url}/api/products/featured`)).json()) as { name: string }[]).map((p) => p.name);
      expect(names).toContain('Renamed Without A Cache');
    } finally {
      await client.end();
      await uncached.close();
    }
  });
});
