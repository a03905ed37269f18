import type { Page } from '@playwright/test';
import { startShop, type ShopProcess } from './support/shop-process';
import { signIn } from './support/admin-sign-in';
import { expectNoA11yViolations } from './support/axe';
import { fillCartWithOneProduct } from './support/checkout';
import { expect, test } from './support/test';
import { e2ePort } from './support/shop-port';
import { keepScreenshot } from './support/screenshots';

// A staging shop (D29): NODE_ENV=production with PAYMENT_PROVIDER=sandbox named and no SMTP_URL. Every page says
// that its payments are simulated, and the dashboard that emails are not sent; both pass axe.

const PORT = e2ePort() + 13;
let shop: ShopProcess;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Production on the sandbox it names, the demo catalogue asked for.
  shop = await startShop(PORT, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SEED_DEMO_DATA: 'true' });
});

test.afterAll(async () => {
  await shop?.stop();
});

const banner = (page: Page) => page.getByRole('complementary', { name: 'Staging shop' });

test('every page says payments are simulated and take no money, before and after the app takes over', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(banner(page)).toHaveText('Staging shop: payments are simulated and no money is taken. Use a test card, never a real one.');
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'staging-home-desktop.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'staging-home-phone.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(banner(page)).toBeVisible();
  await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await expect(banner(page)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/admin-login');
  await expect(banner(page)).toBeVisible();
});

test('the dashboard tells the owner that emails stay in the outbox', async ({ page }, testInfo) => {
  // Production's session cookie is Secure: the browser comes as through the TLS-terminating proxy the shop trusts.
  await page.setExtraHTTPHeaders({ 'x-forwarded-proto': 'https' });
  await signIn(page);
  const notice = page.getByRole('alert').filter({ hasText: 'A setting needs your attention' });
  await expect(notice).toContainText("No SMTP server is set (SMTP_URL): emails are only kept in the outbox (the admin's Emails tab)");
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'staging-dashboard-desktop.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'staging-dashboard-phone.png');
});
