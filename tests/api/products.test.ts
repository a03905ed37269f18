import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOutput } from '../../server/modules/products/product.schema';
import type { ProductJson } from '../support/api-types';
import { insertPost, insertProduct } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const ids: Record<string, number> = {};

// Products of our own, so the tests do not depend on the demo catalogue's names.
async function insertZebrawood(
  key: string,
  fields: { name: string; description: string; category: string; featured?: boolean; archived?: boolean; daysAgo?: number },
) {
  ids[key] = await insertProduct(server.databaseUrl, {
    ...fields,
    price: '12.50',
    imageUrl: '/images/products/walnut-pen.svg',
    stock: 4,
    dimensions: '5"',
    weight: '0.20',
    material: 'Zebrawood',
  });
}

beforeAll(async () => {
  server = await startTestServer();
  await insertZebrawood('quilted', {
    name: 'Quilted Zebrawood Bowl',
    description: "Priced at 100% fair, markup_free, says O'Hara.",
    category: 'accessories',
  });
  await insertZebrawood('tray', {
    name: 'Zebrawood Tray',
    description: 'A plain tray for keyrings and coins.',
    category: 'cutting-boards',
    daysAgo: 3,
  });
  await insertZebrawood('board', { name: 'Zebrawood 50_50 Board', description: 'Half and half; back\\slash.', category: 'cutting-boards' });
  await insertZebrawood('archived', { name: 'Zebrawood Archived Spoon', description: 'Gone.', category: 'accessories', archived: true });
  await insertZebrawood('archivedFeatured', {
    name: 'Zebrawood Archived Feature',
    description: 'Gone too.',
    category: 'accessories',
    featured: true,
    archived: true,
  });
  await insertPost(server.databaseUrl, { slug: 'out-now-post', published: true });
  await insertPost(server.databaseUrl, { slug: 'secret-draft-post', published: false });
});
afterAll(() => server?.close());

async function list(query: Record<string, string>) {
  const response = await fetch(`${server.url}/api/products?${new URLSearchParams(query)}`);
  return { status: response.status, body: (await response.json()) as ProductJson[] & { message?: string; code?: string } };
}

const names = (products: ProductJson[]) => products.map((product) => product.name);
const text = (product: ProductJson) => `${product.name} ${product.description}`.toLowerCase();

