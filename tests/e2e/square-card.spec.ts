import type { Page } from '@playwright/test';
import { FakeSquare } from '../support/fake-square';
import { SQUARE_TEST_TOKEN_OK } from '../support/square-answers';
import { expectNoA11yViolations } from './support/axe';
import { fillCartWithOneProduct, fillShipping, serverQuote } from './support/checkout';
import { CARD_FRAME_TITLE, routeFakeSquareSdk, typeCard } from './support/fake-square-js';
import { startShop, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';
import { e2ePort } from './support/shop-port';
import { keepScreenshot } from './support/screenshots';

// PAYMENT_PROVIDER=square in a real browser: the card fields are Square's (a fake square.js served at Square's
// CDN address), the server charges a local fake of Square's Payments API, and the shop's real
// Content-Security-Policy is on. The card must reach Square's card-data host and never the shop.

const PORT = e2ePort() + 11;
const LOCATION_ID = 'LTURNERY';
// Long enough that, on a loaded machine, another shopper finishes browsing before the hanging charge gives up.
const PROVIDER_TIMEOUT_MS = 12_000;
let square: FakeSquare;
let shop: ShopProcess;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  square = await new FakeSquare().start();
  shop = await startShop(PORT, {
    ...square.shopSettings(LOCATION_ID),
    // A Square that never answers is given up on after this long.
    PAYMENT_PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
  });
});

test.afterAll(async () => {
  await shop?.stop();
  await square?.stop();
});

const CARD_SHAPED = /4111\D?1111\D?1111\D?1111|4000\D?0000\D?0000\D?0002|"cvv"|cardData|"911"/i;

/** Every request the page makes to the shop, as text (address and body), to search for card data. */
function requestsToShop(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`http://127.0.0.1:${PORT}`)) seen.push(`${decodeURIComponent(request.url())} ${request.postData() ?? ''}`);
  });
  return seen;
}

async function openSquareCardForm(page: Page) {
  const product = await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await fillShipping(page);
  const { total } = await serverQuote(page, product.id, 'GA');
  await page.getByRole('button', { name: `Enter Card Details - $${total}` }).click();
  const fields = page.frameLocator(`iframe[title="${CARD_FRAME_TITLE}"]`);
  await expect(fields.getByLabel('Card number')).toBeVisible();
  return { total, fields };
}

const charges = () => square.requests.filter((request) => request.method === 'POST' && request.path === '/v2/payments');

