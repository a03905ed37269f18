import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { fillCartWithOneProduct, fillShipping } from './support/checkout';

// Keyboard, screen-reader and voice-control use of the storefront (WCAG 2.5.3, 2.4.3, 2.4.11, 4.1.3).

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('voice users can say the visible label: every Add to Cart button is named by it', async ({ page }) => {
  await page.goto('/shop');
  const buttons = page.getByRole('button', { name: /Add to Cart/ });
  await expect(buttons.first()).toBeVisible();
  const names = await page
    .getByRole('button')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.textContent?.trim() === 'Add to Cart')
        .map((element) => element.getAttribute('aria-label') ?? 'Add to Cart'),
    );
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toMatch(/^Add to Cart/);
});

test('a product card is one link and its button for the keyboard', async ({ page }) => {
  await page.goto('/shop');
  const card = page.getByTestId('product-card').first();
  const stops = await card.evaluate(
    (element) =>
      [...element.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]')].filter(
        (node) => node.tabIndex >= 0 && !node.hasAttribute('disabled'),
      ).length,
  );
  expect(stops).toBeLessThanOrEqual(2);
});

test('the mobile menu has one banner, a named close button and no axe violation; focus returns to the burger', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Open menu' });
  await burger.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Shop' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('the cart drawer gives focus back to the cart button when it closes, and passes axe while open', async ({ page }) => {
  await page.goto('/shop');
  await page
    .getByRole('button', { name: /^Add to Cart/ })
    .first()
    .click();
  const cart = page.getByRole('button', { name: /^Cart,/ });
  await cart.click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cart).toBeFocused();
});

test('a new page takes focus at its heading and is announced', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(new RegExp(`^${await heading.textContent()}`));
});

test('the sticky header never covers the focused element', async ({ page }) => {
  await page.goto('/shop');
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));
  const header = await page.getByRole('banner').boundingBox();
  expect(padding).toBeGreaterThanOrEqual(header!.height);
});

test('the card form takes focus when it opens; the trust note is not a live alert', async ({ page }) => {
  await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await fillShipping(page);
  await expect(page.getByText('Secure card payment')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: /^Enter Card Details/ }).click();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await focusedText(page)).toMatch(/^Enter Card Details/);
});