describe('GET /api/products (the shop)', () => {
  it('lists every product that is not archived, as a bare array, featured first and then newest', async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(names(body)).toEqual(expect.arrayContaining(['Quilted Zebrawood Bowl', 'Zebrawood Tray', 'Zebrawood 50_50 Board']));
    expect(names(body)).not.toContain('Zebrawood Archived Spoon');
    expect(names(body)).not.toContain('Zebrawood Archived Feature');
    const order = body.map((product) => [product.featured ? 1 : 0, Date.parse(product.createdAt)] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
    expect(body.length).toBeGreaterThan(3);
  });

  it('searches name and description, ignoring case and matching parts of words', async () => {
    const upper = await list({ search: 'ZEBRAWOOD' });
    expect(names(upper.body).sort()).toEqual(['Quilted Zebrawood Bowl', 'Zebrawood 50_50 Board', 'Zebrawood Tray']);
    const partial = await list({ search: 'ebraw' });
    expect(partial.body).toHaveLength(3);
    const inDescription = await list({ search: 'KEYRINGS' });
    expect(names(inDescription.body)).toEqual(['Zebrawood Tray']);
  });

  it('treats %, _, \\ and quotes as plain characters, not as patterns or SQL', async () => {
    for (const search of ['%', '_', '100%', '0_5', '\\', "o'hara", "' or '1'='1", '%%%__']) {
      const { status, body } = await list({ search });
      expect(status, search).toBe(200);
      for (const product of body) expect(text(product), search).toContain(search.toLowerCase());
    }
    expect(names((await list({ search: '100%' })).body)).toEqual(['Quilted Zebrawood Bowl']);
    expect(names((await list({ search: '0_5' })).body)).toEqual(['Zebrawood 50_50 Board']);
    expect(names((await list({ search: "o'hara" })).body)).toEqual(['Quilted Zebrawood Bowl']);
    expect(names((await list({ search: 'back\\slash' })).body)).toEqual(['Zebrawood 50_50 Board']);
    expect((await list({ search: "' or '1'='1" })).body).toEqual([]);
  });

  it('filters by category; all, empty and absent mean every category', async () => {
    const boards = await list({ category: 'cutting-boards' });
    expect(boards.body.length).toBeGreaterThanOrEqual(2);
    expect(boards.body.every((product) => product.category === 'cutting-boards')).toBe(true);
    const both = await list({ category: 'cutting-boards', search: 'zebrawood' });
    expect(names(both.body).sort()).toEqual(['Zebrawood 50_50 Board', 'Zebrawood Tray']);
    const everything = (await list({})).body.length;
    expect((await list({ category: 'all' })).body).toHaveLength(everything);
    expect((await list({ category: '' })).body).toHaveLength(everything);
    expect((await list({ search: '' })).body).toHaveLength(everything);
  });

  it('refuses an unknown category or an overlong search with a 400 that names the field', async () => {
    const unknown = await list({ category: 'chairs' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(unknown.body.message).toMatch(/category/);
    const long = await list({ search: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/search/);
  });

  it('answers the same list over tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ search: 'zebrawood', category: 'accessories' }));
    const response = await fetch(`${server.url}/trpc/products.list?input=${input}`);
    const body = (await response.json()) as { result: { data: ProductJson[] } };
    expect(names(body.result.data)).toEqual(['Quilted Zebrawood Bowl']);
  });

  it('writes every product as its schema does (the REST mirror checks a list by its first item)', async () => {
    for (const path of ['/api/products', '/api/products/featured']) {
      const body = (await (await fetch(`${server.url}${path}`)).json()) as unknown[];
      expect(body.length).toBeGreaterThan(3);
      for (const product of body) expect(productOutput.parse(product)).toEqual(product);
    }
  });
});

describe('GET /api/products/featured', () => {
  it('lists featured products only, never archived ones', async () => {
    const response = await fetch(`${server.url}/api/products/featured`);
    const body = (await response.json()) as ProductJson[];
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((product) => product.featured)).toBe(true);
    expect(names(body)).not.toContain('Zebrawood Archived Feature');
  });
});

describe('GET /api/products/{id}', () => {
  it('answers one product with its fields', async () => {
    const response = await fetch(`${server.url}/api/products/${ids.quilted}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: ids.quilted, name: 'Quilted Zebrawood Bowl', price: '12.50', weight: '0.20' });
  });

  it('answers 404 JSON for an unknown or archived product', async () => {
    for (const id of [String(ids.archived), '999999']) {
      const response = await fetch(`${server.url}/api/products/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) as string });
    }
  });

  it('answers 400 naming the id when it is not a positive integer', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1e3x']) {
      const response = await fetch(`${server.url}/api/products/${id}`);
      expect(response.status, id).toBe(400);
      const body = (await response.json()) as { message: string; code: string };
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.message, id).toMatch(/id/);
    }
  });

  it('is listed in the OpenAPI document with the shop list', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(document.paths['/products']?.get).toBeDefined();
    expect(document.paths['/products/{id}']?.get).toBeDefined();
  });
});

describe('sitemap and robots', () => {
  it('lists the storefront pages, every shop product and every published post', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ['/', '/shop', '/about', '/blog', '/contact']) expect(xml).toContain(`<loc>${server.url}${path}</loc>`);
    const shop = (await list({})).body;
    for (const product of shop) expect(xml).toContain(`<loc>${server.url}/product/${product.id}</loc>`);
    expect(xml).not.toContain(`/product/${ids.archived}<`);
    expect(xml).toContain(`<loc>${server.url}/blog/out-now-post</loc>`);
    expect(xml).not.toContain('secret-draft-post');
    expect(xml).not.toContain('/admin');
  });

  it('uses PUBLIC_URL for absolute addresses when it is set', async () => {
    const other = await startTestServer({ PUBLIC_URL: 'https://shop.turnery.example' });
    try {
      expect(await (await fetch(`${other.url}/sitemap.xml`)).text()).toContain('<loc>https://shop.turnery.example/shop</loc>');
      expect(await (await fetch(`${other.url}/robots.txt`)).text()).toContain('Sitemap: https://shop.turnery.example/sitemap.xml');
    } finally {
      await other.close();
    }
  });

  it('serves robots.txt that keeps crawlers out of the admin area and points to the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const body = await response.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Disallow: \/admin-login$/m);
    expect(body).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
