import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E_ADMIN_PASSWORD } from './support/admin-password';
import type { BlogPostJson } from '../support/api-types';

// What a crawler sees in the first HTML byte: true status codes, noindex on 'not found', one canonical address.

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

async function writePost(request: APIRequestContext, baseURL: string, published: boolean) {
  const login = await request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const slug = `turned-${published ? 'live' : 'draft'}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post('/api/blog', {
    data: {
      title: `Post ${slug}`,
      slug,
      excerpt: 'An excerpt.',
      content: 'Some words.',
      imageUrl: `${baseURL}/images/blog/how-to-care-for-your-cutting-board.svg`,
      published,
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as BlogPostJson;
}

test('a product or post that does not exist is a real 404 with noindex, and the page still says so', async ({ page }) => {
  for (const path of ['/product/999999', '/product/abc', '/blog/999999', '/blog/no-such-post']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex"');
  }
  await page.goto('/product/999999');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.goto('/product/abc');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.goto('/blog/no-such-post');
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
});

test('a draft post is a 404 to visitors; a published one has one address, its slug, and /blog/{id} moves there', async ({
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  const draft = await writePost(admin, baseURL!, false);
  const live = await writePost(admin, baseURL!, true);
  await admin.dispose();
  const visitor = await playwright.request.newContext({ baseURL, maxRedirects: 0 });
  expect((await visitor.get(`/blog/${draft.slug}`)).status()).toBe(404);

  const moved = await visitor.get(`/blog/${live.id}`);
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/blog/${live.slug}`);
  const page = await visitor.get(`/blog/${live.slug}`);
  expect(page.status()).toBe(200);
  expect(canonicalOf(await page.text())).toBe(`${baseURL}/blog/${live.slug}`);
  await visitor.dispose();
});

test('every storefront page names its canonical address and og:url in the server HTML', async ({ page, baseURL }) => {
  for (const path of ['/', '/shop', '/about', '/blog', '/contact']) {
    const html = await (await page.request.get(`${path}?utm_source=newsletter`)).text();
    expect(canonicalOf(html), path).toBe(`${baseURL}${path}`);
    expect(html, path).toContain(`<meta property="og:url" content="${baseURL}${path}"`);
  }
});
