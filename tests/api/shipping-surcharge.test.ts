import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { insertProduct, orderBody, payByCard, quote } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, Outputs } from '../support/api-types';

// A piece that ships separately (D39, oversize): the owner gives it a surcharge, which every unit adds to the
// shipping, even on an order that ships free. A product without one answers exactly as before.

type AdminProduct = Outputs['admin']['products']['create'];
type Product = Outputs['products']['byId'];

let server: TestServer;
let cookie: string;
let buyer: Browser;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
  buyer = new Browser(server.url);
});
afterAll(() => server?.close());

const board = {
  name: 'Oversize Serving Board',
  description: 'A long walnut board that ships in its own crate.',
  price: '40.00',
  weight: 1,
  stockQuantity: 10,
  material: 'Walnut',
  finish: 'Mineral oil',
  dimensions: '36" x 14"',
  imageUrl: '/images/products/cherry-yarn-bowl.svg',
  category: 'cutting-boards',
};

describe('an oversize surcharge', () => {
  it("is the owner's to set, refused by name when it is not money, and shown with the product", async () => {
    const created = await call<AdminProduct>(server, 'POST', '/products', { cookie, body: { ...board, shippingSurcharge: 25 } });
    expect(created.status).toBe(200);
    expect(created.body.shippingSurcharge).toBe('25.00');
    const shown = await buyer.get<Product>(`/api/products/${created.body.id}`);
    expect(shown.body.shippingSurcharge).toBe('25.00');

    for (const bad of [-1, '12.345', 'oversize']) {
      const refused = await call<ErrorJson>(server, 'POST', '/products', { cookie, body: { ...board, shippingSurcharge: bad } });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.message).toContain('shippingSurcharge');
      expect(refused.body.message).toContain('Oversize surcharge');
    }

    // Left out of a change, it is gone (a PUT sends the whole product, as the form does).
    const changed = await call<AdminProduct>(server, 'PUT', `/products/${created.body.id}`, { cookie, body: board });
    expect(changed.body.shippingSurcharge).toBeNull();
    expect(Object.keys((await buyer.get<Product>(`/api/products/${created.body.id}`)).body)).not.toContain('shippingSurcharge');
  });

  it('adds to the shipping for every unit, even when the order ships free, and the order keeps it', async () => {
    const created = await call<AdminProduct>(server, 'POST', '/products', { cookie, body: { ...board, shippingSurcharge: '25.00' } });
    const bowl = await insertProduct(server.databaseUrl, { name: 'Small Bowl', price: '10.00', weight: '1.00', stock: 10 });

    // $90 of goods ships free in Georgia; the two boards' surcharges do not.
    const free = await quote(buyer, [
      { productId: created.body.id, quantity: 2 },
      { productId: bowl, quantity: 1 },
    ]);
    expect(free).toMatchObject({ subtotal: '90.00', shipping: '50.00', tax: '3.60', total: '143.60' });

    // Under $75: the zone's rate for 3 lb ($6.95 and $1.25 for the started pound over 2) and the surcharges.
    const small = await quote(buyer, [
      { productId: created.body.id, quantity: 1 },
      { productId: bowl, quantity: 2 },
    ]);
    expect(small).toMatchObject({ subtotal: '60.00', shipping: '33.20' });

    const paymentId = await payByCard(buyer, free.total);
    const placed = await buyer.post<Outputs['orders']['create']>('/api/orders', orderBody(free, { squarePaymentId: paymentId }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ shipping: '50.00', total: '143.60' });
  });

  it("leaves a product without one, and its quote, as SPEC's", async () => {
    const bowl = await insertProduct(server.databaseUrl, { name: 'Plain Bowl', price: '40.00', weight: '2.50', stock: 10 });
    const shown = await buyer.get<Product>(`/api/products/${bowl}`);
    expect(Object.keys(shown.body)).not.toContain('shippingSurcharge');
    const owned = await call<AdminProduct[]>(server, 'GET', '/admin/products', { cookie });
    expect(owned.body.find((product) => product.id === bowl)?.shippingSurcharge).toBeNull();
    // 2.5 lb under $75: $6.95 and one started pound.
    expect(await quote(buyer, [{ productId: bowl, quantity: 1 }])).toMatchObject({ subtotal: '40.00', shipping: '8.20' });
  });
});
