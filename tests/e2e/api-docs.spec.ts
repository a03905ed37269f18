// The page is Redoc's, not the app's: nothing takes it over, so the plain test.
import { expect, plainTest as test } from './support/test';
import { keepScreenshot } from './support/screenshots';

// The API reference an integrator opens: drawn in the browser from /api/openapi.json, under its own policy.
test('the API reference shows the introduction, the operations and their errors, with no script refused', async ({ page }, testInfo) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    // (Redoc's footer links Redocly's logo from their CDN; the policy keeps that third-party image out, by design.)
    if (message.type() === 'error' && /Content Security Policy/.test(message.text()) && !/Loading the image/.test(message.text())) {
      refused.push(message.text());
    }
  });
  await page.goto('/api/docs');
  // Redoc lays out the whole document before it shows anything: well over 10 s on a loaded two-core machine.
  await expect(page.getByRole('heading', { name: /Turnery API/ }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Authentication' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A typed client' }).first()).toBeVisible();
  await expect(page.getByText('Sales tax on an amount (D6)').first()).toBeAttached();
  await keepScreenshot(page, testInfo, 'api-docs.png');
  expect(refused).toEqual([]);
});