test("a card purchase through Square's fields: the card goes to Square, the shop sees only a token", async ({ page }, testInfo) => {
  const received = await routeFakeSquareSdk(page, square);
  const toShop = requestsToShop(page);
  const chargesBefore = charges().length;
  const { total, fields } = await openSquareCardForm(page);
  await expectNoA11yViolations(page);
  await keepScreenshot(page.getByRole('region', { name: 'Choose Payment Method' }), testInfo, 'square-card-desktop.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page.getByRole('region', { name: 'Choose Payment Method' }), testInfo, 'square-card-phone.png');

  await typeCard(fields, '4111 1111 1111 1111');
  await page.getByRole('button', { name: `Pay $${total}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Credit Card', { exact: true })).toBeVisible();

  // The card went to Square's card-data host; the shop was sent its token and nothing card-shaped.
  expect(received).toEqual([{ number: '4111111111111111', expiry: '12/38', cvv: '123', postal: '30601' }]);
  expect(toShop.filter((text) => CARD_SHAPED.test(text))).toEqual([]);
  const charge = charges().slice(chargesBefore);
  expect(charge).toHaveLength(1);
  const body = charge[0]!.body as { source_id: string; location_id: string; amount_money: { amount: number } };
  // A one-time token Square issued for this card, not one of the Sandbox's fixed test values.
  expect(body.source_id).toMatch(/^cnon:/);
  expect(body.source_id).not.toBe(SQUARE_TEST_TOKEN_OK);
  expect(body.location_id).toBe(LOCATION_ID);
  expect(body.amount_money.amount).toBe(Math.round(Number(total) * 100));
  expect(toShop.some((text) => text.includes(body.source_id))).toBe(true);
  // D8: the payment was looked up at Square before the order was made.
  expect(square.requests.some((request) => request.method === 'GET' && request.path.startsWith('/v2/payments/'))).toBe(true);
});

test("empty card fields show Square's messages and charge nothing", async ({ page }) => {
  await routeFakeSquareSdk(page, square);
  const chargesBefore = charges().length;
  const { total } = await openSquareCardForm(page);
  await page.getByRole('button', { name: `Pay $${total}` }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'Please check your card' });
  await expect(problems.getByText('Card number is not valid')).toBeVisible();
  await expect(problems.getByText('CVV is not valid')).toBeVisible();
  await expectNoA11yViolations(page);
  expect(charges().length).toBe(chargesBefore);
});

test("a card Square declines opens the payment-error dialog with Square's reason", async ({ page }) => {
  await routeFakeSquareSdk(page, square);
  const { total, fields } = await openSquareCardForm(page);
  await typeCard(fields, '4000 0000 0000 0002');
  await page.getByRole('button', { name: `Pay $${total}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Card Declined' });
  await expect(dialog.getByText('Your card was declined by your bank.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();

  await typeCard(fields, '4111 1111 1111 1111', '911');
  await page.getByRole('button', { name: `Pay $${total}` }).click();
  await expect(page.getByRole('dialog').getByText('The security code (CVV) you entered is incorrect.')).toBeVisible();
});

test("the page's policy lets Square's SDK in and keeps every other outside script out", async ({ page }) => {
  await routeFakeSquareSdk(page, square);
  const response = await page.goto('/checkout');
  const directives = new Map(
    (response!.headers()['content-security-policy'] ?? '').split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')] as const;
    }),
  );
  expect(directives.get('script-src')).toBe("'self' https://sandbox.web.squarecdn.com");
  expect(directives.get('frame-src')).toBe('https://sandbox.web.squarecdn.com');
  expect(directives.get('connect-src')).toBe("'self' https://sandbox.web.squarecdn.com https://pci-connect.squareupsandbox.com");
  expect(directives.get('default-src')).toBe("'self'");
  // A script from anywhere else is refused by the browser, though the network would serve it.
  await page.route('https://scripts.example.com/skimmer.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.skimmed = true;' }),
  );
  const blocked = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.blockedURI), { once: true });
        const script = document.createElement('script');
        script.src = 'https://scripts.example.com/skimmer.js';
        document.head.append(script);
      }),
  );
  expect(blocked).toBe('https://scripts.example.com/skimmer.js');
  expect(await page.evaluate(() => (window as { skimmed?: boolean }).skimmed)).toBeUndefined();
});

test('a Square that never answers: the buyer is told after the timeout, while other shoppers browse', async ({ page, browser }) => {
  await routeFakeSquareSdk(page, square);
  const { total, fields } = await openSquareCardForm(page);
  await typeCard(fields, '4111 1111 1111 1111');
  square.hang.create = true;
  try {
    const chargesBefore = charges().length;
    await page.getByRole('button', { name: `Pay $${total}` }).click();
    const dialog = page.getByRole('dialog');
    // While that charge hangs, another shopper's pages and the health check answer, before the buyer's answer.
    const other = await browser.newPage({ baseURL: `http://127.0.0.1:${PORT}` });
    const shopPage = await other.goto('/shop');
    expect(shopPage?.status()).toBe(200);
    await expect(other.getByRole('heading', { name: 'Our Craft Collection' })).toBeVisible();
    expect((await other.request.get('/api/health')).status()).toBe(200);
    await other.close();
    await expect(dialog).toBeHidden();
    expect(charges().length).toBeGreaterThan(chargesBefore);

    await expect(dialog.getByText('There was a connection issue while processing your payment.')).toBeVisible({
      timeout: PROVIDER_TIMEOUT_MS + 15_000,
    });
  } finally {
    square.hang.create = false;
  }
});
