import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { renderedEmails } from '../support/outbox';
import { buy, insertProduct } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import { buyVariant, insertProductWithVariants, variantOf } from '../support/variant-fixtures';

// Low stock: the sale that takes a product to its alert level (2 unless set) emails the owner once; the
// dashboard lists what is low; the owner sets the level per product.

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: 'owner@workshop.example' });
  cookie = await signIn(server);
});
afterAll(() => server?.close());

const lowStockEmails = (name: string) =>
  renderedEmails<{ to_address: string; text: string }>(
    server.databaseUrl,
    `select to_address, text from outbox_email where kind = 'low-stock' and subject = $1`,
    [`Low stock: ${name}`],
  );
type LowRow = { id: number; name: string; stockQuantity: number; lowStockThreshold: number; variantId?: number; variant?: string };
const lowList = async () => (await call<LowRow[]>(server, 'GET', '/admin/low-stock', { cookie })).body;

describe('low stock', () => {
  it('emails the owner once, from the sale that reaches the alert level, and lists the product on the dashboard', async () => {
    const name = `Spalted maple bowl ${Math.random().toString(36).slice(2, 7)}`;
    const id = await insertProduct(server.databaseUrl, { name, stock: 4 });
    const buyer = new Browser(server.url);
    expect((await buy(buyer, id)).orderId).toBeDefined();
    expect(await lowStockEmails(name)).toHaveLength(0);
    expect((await lowList()).some((product) => product.id === id)).toBe(false);

    const reaching = await buy(buyer, id);
    const emails = await lowStockEmails(name);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to_address: 'owner@workshop.example' });
    expect(emails[0]!.text).toContain(`has 2 left after order #${String(reaching.orderId).padStart(6, '0')} (your alert is at 2)`);
    await buy(buyer, id);
    expect(await lowStockEmails(name)).toHaveLength(1);
    expect(await lowList()).toContainEqual({ id, name, stockQuantity: 1, lowStockThreshold: 2 });
  });

  it('lists a product with options by its variants on sale, each at the product’s level, and emails the one a sale takes there', async () => {
    const name = `Yarn bowl ${Math.random().toString(36).slice(2, 7)}`;
    const product = await insertProductWithVariants(
      server,
      cookie,
      [
        { options: ['Walnut'], price: '58.00', stockQuantity: 4 },
        { options: ['Cherry'], price: '54.00', stockQuantity: 2 },
        { options: ['Maple'], price: '52.00', stockQuantity: 0 },
        { options: ['Oak'], price: '50.00', stockQuantity: 0, enabled: false },
      ],
      { name },
    );
    const walnut = variantOf(product, 'Walnut');
    const rows = async () => (await lowList()).filter((row) => row.id === product.id);
    // Six in stock in all, above 2: the low ones are still listed, each with its title; the one switched off is not.
    expect(product.stockQuantity).toBe(6);
    expect(await rows()).toEqual([
      { id: product.id, name, variantId: variantOf(product, 'Maple').id, variant: 'Maple', stockQuantity: 0, lowStockThreshold: 2 },
      { id: product.id, name, variantId: variantOf(product, 'Cherry').id, variant: 'Cherry', stockQuantity: 2, lowStockThreshold: 2 },
    ]);

    const buyer = new Browser(server.url);
    await buyVariant(buyer, product.id, walnut.id);
    expect(await lowStockEmails(`${name} (Walnut)`)).toHaveLength(0);
    const reaching = await buyVariant(buyer, product.id, walnut.id);
    const emails = await lowStockEmails(`${name} (Walnut)`);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(
      `${name} (Walnut) has 2 left after order #${String(reaching.id).padStart(6, '0')} (your alert is at 2)`,
    );
    // Equal stock: in the product's order of its variants.
    expect((await rows()).map((row) => [row.variant, row.stockQuantity])).toEqual([
      ['Maple', 0],
      ['Walnut', 2],
      ['Cherry', 2],
    ]);
  });

  it('takes the owner’s alert level per product, and refuses a bad one naming the field', async () => {
    const id = await insertProduct(server.databaseUrl, { stock: 6 });
    const products = (await call<(Record<string, unknown> & { id: number })[]>(server, 'GET', '/admin/products', { cookie })).body;
    const current = products.find((row) => row.id === id)!;
    expect(current.lowStockThreshold).toBe(2);
    const { id: _id, createdAt: _created, ...values } = current;
    const raised = await call(server, 'PUT', `/products/${id}`, { cookie, body: { ...values, lowStockThreshold: 6 } });
    expect(raised.status).toBe(200);
    expect((await lowList()).some((row) => row.id === id)).toBe(true);
    const bad = await call<{ message: string }>(server, 'PUT', `/products/${id}`, { cookie, body: { ...values, lowStockThreshold: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('lowStockThreshold');
    // Shoppers never see it.
    expect(JSON.stringify((await call(server, 'GET', `/products/${id}`)).body)).not.toContain('lowStockThreshold');
  });
});
