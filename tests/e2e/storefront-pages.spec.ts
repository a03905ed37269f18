import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { ensureProduct, GALLERY, imagesOf } from './support/catalog';
import type { ProductJson } from '../support/api-types';

test('Home, Shop, Product, About and the open cart have no serious accessibility violation', async ({ page }) => {
  const product = await ensureProduct(page.request, (p) => imagesOf(p).length > 1 && p.inStock && p.stockQuantity >= 5, {
    name: 'Storefront Test Gallery Bowl',
    galleryImages: GALLERY,
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What Our Customers Say' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Featured Crafts' })
      .getByRole('button', { name: /^Add to Cart: / })
      .first(),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/shop');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart,/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  // Scan the drawer once it has slid in: half-faded text would read as low contrast.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await expectNoA11yViolations(page, page.getByRole('dialog', { name: 'Your Cart' }));
  await page.keyboard.press('Escape');

  await page.goto('/about');
  for (const heading of [
    'Our Story',
    'Quality Craftsmanship',
    'Sustainable Materials',
    'Made with Love',
    'Behind the Scenes',
    'Our Promise to You',
  ]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByText(/30-day satisfaction guarantee/)).toBeVisible();
  await expect(page.getByText(/item of equal value/)).toBeVisible();
  await expectNoA11yViolations(page);
});

test('Home has three testimonials with five stars each, and View All Products leads to the shop', async ({ page }) => {
  await page.goto('/');
  const testimonials = page.getByRole('region', { name: 'What Our Customers Say' });
  await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveCount(3);
  await page.getByRole('link', { name: 'View All Products' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('an unknown or malformed product id shows Product not found', async ({ page }) => {
  for (const id of ['999999', 'abc', '1.5']) {
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  }
});

test('a product page tells search engines its title, description, image and offer', async ({ page }) => {
  const product = ((await (await page.request.get('/api/products')).json()) as ProductJson[])[0]!;
  await page.goto(`/product/${product.id}`);
  await expect(page).toHaveTitle(`${product.name} | Turnery`);
  // The preview picture is a JPEG made from the product's own drawing (tests/e2e/structured-data.spec.ts).
  const picture = product.imageUrl.replace(/^\/images\/(.*)\.svg$/, '/og/images/$1.jpg');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${picture}$`));
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]') as unknown[];
  expect(jsonLd[0]).toMatchObject({
    '@type': 'Product',
    name: product.name,
    offers: { price: product.price, priceCurrency: 'USD', availability: expect.stringMatching(/schema.org\/(InStock|OutOfStock)$/) },
  });
  await page.goto('/about');
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});

test('on a phone the menu slides out, and the cart opens from the navigation bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart,/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' }).getByText('Your cart is empty')).toBeVisible();
  // The shop shows two cards side by side on a phone.
  await page.goto('/shop');
  await expect(page.getByTestId('product-card').nth(1)).toBeVisible();
  const [first, second] = await page.getByTestId('product-card').all();
  const [a, b] = [await first!.boundingBox(), await second!.boundingBox()];
  expect(a!.y).toBe(b!.y);
  expect(a!.x + a!.width).toBeLessThanOrEqual(390);
  expect(b!.x + b!.width).toBeLessThanOrEqual(390);
});

test('while products load, Home shows 6 skeleton cards, the shop 12 and a product page 4 thumbnails', async ({ page }) => {
  // Hold the real server's answers back a moment, so the loading state can be seen. The pages are reached
  // from another page: one loaded from the address bar arrives with its products already in it.
  const hold = async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.unroute(/\/trpc\/products\./);
    await page.route(/\/trpc\/products\./, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  };
  const featured = page.getByRole('region', { name: 'Featured Crafts' });
  const nav = page.getByRole('banner');

  await page.goto('/about');
  const releaseHome = await hold();
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(featured.getByTestId('product-skeleton')).toHaveCount(6);
  releaseHome();
  await expect(featured.getByTestId('product-skeleton')).toHaveCount(0);

  const releaseProduct = await hold();
  await featured.getByTestId('product-card').first().getByRole('link').last().click();
  await expect(page.getByTestId('thumbnail-skeleton')).toHaveCount(4);
  await nav.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page.getByTestId('product-skeleton')).toHaveCount(12);
  releaseProduct();
});
