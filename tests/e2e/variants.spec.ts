import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ProductJson, QuoteJson } from '../support/api-types';
import { signInApi } from './support/admin-sign-in';
import { expectNoA11yViolations } from './support/axe';
import { fillShipping } from './support/checkout';
import { keepScreenshot } from './support/screenshots';
import { expect, test } from './support/test';

// Options and variants (D38), the buyer's side: a product with variants made through the owner's API, chosen by
// keyboard on its page, named in the address and the server's render, two variants in the cart, paid for by card.

const WALNUT_PICTURE = '/images/products/walnut-yarn-bowl-swirl-slot.svg';
const CHERRY_PICTURE = '/images/products/cherry-yarn-bowl.svg';
const OPTIONS = [
  { name: 'Wood', values: ['Walnut', 'Cherry', 'Maple'] },
  { name: 'Size', values: ['Small', 'Large'] },
];
// Cherry Large is sold out; Maple comes in Large only.
const VARIANTS = [
  { options: ['Walnut', 'Small'], price: '58.00', stockQuantity: 6, weight: '1.10' },
  { options: ['Walnut', 'Large'], price: '78.00', stockQuantity: 6, weight: '1.60' },
  { options: ['Cherry', 'Small'], price: '54.00', stockQuantity: 6, weight: '1.05', imageUrl: CHERRY_PICTURE },
  { options: ['Cherry', 'Large'], price: '74.00', stockQuantity: 0, weight: '1.55' },
  { options: ['Maple', 'Large'], price: '70.00', stockQuantity: 3, weight: '1.50' },
];

type VariantJson = NonNullable<ProductJson['variants']>[number];

