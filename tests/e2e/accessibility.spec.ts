import type { Locator, Page } from '@playwright/test';
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
  await expectNoA11yViolations(page, menu);
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
  await expectNoA11yViolations(page, drawer);
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

/** Presses Tab (or Shift+Tab) until `target` has focus; focus must stay on something at every step. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
    expect(await page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('the keyboard alone buys a product, from the shop to the confirmation, and focus is never lost', async ({ page }) => {
  await page.goto('/shop');
  await page.waitForLoadState('networkidle');
  const addToCart = page.getByTestId('shop-grid').locator('button:enabled', { hasText: 'Add to Cart' }).first();
  await tabTo(page, addToCart);
  await page.keyboard.press('Enter');
  const cartButton = page.getByRole('banner').getByRole('button', { name: /cart/i });
  await expect(cartButton).toHaveAccessibleName(/1/);

  await tabTo(page, cartButton, true);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  const fields: [string, string][] = [
    ['Email', 'keys@example.com'],
    ['First name', 'Kay'],
    ['Last name', 'Board'],
    ['Address', '12 Lathe Lane'],
    ['City', 'Athens'],
    ['ZIP code', '30601'],
    ['Phone', '7065550100'],
  ];
  for (const [label, text] of fields) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(text);
  }
  const state = page.getByRole('combobox', { name: 'State' });
  await tabTo(page, state, true);
  await page.keyboard.type('Georgia');
  await expect(state).toHaveValue('GA');

  const enterCard = page.getByRole('button', { name: /^Enter Card Details/ });
  await expect(enterCard).toBeEnabled();
  await tabTo(page, enterCard);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type('4111111111111111');
  for (const [label, text] of [
    ['Expiry date', '1238'],
    ['CVV', '123'],
    ['Cardholder name', 'Kay Board'],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByRole('button', { name: /^Pay \$/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeFocused();
});
