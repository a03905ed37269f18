import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { insertOrder } from '../support/fixtures';
import type { ErrorJson, OrderJson, ProductJson } from '../support/api-types';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
});
afterAll(() => server?.close());

const valid = {
  name: 'Spalted Maple Bowl',
  description: 'Turned from a storm-felled maple.',
  price: '64.50',
  weight: 1.5,
  stockQuantity: 3,
  material: 'Spalted maple',
  finish: 'Walnut oil',
  dimensions: '7" x 3"',
  imageUrl: '/images/products/cherry-yarn-bowl.svg',
  galleryImages: ['https://example.com/a.jpg', '/images/b.svg'],
  category: 'accessories',
  inStock: true,
  featured: false,
};

describe('creating and editing products', () => {
  it('creates a product with exact money and lists it for the admin, out of stock too', async () => {
    const created = await call(server, 'POST', '/products', { cookie, body: { ...valid, price: 0.1 + 0.2 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: valid.name,
      price: '0.30',
      weight: '1.50',
      stockQuantity: 3,
      galleryImages: valid.galleryImages,
    });

    const soldOut = await call(server, 'POST', '/products', {
      cookie,
      body: { ...valid, name: 'Sold Out Board', inStock: false, stockQuantity: 0 },
    });
    expect(soldOut.status).toBe(200);
    const list = await call<ProductJson[]>(server, 'GET', '/admin/products', { cookie });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    const names = list.body.map((product: { name: string }) => product.name);
    expect(names).toEqual(expect.arrayContaining(['Spalted Maple Bowl', 'Sold Out Board']));
  });

  it('applies the form defaults: in stock, not featured, no gallery', async () => {
    const { inStock, featured, galleryImages, ...rest } = valid;
    const created = await call(server, 'POST', '/products', { cookie, body: { ...rest, name: 'Defaults' } });
    expect(created.body).toMatchObject({ inStock: true, featured: false, galleryImages: [] });
  });

  it('updates every field with PUT /api/products/{id}', async () => {
    const { body: product } = await call<ProductJson>(server, 'POST', '/products', { cookie, body: valid });
    const updated = await call(server, 'PUT', `/products/${product.id}`, {
      cookie,
      body: { ...valid, name: 'Renamed Bowl', price: '70', stockQuantity: 0, inStock: false, featured: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: product.id,
      name: 'Renamed Bowl',
      price: '70.00',
      stockQuantity: 0,
      inStock: false,
      featured: true,
    });
    expect((await call(server, 'PUT', '/products/999999', { cookie, body: valid })).status).toBe(404);
    expect((await call(server, 'PUT', '/products/abc', { cookie, body: valid })).status).toBe(400);
  });

  // docs/product.md section 5: each rule refused with a 400 that names the field, and nothing written.
  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['name', { name: '  ' }, /name: Name is required/],
    ['description', { description: '' }, /description: Description is required/],
    ['price missing', { price: undefined }, /price: Price is required/],
    ['price negative', { price: -1 }, /price: Price must be a number of 0 or more/],
    ['price three decimals', { price: '1.005' }, /price: Price must be a number/],
    ['price text', { price: 'cheap' }, /price: Price must be a number/],
    ['weight negative', { weight: '-0.5' }, /weight: Weight must be a number of 0 or more/],
    ['stock fraction', { stockQuantity: 1.5 }, /stockQuantity: Stock quantity must be a whole number/],
    ['stock negative', { stockQuantity: -1 }, /stockQuantity: Stock quantity must be 0 or more/],
    ['stock null', { stockQuantity: null }, /stockQuantity: Stock quantity is required/],
    ['material', { material: '' }, /material: Material is required/],
    ['finish', { finish: '' }, /finish: Finish is required/],
    ['dimensions', { dimensions: '' }, /dimensions: Dimensions is required/],
    ['imageUrl', { imageUrl: 'not a url' }, /imageUrl: Image URL must be a valid URL/],
    ['imageUrl script', { imageUrl: 'javascript:alert(1)' }, /imageUrl: Image URL must be a valid URL/],
    ['gallery', { galleryImages: ['ok.jpg'] }, /galleryImages\.0: Each gallery image must be a valid URL/],
    ['category', { category: 'chairs' }, /category: Category must be one of/],
    ['inStock as text', { inStock: 'false' }, /inStock: In stock must be true or false/],
  ];
  it.each(refusals)('refuses a bad %s with its message', async (_label, change, message) => {
    const before = (await call<ProductJson[]>(server, 'GET', '/admin/products', { cookie })).body.length;
    const result = await call<ErrorJson>(server, 'POST', '/products', { cookie, body: { ...valid, name: 'Should not exist', ...change } });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('BAD_REQUEST');
    expect(result.body.message).toMatch(message);
    expect((await call<ProductJson[]>(server, 'GET', '/admin/products', { cookie })).body.length).toBe(before);
  });
});

describe('deleting products', () => {
  it('deletes a product nobody ordered', async () => {
    const { body: product } = await call<ProductJson>(server, 'POST', '/products', { cookie, body: { ...valid, name: 'Never Sold' } });
    expect(await call(server, 'DELETE', `/products/${product.id}`, { cookie })).toMatchObject({
      status: 200,
      body: { success: true, archived: false },
    });
    const names = (await call<ProductJson[]>(server, 'GET', '/admin/products', { cookie })).body.map((p: { name: string }) => p.name);
    expect(names).not.toContain('Never Sold');
    expect((await call(server, 'DELETE', `/products/${product.id}`, { cookie })).status).toBe(404);
  });

  it('archives a product that has orders: gone from the shop and the admin list, the order still reads', async () => {
    const { body: product } = await call<ProductJson>(server, 'POST', '/products', {
      cookie,
      body: { ...valid, name: 'Sold Once', featured: true },
    });
    const orderId = await insertOrder(server.databaseUrl, {
      items: [{ productId: product.id, name: 'Sold Once', price: '64.50', quantity: 2 }],
      total: '129.00',
    });

    expect(await call(server, 'DELETE', `/products/${product.id}`, { cookie })).toMatchObject({
      status: 200,
      body: { success: true, archived: true },
    });
    const featured = (await call<ProductJson[]>(server, 'GET', '/products/featured')).body.map((p: { id: number }) => p.id);
    expect(featured).not.toContain(product.id);
    const publicList = await call<ProductJson[]>(server, 'GET', '/products');
    expect(publicList.status).toBe(200);
    expect(publicList.body.map((p: { id: number }) => p.id)).not.toContain(product.id);
    const adminList = (await call<ProductJson[]>(server, 'GET', '/admin/products', { cookie })).body.map((p: { id: number }) => p.id);
    expect(adminList).not.toContain(product.id);

    const order = await call<OrderJson>(server, 'GET', `/admin/orders/${orderId}`, { cookie });
    expect(order.status).toBe(200);
    expect(order.body.items).toEqual([{ productId: product.id, name: 'Sold Once', price: '64.50', quantity: 2 }]);
    expect(order.body.total).toBe('129.00');
  });

  it('refuses an id that is not a number with 400, not 500', async () => {
    const result = await call<ErrorJson>(server, 'DELETE', '/products/abc', { cookie });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/id/);
  });
});
