import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { signInApi } from './support/admin-sign-in';
import { expectNoA11yViolations } from './support/axe';
import { e2eDatabaseUrl } from './support/database';
import { keepScreenshot } from './support/screenshots';
import { insertOrder, insertProduct } from '../support/fixtures';
import { sql } from '../support/database';
import { renderedEmails } from '../support/outbox';
import { schemaOrgProblems, structuredDataOf } from '../support/schema-org';
import type { Outputs } from '../support/api-types';

// Reviews are real (D37): what a shopper sees of them on a product page (and a crawler in its first HTML), and how a
// buyer writes one with the link of the delivered order's email.

type ProductReviews = Outputs['reviews']['forProduct'];
type Node = Record<string, unknown> & { '@type': string };

const reviewsOf = async (request: APIRequestContext, productId: number) =>
  (await (await request.get(`/api/products/${productId}/reviews`)).json()) as ProductReviews;

/** The Product node of a page's JSON-LD, every node of which is schema.org's vocabulary. */
function productNode(html: string): Node {
  const blocks = structuredDataOf(html);
  const nodes = (Array.isArray(blocks[0]) ? blocks[0] : [blocks[0]]) as Node[];
  expect(schemaOrgProblems(nodes)).toEqual([]);
  return nodes.find((node) => node['@type'] === 'Product')!;
}

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A product of its own, so no other spec's review changes what this one counts. */
const newProduct = (name: string) =>
  insertProduct(e2eDatabaseUrl(), {
    name,
    description: 'Made for the reviews tests.',
    price: '38.00',
    imageUrl: '/images/products/walnut-serving-bowl.svg',
    stock: 10,
    dimensions: '6" x 3"',
    weight: '1.10',
    material: 'Black walnut',
    finish: 'Food-safe oil',
  });

test("the demo's reviews are in the product page's first HTML and its JSON-LD, and shown with stars", async ({ page }, testInfo) => {
  const products = (await (await page.request.get('/api/products')).json()) as { id: number; name: string }[];
  let reviewed: { id: number; name: string; reviews: ProductReviews } | undefined;
  for (const product of products) {
    const reviews = await reviewsOf(page.request, product.id);
    if (reviews.count > 0) {
      reviewed = { ...product, reviews };
      break;
    }
  }
  expect(reviewed, 'the demo catalogue seeds reviews').toBeDefined();
  const { id, reviews } = reviewed!;
  const phrase = `Rated ${reviews.average} out of 5, ${reviews.count} ${reviews.count === 1 ? 'review' : 'reviews'}`;

  // Before any script: the rating, the first reviews and the structured data.
  const html = await (await page.request.get(`/product/${id}`)).text();
  expect(html).toContain('Customer Reviews');
  for (const review of reviews.reviews) expect(html).toContain(asHtml(review.title));
  expect(productNode(html)).toMatchObject({
    aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.average, reviewCount: reviews.count },
    review: reviews.reviews.map((review) => ({ '@type': 'Review', name: review.title, reviewRating: { ratingValue: review.rating } })),
  });

  await page.goto(`/product/${id}`);
  const summary = page.getByRole('link', { name: phrase });
  await expect(summary).toBeVisible();
  const section = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(section.getByText(`Based on ${reviews.count} ${reviews.count === 1 ? 'review' : 'reviews'}`)).toBeVisible();
  // Five stars wide, gold up to the average (not a row stretched across the section).
  const stars = section.getByRole('img', { name: `Rated ${reviews.average} out of 5` });
  const row = (await stars.boundingBox())!;
  expect(row.width).toBeLessThan(120);
  const gold = (await stars.locator('span').nth(1).boundingBox())!;
  expect(gold.width / row.width).toBeCloseTo(Number(reviews.average) / 5, 1);
  const first = reviews.reviews[0]!;
  const firstReview = section.getByRole('article', { name: first.title });
  await expect(firstReview.getByRole('img', { name: `Rated ${first.rating} out of 5` })).toBeVisible();
  await expect(firstReview.getByText(first.authorName, { exact: false })).toBeVisible();
  if (first.reply) await expect(firstReview.getByText('Reply from Turnery')).toBeVisible();

  // The link takes the keyboard's reader down to the reviews.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#reviews$/);
  await expect(section).toBeInViewport();
  await expectNoA11yViolations(page);
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    await keepScreenshot(page, testInfo, `reviews-product-${size}.png`, { fullPage: true });
  }
});

