import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E_ADMIN_PASSWORD } from './support/admin-password';

// A page's first pictures are named in its HTML, so a phone fetches them alongside the JavaScript rather
// than after the app has run and asked for the data (the largest paint of Shop, a product and the blog).
const preload = (href: string) => `<link rel="preload" as="image" href="${href}"`;

async function html(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

test('Shop, a product and the blog name the pictures they show first', async ({ request }) => {
  const products = (await (await request.get('/api/products')).json()) as { id: number; imageUrl: string }[];
  const posts = (await (await request.get('/api/blog')).json()) as { imageUrl: string }[];

  const shop = await html(request, '/shop');
  expect(shop).toContain(preload(products[0]!.imageUrl));
  expect(shop).toContain(preload(products[1]!.imageUrl));
  expect(await html(request, `/product/${products[2]!.id}`)).toContain(preload(products[2]!.imageUrl));
  expect(await html(request, '/blog')).toContain(preload(posts[0]!.imageUrl));
  // A filtered shop shows other products first: no guess is better than a wrong one (in the head, that is: the
  // rendered page's own pictures follow in the body).
  expect((await html(request, '/shop?category=cutting-boards')).split('<body')[0]).not.toContain('as="image"');
});

test("a product's new picture is named from the moment it is saved", async ({ request }) => {
  const products = (await (await request.get('/api/products')).json()) as Record<string, unknown>[];
  const product = products[3]!;
  const page = `/product/${String(product.id)}`;
  expect(await html(request, page)).toContain(preload(String(product.imageUrl)));

  const login = await request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const newImage = '/images/products/cherry-yarn-bowl.svg';
  // The product as read, with the new picture (fields the form does not send are ignored by the server).
  const saved = await request.put(`/api/products/${String(product.id)}`, { data: { ...product, imageUrl: newImage } });
  expect(saved.status(), await saved.text()).toBe(200);

  await expect.poll(async () => html(request, page)).toContain(preload(newImage));
  await request.put(`/api/products/${String(product.id)}`, { data: product });
});

test('a product with variants names the picture of the variant it opens with (D38)', async ({ request }) => {
  const products = (await (await request.get('/api/products')).json()) as {
    id: number;
    imageUrl: string;
    variants?: { id: number; imageUrl: string | null; inStock: boolean }[];
  }[];
  // The demo's yarn bowl in three woods: each wood its own picture, one sold out.
  const product = products.find((candidate) => candidate.variants?.some((variant) => !variant.inStock && variant.imageUrl))!;
  const soldOut = product.variants!.find((variant) => !variant.inStock)!;
  const firstInStock = product.variants!.find((variant) => variant.inStock)!;
  expect(await html(request, `/product/${product.id}`)).toContain(preload(firstInStock.imageUrl ?? product.imageUrl));
  const named = await html(request, `/product/${product.id}?variant=${soldOut.id}`);
  expect(named.split('<body')[0]).toContain(preload(soldOut.imageUrl!));
  expect(named.split('<body')[0]).not.toContain(preload(firstInStock.imageUrl ?? product.imageUrl));
});
