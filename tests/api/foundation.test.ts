import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PRODUCT_FIELDS = [
  'id',
  'name',
  'description',
  'price',
  'imageUrl',
  'galleryImages',
  'inStock',
  'stockQuantity',
  'category',
  'dimensions',
  'weight',
  'material',
  'finish',
  'featured',
  'createdAt',
];

describe('the REST mirror', () => {
  it('lists the seeded featured products with the fields of docs/product.md', async () => {
    const response = await fetch(`${server.url}/api/products/featured`);
    expect(response.status).toBe(200);
    const products = (await response.json()) as Record<string, unknown>[];
    expect(Array.isArray(products)).toBe(true);
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual([...PRODUCT_FIELDS].sort());
      expect(product.featured).toBe(true);
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
      expect(product.weight).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('answers the health check after asking the database', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves an OpenAPI 3 document that lists its paths', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/products/featured']?.get).toBeDefined();
    expect(document.paths['/health']?.get).toBeDefined();
  });

  it('serves the reference page for people at /api/docs, with its script from the shop itself', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('spec-url="/api/openapi.json"');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await fetch(`${server.url}${/<script src="([^"]+)"/.exec(html)![1]}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a JSON 400, not a crash', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('tRPC', () => {
  it('serves the same procedure as the mirror', async () => {
    const response = await fetch(`${server.url}/trpc/products.featured`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: unknown[] } };
    const rest = (await (await fetch(`${server.url}/api/products/featured`)).json()) as unknown[];
    expect(body.result.data).toEqual(rest);
  });
});
