import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { withDatabase } from '../support/database';
import { insertProduct, orderBody, payByCard, quote } from '../support/fixtures';
import type { ErrorJson, OrderJson, ProductJson } from '../support/api-types';
import { startTestServer, type TestServer } from '../support/test-server';

// Options and variants (D38) through the REST mirror: the owner's PUT, what the shop reads, and a variant sold,
// refunded and cancelled as a product is.

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
});
afterAll(() => server?.close());

type AdminProduct = ProductJson & { lowStockThreshold: number };

const OPTIONS = [
  { name: 'Wood', values: ['Walnut', 'Cherry'] },
  { name: 'Size', values: ['Small', 'Large'] },
];
const VARIANTS = [
  { options: ['Walnut', 'Small'], price: '58.00', stockQuantity: 3, weight: '1.10', sku: null },
  { options: ['Walnut', 'Large'], price: '78.00', stockQuantity: 2, weight: '1.60' },
  { options: ['Cherry', 'Small'], price: '54.00', stockQuantity: 4, weight: 1.05 },
  { options: ['Cherry', 'Large'], price: '74.00', stockQuantity: 0, weight: '1.55', imageUrl: '/images/products/cherry-yarn-bowl.svg' },
];

/** A new product of the shop with the options and variants above (skus made unique per call). */
async function productWithVariants(): Promise<{ id: number; product: AdminProduct }> {
  const id = await insertProduct(server.databaseUrl, { price: '10.00', stock: 9 });
  const tag = `${id}`;
  const variants = VARIANTS.map((variant, index) => ({ ...variant, sku: index === 0 ? null : `YB-${tag}-${index}` }));
  const put = await call<AdminProduct>(server, 'PUT', `/products/${id}/variants`, { cookie, body: { options: OPTIONS, variants } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { id, product: put.body };
}

const variantOf = (product: ProductJson, title: string) => {
  const variant = product.variants?.find((candidate) => candidate.title === title);
  if (!variant) throw new Error(`no variant ${title} in ${JSON.stringify(product.variants)}`);
  return variant;
};

describe('the owner replaces options and variants', () => {
  it('answers the product with its options and variants, and the summary of them in SPEC fields', async () => {
    const { product } = await productWithVariants();
    expect(product.options).toEqual(OPTIONS);
    expect(product.variants!.map((variant) => [variant.title, variant.price, variant.stockQuantity, variant.inStock])).toEqual([
      ['Walnut / Small', '58.00', 3, true],
      ['Walnut / Large', '78.00', 2, true],
      ['Cherry / Small', '54.00', 4, true],
      ['Cherry / Large', '74.00', 0, false],
    ]);
    expect(variantOf(product, 'Cherry / Small').weight).toBe('1.05');
    // D38: price the lowest, stock the sum, in stock when any is.
    expect(product).toMatchObject({ price: '54.00', stockQuantity: 9, inStock: true });
  });

  it('shows the shop the same, and keeps a product without options exactly as SPEC has it', async () => {
    const { id } = await productWithVariants();
    const plain = await insertProduct(server.databaseUrl, { price: '12.00', stock: 2 });
    const shown = await call<ProductJson>(server, 'GET', `/products/${id}`);
    expect(shown.body.variants).toHaveLength(4);
    expect(shown.body.price).toBe('54.00');
    // SPEC's product: its fields (docs/product.md section 3) and no more, on the product, its quote line and its order.
    const spec = await call<ProductJson>(server, 'GET', `/products/${plain}`);
    expect(Object.keys(spec.body).sort()).toEqual(
      [
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
      ].sort(),
    );
    const buyer = new Browser(server.url);
    const q = await quote(buyer, [{ productId: plain, quantity: 1 }]);
    expect(Object.keys(q.lines[0]!).sort()).toEqual(['imageUrl', 'lineTotal', 'name', 'price', 'productId', 'quantity', 'stockQuantity']);
    const order = await buyer.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: await payByCard(buyer, q.total) }));
    expect(order.body.items).toEqual([{ productId: plain, name: spec.body.name, price: '12.00', quantity: 1 }]);
    const list = await call<ProductJson[]>(server, 'GET', '/products');
    expect(list.body.find((product) => product.id === id)?.variants).toHaveLength(4);
    expect(Object.keys(list.body.find((product) => product.id === plain)!)).not.toContain('variants');
  });

  it('keeps a variant sent again (by combination or id) and lists only the ones on sale to the shop', async () => {
    const { id, product } = await productWithVariants();
    const walnutSmall = variantOf(product, 'Walnut / Small');
    const cherryLarge = variantOf(product, 'Cherry / Large');
    const again = await call<AdminProduct>(server, 'PUT', `/products/${id}/variants`, {
      cookie,
      body: {
        options: OPTIONS,
        variants: [
          { options: ['Walnut', 'Small'], price: '60.00', stockQuantity: 5, weight: '1.10' },
          { id: cherryLarge.id, options: ['Cherry', 'Large'], price: '74.00', stockQuantity: 1, weight: '1.55', enabled: false },
        ],
      },
    });
    expect(again.status).toBe(200);
    expect(variantOf(again.body, 'Walnut / Small')).toMatchObject({ id: walnutSmall.id, price: '60.00', stockQuantity: 5 });
    expect(variantOf(again.body, 'Cherry / Large')).toMatchObject({ id: cherryLarge.id, enabled: false });
    expect(again.body.variants).toHaveLength(2);
    const shop = await call<ProductJson>(server, 'GET', `/products/${id}`);
    expect(shop.body.variants!.map((variant) => variant.title)).toEqual(['Walnut / Small']);
    expect(shop.body).toMatchObject({ price: '60.00', stockQuantity: 5, inStock: true });
  });

  it('refuses what cannot be sold: a value of no option, a combination twice, a taken SKU, another product’s variant', async () => {
    const { id, product } = await productWithVariants();
    const other = await productWithVariants();
    const put = (body: unknown) => call<ErrorJson>(server, 'PUT', `/products/${id}/variants`, { cookie, body });
    const bad = await put({ options: OPTIONS, variants: [{ options: ['Oak', 'Small'], price: '1.00', stockQuantity: 1, weight: '1.00' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('variants.0.options.0: Oak is not a value of Wood');
    const twice = await put({
      options: OPTIONS,
      variants: [0, 1].map(() => ({ options: ['Walnut', 'Small'], price: '1.00', stockQuantity: 1, weight: '1.00' })),
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('variants.1.options: Walnut / Small is listed twice');
    const sku = variantOf(other.product, 'Walnut / Large').sku;
    const taken = await put({
      options: OPTIONS,
      variants: [{ options: ['Walnut', 'Small'], price: '1.00', stockQuantity: 1, weight: '1.00', sku }],
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toContain('variants.0.sku');
    // Two variants may swap their SKUs in one save.
    const skus = product.variants!.slice(1, 3).map((variant) => variant.sku);
    const swapped = await put({
      options: OPTIONS,
      variants: product.variants!.map((variant, index) => ({
        ...variant,
        sku: index === 1 ? skus[1] : index === 2 ? skus[0] : variant.sku,
      })),
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const foreign = await put({
      options: OPTIONS,
      variants: [{ id: other.product.variants![0]!.id, options: ['Walnut', 'Small'], price: '1.00', stockQuantity: 1, weight: '1.00' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.reason).toBe('VARIANT_UNKNOWN');
    // Nothing was written by any of the refused ones.
    const after = (await call<AdminProduct>(server, 'GET', `/products/${id}`)).body.variants!;
    expect(after.map((variant) => [variant.title, variant.sku])).toEqual(
      product.variants!.map((variant, index) => [variant.title, index === 1 ? skus[1] : index === 2 ? skus[0] : variant.sku]),
    );
  });
});

describe('deleting a product with variants', () => {
  it('deletes it with its variants when none was ordered, and archives it, variants kept, when one was', async () => {
    const { id } = await productWithVariants();
    const deleted = await call(server, 'DELETE', `/products/${id}`, { cookie });
    expect(deleted.body).toEqual({ success: true, archived: false });
    const left = await withDatabase(server.databaseUrl, (client) =>
      client.query('select id from product_variant where product_id = $1', [id]),
    );
    expect(left.rows).toEqual([]);

    const ordered = await productWithVariants();
    const walnut = variantOf(ordered.product, 'Walnut / Small');
    const buyer = new Browser(server.url);
    const q = await quote(buyer, [{ productId: ordered.id, variantId: walnut.id, quantity: 1 }]);
    expect((await buyer.post('/api/orders', orderBody(q, { squarePaymentId: await payByCard(buyer, q.total) }))).status).toBe(200);
    const archived = await call(server, 'DELETE', `/products/${ordered.id}`, { cookie });
    expect(archived.body).toEqual({ success: true, archived: true });
    expect((await call(server, 'GET', `/products/${ordered.id}`)).status).toBe(404);
  });
});

describe('buying a variant', () => {
  it('requires a variant of a product with options, and refuses another product’s, naming the line', async () => {
    const { id } = await productWithVariants();
    const other = await productWithVariants();
    const plain = await insertProduct(server.databaseUrl, { price: '12.00', stock: 2 });
    const buyer = new Browser(server.url);
    const missing = await buyer.post<ErrorJson>('/api/checkout/quote', { items: [{ productId: id, quantity: 1 }], state: 'GA' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ data: { reason: 'VARIANT_REQUIRED' } });
    expect(missing.body.message).toContain('items.0.variantId');
    const foreignId = other.product.variants![0]!.id;
    const foreign = await buyer.post<ErrorJson>('/api/checkout/quote', {
      items: [
        { productId: plain, quantity: 1 },
        { productId: id, variantId: foreignId, quantity: 1 },
      ],
      state: 'GA',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ data: { reason: 'VARIANT_UNKNOWN' } });
    expect(foreign.body.message).toContain('items.1.variantId');
    const onPlain = await buyer.post<ErrorJson>('/api/checkout/quote', {
      items: [{ productId: plain, variantId: foreignId, quantity: 1 }],
    });
    expect(onPlain.body).toMatchObject({ data: { reason: 'VARIANT_UNKNOWN' } });
  });

  it('prices, weighs and sells the variant: its stock goes down, the order and its email name it', async () => {
    const { id, product } = await productWithVariants();
    const large = variantOf(product, 'Walnut / Large');
    const buyer = new Browser(server.url);
    const q = await quote(buyer, [{ productId: id, variantId: large.id, quantity: 2 }]);
    expect(q.lines[0]).toMatchObject({
      productId: id,
      variantId: large.id,
      variant: 'Walnut / Large',
      price: '78.00',
      lineTotal: '156.00',
    });
    expect(q.weight).toBe('3.20');
    const payment = await payByCard(buyer, q.total);
    const order = await buyer.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: payment }));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.items).toEqual([
      { productId: id, variantId: large.id, variant: 'Walnut / Large', name: product.name, price: '78.00', quantity: 2 },
    ]);
    const after = (await call<ProductJson>(server, 'GET', `/products/${id}`)).body;
    expect(variantOf(after, 'Walnut / Large')).toMatchObject({ stockQuantity: 0, inStock: false });
    expect(variantOf(after, 'Walnut / Small').stockQuantity).toBe(3);
    expect(after).toMatchObject({ stockQuantity: 7, inStock: true });
    const again = await buyer.post<ErrorJson>('/api/checkout/quote', { items: [{ productId: id, variantId: large.id, quantity: 1 }] });
    expect(again.body).toMatchObject({ problems: [{ variantId: large.id, kind: 'out_of_stock' }] });
  });

  it('tells the cart when the variant’s price changed, as it does for a product', async () => {
    const { id, product } = await productWithVariants();
    const small = variantOf(product, 'Cherry / Small');
    await withDatabase(server.databaseUrl, (client) => client.query(`update product_variant set price = 59 where id = $1`, [small.id]));
    const q = await new Browser(server.url).post<{ problems: unknown[] }>('/api/checkout/quote', {
      items: [{ productId: id, variantId: small.id, quantity: 1, price: '54.00' }],
    });
    expect(q.body.problems).toEqual([
      {
        productId: id,
        variantId: small.id,
        kind: 'price_changed',
        message: `The price of ${product.name} (Cherry / Small) changed from $54.00 to $59.00`,
      },
    ]);
  });

  it('switches off, never deletes, a variant that has orders; a partial refund and a cancel put units back on it', async () => {
    const { id, product } = await productWithVariants();
    const small = variantOf(product, 'Walnut / Small');
    const buyer = new Browser(server.url);
    const q = await quote(buyer, [{ productId: id, variantId: small.id, quantity: 3 }]);
    const order = await buyer.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: await payByCard(buyer, q.total) }));
    expect(order.status).toBe(200);

    const refund = await call<{ refund: { restock: unknown[] } }>(server, 'POST', `/orders/${order.body.id}/refunds`, {
      cookie,
      body: { amount: '10.00', reason: 'One arrived scratched', restock: [{ productId: id, variantId: small.id, quantity: 1 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.refund.restock).toEqual([{ productId: id, variantId: small.id, quantity: 1 }]);
    const stock = async () => variantOf((await call<AdminProduct>(server, 'GET', `/products/${id}`)).body, 'Walnut / Small').stockQuantity;
    expect(await stock()).toBe(1);
    const noVariant = await call<ErrorJson>(server, 'POST', `/orders/${order.body.id}/refunds`, {
      cookie,
      body: { amount: '1.00', reason: 'x', restock: [{ productId: id, quantity: 1 }] },
    });
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.message).toContain('restock.0.variantId');

    const cancel = await call(server, 'PATCH', `/orders/${order.body.id}/status`, { cookie, body: { status: 'cancelled' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await stock()).toBe(3);

    const emptied = await call<AdminProduct>(server, 'PUT', `/products/${id}/variants`, { cookie, body: { options: [], variants: [] } });
    expect(emptied.status).toBe(200);
    const kept = await withDatabase(server.databaseUrl, (client) =>
      client.query<{ id: number; enabled: boolean }>('select id, enabled from product_variant where product_id = $1 order by id', [id]),
    );
    expect(kept.rows).toEqual([{ id: small.id, enabled: false }]);
    const order2 = await call<OrderJson>(server, 'GET', `/admin/orders/${order.body.id}`, { cookie });
    expect(order2.body.items[0]).toMatchObject({ variantId: small.id, variant: 'Walnut / Small' });
  });
});
