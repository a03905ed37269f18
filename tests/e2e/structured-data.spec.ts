import sharp from 'sharp';
import { expect, test } from './support/test';
import { expandJsonLd, schemaOrgProblems, structuredDataOf } from '../support/schema-org';
import type { BlogPostJson, ProductJson } from '../support/api-types';

// What a crawler and a link preview read from the first HTML byte, before any script runs.

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

type Node = Record<string, unknown> & { '@type': string };

async function blocksOf(html: string): Promise<Node[]> {
  const blocks = structuredDataOf(html);
  expect(blocks).toHaveLength(1);
  const nodes = (Array.isArray(blocks[0]) ? blocks[0] : [blocks[0]]) as Node[];
  expect(schemaOrgProblems(nodes)).toEqual([]);
  expect((await expandJsonLd(nodes)).length).toBe(nodes.length);
  return nodes;
}

test('a product page carries its Product, offer, shipping, return policy and breadcrumbs in the server HTML', async ({ page, baseURL }) => {
  const products = (await (await page.request.get('/api/products')).json()) as ProductJson[];
  const product = products.find((candidate) => Number(candidate.price) < 75 && candidate.stockQuantity > 0)!;
  const html = await (await page.request.get(`/product/${product.id}`)).text();
  const [data, trail] = await blocksOf(html);
  expect(data).toMatchObject({
    '@type': 'Product',
    name: product.name,
    url: `${baseURL}/product/${product.id}`,
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', merchantReturnDays: 30 },
    },
  });
  // One shipping entry per zone (one on a new shop; shipping-settings.spec opens others for a moment), each in the US.
  const details = (data!.offers as { shippingDetails: object | object[] }).shippingDetails;
  for (const zone of Array.isArray(details) ? details : [details]) {
    expect(zone).toMatchObject({ '@type': 'OfferShippingDetails', shippingDestination: { addressCountry: 'US' } });
  }
  expect(trail).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home' }, { name: 'Shop' }, { name: product.name }] });
  expect(metaOf(html, 'og:url')).toBe(`${baseURL}/product/${product.id}`);
  expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');

  // The link preview: a 1200x630 JPEG made from the product's own picture (a drawing networks would not show).
  const preview = metaOf(html, 'og:image')!;
  expect(preview).toMatch(new RegExp(`^${baseURL}/og/images/products/.+\\.jpg$`));
  const picture = await page.request.get(preview);
  expect(picture.status()).toBe(200);
  const meta = await sharp(await picture.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['1200', '630']);
});

test('a post carries its BlogPosting with author and dates; Home and Contact the workshop with its address', async ({ page }) => {
  const posts = (await (await page.request.get('/api/blog')).json()) as BlogPostJson[];
  const post = posts[0]!;
  const [article, trail] = await blocksOf(await (await page.request.get(`/blog/${post.slug}`)).text());
  expect(article).toMatchObject({
    '@type': 'BlogPosting',
    headline: post.title,
    author: { '@type': 'Organization', name: 'Turnery' },
    datePublished: post.publishedAt,
  });
  expect(typeof article!.dateModified).toBe('string');
  expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });

  for (const path of ['/', '/contact']) {
    const [store] = await blocksOf(await (await page.request.get(path)).text());
    expect(store, path).toMatchObject({
      '@type': 'Store',
      name: 'Turnery',
      address: { '@type': 'PostalAddress', addressLocality: 'Athens', addressRegion: 'GA', addressCountry: 'US' },
    });
  }
  const shopHtml = await (await page.request.get('/shop')).text();
  expect(structuredDataOf(shopHtml)).toEqual([]);
  expect(metaOf(shopHtml, 'og:image')).toMatch(/\/og\/images\/hero\.jpg$/);
});

test("the server's structured data stays while its page is shown and goes when the browser shows another", async ({ page }) => {
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  const block = page.locator('script[type="application/ld+json"]');
  // The app has taken the page over and kept the block the server wrote for it.
  expect(await block.textContent()).toContain('"Store"');
  await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(block).toHaveCount(0);
});