let owner: APIRequestContext;
let product: ProductJson;
const variant = (title: string): VariantJson => product.variants!.find((candidate) => candidate.title === title)!;

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await signInApi(await playwright.request.newContext({ baseURL }));
  const name = `Yarn Bowl in Three Woods ${Math.random().toString(36).slice(2, 7)}`;
  const created = await owner.post('/api/products', {
    data: {
      name,
      description: 'A yarn bowl turned in the wood and size you choose.',
      price: '58.00',
      weight: '1.10',
      stockQuantity: 0,
      material: 'Walnut, cherry or maple',
      finish: 'Food-safe oil',
      dimensions: '6" x 4"',
      imageUrl: WALNUT_PICTURE,
      category: 'yarn-bowls',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const put = await owner.put(`/api/products/${id}/variants`, { data: { options: OPTIONS, variants: VARIANTS } });
  expect(put.status(), await put.text()).toBe(200);
  product = (await put.json()) as ProductJson;
});

// The shop's other specs read its newest products: this one leaves the shop as it found it.
test.afterAll(async () => {
  await owner.delete(`/api/products/${product.id}`);
  await owner.dispose();
});

/** Presses Tab until `target` has focus (the keyboard alone, as a person without a mouse moves). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const group = (page: Page, name: string) => page.getByRole('group', { name });
const mainImage = (page: Page) => page.getByTestId('product-main-image');

async function payByCard(page: Page, total: string) {
  await page.getByRole('button', { name: `Enter Card Details - $${total}` }).click();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry date').fill('1238');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder name').fill('Ada Turner');
  await page.getByRole('button', { name: `Pay $${total}` }).click();
}

test('the shop says "from" the lowest price and leads to the product page to choose', async ({ page }) => {
  await page.goto(`/shop?search=${encodeURIComponent(product.name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  await expect(card.getByText('from $54.00')).toBeVisible();
  await expect(card.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
  await card.getByRole('link', { name: `Choose options: ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('a buyer chooses variants by keyboard, sees them kept in the address and the server render, and buys two', async ({
  page,
  request,
}, testInfo) => {
  const cherrySmall = variant('Cherry / Small');
  const walnutLarge = variant('Walnut / Large');
  await page.goto(`/product/${product.id}`);
  // The first in stock to start with.
  await expect(group(page, 'Wood').getByRole('radio', { name: 'Walnut' })).toBeChecked();
  await expect(group(page, 'Size').getByRole('radio', { name: 'Small' })).toBeChecked();
  await expect(page.getByTestId('variant-price')).toContainText('$58.00');
  await expect(mainImage(page)).toHaveAttribute('src', WALNUT_PICTURE);
  // Maple is not made in Small: marked, not hidden.
  await expect(group(page, 'Wood').getByRole('radio', { name: 'Maple Unavailable' })).toBeVisible();
  await expectNoA11yViolations(page);

  await tabTo(page, group(page, 'Wood').getByRole('radio', { name: 'Walnut' }));
  await page.keyboard.press('ArrowRight');
  await expect(group(page, 'Wood').getByRole('radio', { name: 'Cherry' })).toBeChecked();
  await expect(page.getByTestId('variant-price')).toContainText('$54.00');
  await expect(mainImage(page)).toHaveAttribute('src', CHERRY_PICTURE);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?variant=${cherrySmall.id}$`));
  // Cherry Large is sold out: marked in the Size group, and chosen it says so.
  const large = group(page, 'Size').getByRole('radio', { name: 'Large Sold out' });
  await expect(large).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(group(page, 'Size').getByRole('radio', { name: 'Small' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(large).toBeChecked();
  await expect(page.getByTestId('variant-price')).toContainText('Sold out');
  await expect(page.getByRole('button', { name: `Sold Out: ${product.name}, Cherry / Large` })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${cherrySmall.id}$`));

  // The server renders the variant the address names: the page, and what it tells search engines.
  const html = await (await request.get(`/product/${product.id}?variant=${cherrySmall.id}`)).text();
  expect(html).toMatch(/<input(?=[^>]*checked="")(?=[^>]*value="Cherry")[^>]*>/);
  expect(html).toContain(`/product/${product.id}?variant=${cherrySmall.id}","name":"Cherry / Small","price":"54.00"`);
  await page.reload();
  await expect(group(page, 'Wood').getByRole('radio', { name: 'Cherry' })).toBeChecked();
  await expect(page.getByTestId('variant-price')).toContainText('$54.00');
  await expect(mainImage(page)).toHaveAttribute('src', CHERRY_PICTURE);
  // An id the product does not have opens its first variant in stock.
  await page.goto(`/product/${product.id}?variant=999999`);
  await expect(group(page, 'Wood').getByRole('radio', { name: 'Walnut' })).toBeChecked();
  await page.goto(`/product/${product.id}?variant=${cherrySmall.id}`);

  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    await keepScreenshot(page, testInfo, `variant-product-${size}.png`, { fullPage: true });
  }

  // Cherry Small, then Walnut Large, into the cart: two lines of one product.
  await tabTo(page, page.getByRole('button', { name: `Add to Cart: ${product.name}, Cherry / Small` }));
  await page.keyboard.press('Enter');
  // Back to the options: Large (Cherry's is sold out), then Walnut in Large.
  await page.keyboard.press('Shift+Tab');
  await expect(group(page, 'Size').getByRole('radio', { name: 'Small' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+Tab');
  await expect(group(page, 'Wood').getByRole('radio', { name: 'Cherry' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${walnutLarge.id}$`));
  await expect(page.getByTestId('variant-price')).toContainText('$78.00');
  await tabTo(page, page.getByRole('button', { name: `Add to Cart: ${product.name}, Walnut / Large` }));
  await page.keyboard.press('Enter');

  await page.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  const lines = drawer.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Cherry / Small');
  await expect(lines.nth(1)).toContainText('Walnut / Large');
  await expect(drawer.getByTestId('cart-total')).toHaveText('$132.00');
  await drawer.getByRole('button', { name: `Increase quantity of ${product.name}, Walnut / Large` }).click();
  await expect(drawer.getByLabel(`Quantity of ${product.name}, Walnut / Large`, { exact: true })).toHaveText('2');
  await expect(drawer.getByLabel(`Quantity of ${product.name}, Cherry / Small`, { exact: true })).toHaveText('1');
  await expectNoA11yViolations(page, drawer);
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    await keepScreenshot(page, testInfo, `variant-cart-${size}.png`);
  }
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('turnery-cart') ?? '[]') as { variantId?: number }[]);
  expect(stored.map((item) => item.variantId)).toEqual([cherrySmall.id, walnutLarge.id]);

  await drawer.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Cherry / Small')).toBeVisible();
  await expect(summary.getByText('Walnut / Large')).toBeVisible();
  await fillShipping(page);
  const quoted = await request.post('/api/checkout/quote', {
    data: {
      items: [
        { productId: product.id, variantId: cherrySmall.id, quantity: 1 },
        { productId: product.id, variantId: walnutLarge.id, quantity: 2 },
      ],
      state: 'GA',
    },
  });
  const quote = (await quoted.json()) as QuoteJson;
  expect(quote.subtotal).toBe('210.00');
  await payByCard(page, quote.total);

  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  for (const title of ['Cherry / Small', 'Walnut / Large']) {
    await expect(page.getByRole('cell').filter({ hasText: title })).toContainText(product.name);
  }
  await expect(page.getByText(`$${quote.total}`)).toBeVisible();
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    await keepScreenshot(page, testInfo, `variant-confirmation-${size}.png`, { fullPage: true });
  }

  // The variants' own stock paid for them.
  const after = (await (await request.get(`/api/products/${product.id}`)).json()) as ProductJson;
  const stockOf = (title: string) => after.variants!.find((candidate) => candidate.title === title)!.stockQuantity;
  expect([stockOf('Cherry / Small'), stockOf('Walnut / Large')]).toEqual([5, 4]);
});

test('a cart line stored before its product had options asks the buyer to choose again', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((item) => localStorage.setItem('turnery-cart', JSON.stringify([item])), {
    id: product.id,
    name: product.name,
    price: '58.00',
    imageUrl: WALNUT_PICTURE,
    weight: '1.10',
    quantity: 1,
  });
  await page.goto('/checkout');
  const alert = page.getByRole('alert').filter({ hasText: 'Please update your cart' });
  await expect(alert).toContainText(`${product.name} has changed its options since you added it.`);
  await expect(page.getByRole('button', { name: /Enter Card Details/ })).toBeDisabled();
  await expectNoA11yViolations(page, alert);
  await alert.getByRole('link', { name: 'Choose again on its page' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(group(page, 'Wood')).toBeVisible();
});
