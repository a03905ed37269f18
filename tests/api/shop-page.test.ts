import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// The shop page's cards (products.shopPage): sorted and cut in the database, card fields only.
let server: TestServer;
const PIECES = 60;

interface ShopPage {
  products: Record<string, unknown>[];
  total: number;
}

async function shopPage(input: Record<string, unknown>): Promise<{ status: number; page?: ShopPage }> {
  const response = await fetch(`${server.url}/trpc/products.shopPage?input=${encodeURIComponent(JSON.stringify(input))}`);
  const body = (await response.json()) as { result?: { data: ShopPage } };
  return { status: response.status, page: body.result?.data };
}

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 1; i <= PIECES; i += 1) {
    await insertProduct(server.databaseUrl, {
      name: `Paged Sycamore Spoon ${i}`,
      description: 'A long description the shop page does not carry. '.repeat(5),
      price: `${(10 + ((i * 37) % 60)).toFixed(0)}.00`,
      daysAgo: i,
    });
  }
});
afterAll(async () => {
  await server?.close();
});

describe('products.shopPage', () => {
  it('answers the first 48 cards of the matches, with how many there are, and no more than a card shows', async () => {
    const { status, page } = await shopPage({ search: 'Paged Sycamore' });
    expect(status).toBe(200);
    expect(page!.total).toBe(PIECES);
    expect(page!.products).toHaveLength(48);
    expect(Object.keys(page!.products[0]!).sort()).toEqual(['id', 'imageUrl', 'inStock', 'name', 'price', 'stockQuantity', 'weight']);
    // Newest first when nothing is featured: piece 1 was made most recently.
    expect(page!.products[0]!.name).toBe('Paged Sycamore Spoon 1');
  });

  it('sorts before it cuts: the cheapest of all come first, and a larger limit gives the rest', async () => {
    const { page } = await shopPage({ search: 'Paged Sycamore', sort: 'price-asc', limit: 96 });
    expect(page!.products).toHaveLength(PIECES);
    const prices = page!.products.map((product) => Number(product.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const cheapestFirstPage = (await shopPage({ search: 'Paged Sycamore', sort: 'price-asc' })).page!.products;
    expect(cheapestFirstPage.map((product) => product.id)).toEqual(page!.products.slice(0, 48).map((product) => product.id));
    const dearest = (await shopPage({ search: 'Paged Sycamore', sort: 'price-desc', limit: 1 })).page!.products[0]!;
    expect(Number(dearest.price)).toBe(Math.max(...prices));
  });

  it('refuses a limit out of range and an unknown sort', async () => {
    expect((await shopPage({ limit: 0 })).status).toBe(400);
    expect((await shopPage({ limit: 10_001 })).status).toBe(400);
    expect((await shopPage({ sort: 'cheapest' })).status).toBe(400);
  });
});
