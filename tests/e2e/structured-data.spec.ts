import sharp from 'sharp';
import { expect, test } from './support/test';
import { expandJsonLd, schemaOrgProblems, structuredDataOf } from '../support/schema-org';
import type { BlogPostJson, ProductJson } from '../support/api-types';
import { signInApi } from './support/admin-sign-in';
import { e2eDatabaseUrl } from './support/database';
import { sql } from '../support/database';

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
      shippingDetails: { '@type': 'OfferShippingDetails', shippingDestination: { addressCountry: 'US' } },
      hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', merchantReturnDays: 30 },
    },
  });
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

test("a product page's shipping names the shop's zones: a state the owner opens appears in the next HTML", async ({ page, request }) => {
  const products = (await (await page.request.get('/api/products')).json()) as ProductJson[];
  const product = products.find((candidate) => Number(candidate.price) < 75 && Number(candidate.weight) <= 2 && !candidate.options)!;
  const shipsTo = async () => {
    const [data] = await blocksOf(await (await page.request.get(`/product/${product.id}`)).text());
    const details = (data!.offers as { shippingDetails: object | object[] }).shippingDetails;
    return (Array.isArray(details) ? details : [details]) as {
      shippingRate: { value: string };
      shippingDestination: { addressRegion: string[] };
    }[];
  };
  expect((await shipsTo()).map((zone) => zone.shippingDestination.addressRegion)).toEqual([['GA', 'NC', 'SC', 'TN', 'FL', 'AL']]);
  try {
    const owner = await signInApi(request);
    const current = (await (await owner.get('/api/admin/shipping')).json()) as { zones: object[] };
    const northwest = { name: 'Northwest', states: ['WA'], baseRate: '12.00', baseWeight: 2, extraPerPound: '3.00', freeFrom: null };
    expect((await owner.put('/api/admin/shipping', { data: { zones: [...current.zones, northwest] } })).status()).toBe(200);
    const zones = await shipsTo();
    expect(zones.at(-1)).toMatchObject({ shippingRate: { value: '12.00' }, shippingDestination: { addressRegion: ['WA'] } });
  } finally {
    await sql(e2eDatabaseUrl(), `delete from shipping_zone where name = 'Northwest'`);
  }
});

test('an oversize piece says its surcharge on its page and counts it in its shipping data', async ({ page }) => {
  const products = (await (await page.request.get('/api/products')).json()) as ProductJson[];
  const product = products.find((candidate) => Number(candidate.price) >= 75 && !candidate.options)!;
  try {
    await sql(e2eDatabaseUrl(), `update product set shipping_surcharge = 2500 where id = $1`, [product.id]);
    const [data] = await blocksOf(await (await page.request.get(`/product/${product.id}`)).text());
    // Over $75 it ships free; the surcharge does not.
    expect(data).toMatchObject({ offers: { shippingDetails: { shippingRate: { value: '25.00' } } } });
    await page.goto(`/product/${product.id}`);
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Ships separately: $25.00 is added to shipping for each, even on orders that ship free' }),
    ).toBeVisible();
  } finally {
    await sql(e2eDatabaseUrl(), `update product set shipping_surcharge = null where id = $1`, [product.id]);
  }
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