test('a product nobody has reviewed says so, and its JSON-LD rates nothing', async ({ page }) => {
  const id = await newProduct('Unreviewed Maple Scoop');
  const html = await (await page.request.get(`/product/${id}`)).text();
  expect(productNode(html)).not.toHaveProperty('aggregateRating');
  expect(productNode(html)).not.toHaveProperty('review');
  await page.goto(`/product/${id}`);
  await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();
  await expect(page.getByText('No one has reviewed this piece yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('(24 reviews)')).toHaveCount(0);
});

test("six reviews: the first five in the page's HTML, 'More reviews' brings the sixth with the keyboard on it", async ({ page }) => {
  const id = await newProduct('Much-Reviewed Walnut Spurtle');
  // Approved reviews a day apart, the oldest first: as demo rows, the one kind without an order line.
  await sql(
    e2eDatabaseUrl(),
    `insert into review (product_id, rating, title, body, author_name, status, is_demo, created_at)
     select $1, 5 - n % 2, 'Spurtle review ' || n, 'Stirs porridge well.', 'Reader ' || n, 'approved', true, now() - make_interval(days => 10 - n)
       from generate_series(1, 6) as n`,
    [id],
  );
  const html = await (await page.request.get(`/product/${id}`)).text();
  for (let n = 2; n <= 6; n++) expect(html).toContain(`Spurtle review ${n}`);
  expect(html).not.toContain('Spurtle review 1<');
  expect(productNode(html)).toMatchObject({ aggregateRating: { ratingValue: '4.5', reviewCount: 6 } });

  await page.goto(`/product/${id}`);
  await expect(page.getByRole('link', { name: 'Rated 4.5 out of 5, 6 reviews' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(section.getByRole('article')).toHaveCount(5);
  // The section is a chunk of its own, which takes over its server HTML a moment after the page: until then the
  // button has no handler (a person would press again; so does the test).
  const more = section.getByRole('button', { name: 'More reviews' });
  await expect(async () => {
    if ((await more.count()) > 0) await more.press('Enter', { timeout: 1000 });
    await expect(section.getByRole('article')).toHaveCount(6, { timeout: 1000 });
  }).toPass();
  await expect(section.getByRole('article', { name: 'Spurtle review 1' })).toBeFocused();
  await expect(section.getByRole('article')).toHaveCount(6);
  await expect(section.getByRole('button', { name: 'More reviews' })).toHaveCount(0);
});

test("a buyer reviews a delivered piece by keyboard with the email's link, photo and all, and the owner approves it", async ({
  page,
}, testInfo) => {
  const name = `Reviewed Cherry Bowl ${Date.now()}`;
  const productId = await newProduct(name);
  const orderId = await insertOrder(e2eDatabaseUrl(), {
    items: [{ productId, name, price: '38.00', quantity: 1 }],
    total: '38.00',
    status: 'shipped',
    customerName: 'Margaret Hale',
    customerEmail: 'margaret@example.com',
  });
  const owner = await signInApi(page.request);
  expect((await owner.patch(`/api/orders/${orderId}/status`, { data: { status: 'delivered' } })).status()).toBe(200);
  const [email] = await renderedEmails<{ text: string }>(
    e2eDatabaseUrl(),
    `select text from outbox_email where kind = 'order-delivered' and subject like $1`,
    [`%#${String(orderId).padStart(6, '0')}%`],
  );
  const link = /(https?:\/\/\S+\/review\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(email!.text)![1]!;

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Review Your Piece' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText(`Order #${String(orderId).padStart(6, '0')}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Margaret');

  // Sent empty: each missing answer on its field, the keyboard on the stars.
  await page.getByRole('button', { name: 'Send my review' }).press('Enter');
  await expect(page.getByText('Choose from 1 to 5 stars')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
  await expectNoA11yViolations(page);

  // The stars are a radio group: the arrows choose.
  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type('Holds every skein I own');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Smooth inside, and the slot never catches.\nThe walnut darkened beautifully.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Your name' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Margaret H.');

  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'bowl.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await expectNoA11yViolations(page);
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    // From the top: the sticky header would sit over the middle of a full-page picture taken further down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, testInfo, `reviews-form-${size}.png`, { fullPage: true });
  }

  await page.getByRole('button', { name: 'Send my review' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your review will appear once the shop has read it.' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Review' })).toBeVisible();
  await expect(page.getByText('Waiting for the shop to read it')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Holds every skein I own' }).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expectNoA11yViolations(page);
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    await keepScreenshot(page, testInfo, `reviews-sent-${size}.png`, { fullPage: true });
  }

  // Not on the product page until the shop has read it.
  await page.goto(`/product/${productId}`);
  await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();

  // The owner reads it in the queue (signed in above), answers it and approves it, by keyboard.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Pending \(\d+\)$/ })).toBeChecked();
  const about = `${name} by Margaret H.`;
  const queued = page.getByRole('article', { name: `Review of ${about}` });
  await expect(queued.getByText('Smooth inside, and the slot never catches.', { exact: false })).toBeVisible();
  await expect(queued.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(queued.getByRole('img', { name: `Photo with the review of ${about}` })).toBeVisible();
  await expect(queued.getByText(`Order #${String(orderId).padStart(6, '0')}`)).toBeVisible();
  await expect(queued.getByRole('link', { name: 'margaret@example.com' })).toBeVisible();
  await expectNoA11yViolations(page);

  await queued.getByRole('button', { name: `Reply: ${about}` }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reply to Margaret H.' });
  await expect(dialog.getByRole('textbox', { name: 'Your reply' })).toBeFocused();
  await page.keyboard.type('Thank you, Margaret! That bowl came from a storm-felled cherry.');
  await expectNoA11yViolations(page, dialog);
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    await keepScreenshot(page, testInfo, `reviews-reply-${size}.png`);
  }
  await dialog.getByRole('button', { name: 'Save reply' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(queued.getByText('That bowl came from a storm-felled cherry.', { exact: false })).toBeVisible();
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    await keepScreenshot(page, testInfo, `reviews-queue-${size}.png`, { fullPage: true });
  }

  await queued.getByRole('button', { name: `Approve: ${about}` }).press('Enter');
  await expect(queued).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeFocused();
  // The filter is a radio group too: the arrow moves from Pending to Approved.
  await page.getByRole('radio', { name: /^Pending/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Approved' })).toBeChecked();
  const approved = page.getByRole('article', { name: `Review of ${about}` });
  await expect(approved.getByRole('button', { name: `Move back to pending: ${about}` })).toBeVisible();

  // Now the shop shows it, with its answer, and counts it.
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('link', { name: 'Rated 4.0 out of 5, 1 review' })).toBeVisible();
  const shown = page.getByRole('article', { name: 'Holds every skein I own' });
  await expect(shown.getByText('Reply from Turnery')).toBeVisible();
  await expect(shown.getByRole('img', { name: 'Photo from Margaret H.: Holds every skein I own' })).toBeVisible();
});

test('a made-up review link says so and leads back to the shop', async ({ page }) => {
  await page.goto('/review/not-a-link.at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'Review Link Not Valid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit the Shop' })).toHaveAttribute('href', '/shop');
  await expectNoA11yViolations(page);
});
