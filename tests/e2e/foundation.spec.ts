import { expect, test } from './support/test';
import type { ProductJson } from '../support/api-types';

test('Home shows the featured products with names and prices', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Crafts' })).toBeVisible();
  const featured = (await (await page.request.get('/api/products/featured')).json()) as ProductJson[];
  expect(featured.length).toBeGreaterThan(0);
  const grid = page.getByRole('region', { name: 'Featured Crafts' });
  for (const product of featured) {
    await expect(grid.getByRole('link', { name: product.name }).first()).toBeVisible();
    await expect(grid.getByText(`$${product.price}`).first()).toBeVisible();
  }
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('/no-such-page')).toBeVisible();
});

test('the navigation bar reaches every storefront page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, path] of [
    ['Shop', '/shop'],
    ['About', '/about'],
    ['Blog', '/blog'],
    ['Contact', '/contact'],
    ['Home', '/'],
  ]) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('on a phone the menu slides out and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('hashed assets are cached for a year, HTML not at all, and both are compressed', async ({ request }) => {
  const html = await request.get('/shop', { headers: { 'accept-encoding': 'gzip' } });
  expect(html.headers()['cache-control']).toBe('no-cache');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(asset).toBeTruthy();
  const js = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } });
  expect(js.headers()['cache-control']).toContain('max-age=31536000');
  expect(js.headers()['cache-control']).toContain('immutable');
  expect(js.headers()['content-encoding']).toBe('gzip');
});
