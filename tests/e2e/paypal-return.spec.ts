import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { sql } from '../support/database';
import { FakePayPal } from '../support/fake-paypal';
import { fillCartWithOneProduct, fillShipping, serverQuote } from './support/checkout';
import { startShop, type ShopProcess } from './support/shop-process';
import { expectNoA11yViolations } from './support/axe';
import { e2eDatabaseUrlFile } from './support/database';
import { expect, test } from './support/test';
import { e2ePort } from './support/shop-port';
import { keepScreenshot } from './support/screenshots';

// PAYMENT_PROVIDER=paypal in a real browser: the buyer leaves for PayPal's approval page (a local fake of PayPal
// that serves one, and the Orders v2 API the shop calls) and comes back, in the same tab or in another browser.

const PORT = e2ePort() + 12;
let paypal: FakePayPal;
let shop: ShopProcess;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  paypal = await new FakePayPal().start();
  shop = await startShop(PORT, paypal.shopSettings());
});

test.afterAll(async () => {
  await shop?.stop();
  await paypal?.stop();
});

/** Cart, shipping, 'Pay with PayPal': the page ends on PayPal's approval page. */
async function leaveForPayPal(page: Page) {
  const product = await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await fillShipping(page);
  const { total } = await serverQuote(page, product.id, 'GA');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: `Pay $${total} with PayPal` }).click();
  await expect(page.getByRole('heading', { name: 'Pay with PayPal (test)' })).toBeVisible();
  return { product, total, approvalUrl: page.url() };
}

const cartOf = (page: Page) => page.evaluate(() => localStorage.getItem('turnery-cart'));

test('approving at PayPal brings the buyer back to one placed order and an empty cart', async ({ page }, testInfo) => {
  const { product, total } = await leaveForPayPal(page);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: product.name })).toBeVisible();
  await expect(page.getByText(`$${total}`).first()).toBeVisible();
  expect(await cartOf(page)).toBe('[]');
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'paypal-success-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'paypal-success-phone.png', { fullPage: true });
});

test('cancelling at PayPal keeps the cart and captures nothing', async ({ page }) => {
  const captures = paypal.captureRequests().length;
  await leaveForPayPal(page);
  await page.getByRole('button', { name: 'Cancel and return to Turnery' }).click();
  await expect(page).toHaveURL(/\/checkout\/cancel\?token=/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  expect(JSON.parse((await cartOf(page)) ?? '[]')).toHaveLength(1);
  expect(paypal.captureRequests().length).toBe(captures);
});

test('approving in another browser places the order there; returning again shows the same order', async ({ page, browser }) => {
  const { approvalUrl } = await leaveForPayPal(page);
  // The buyer finishes on another device: no cookie, no storage of the tab that left.
  const other = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  const phone = await other.newPage();
  await phone.goto(approvalUrl);
  await phone.getByRole('button', { name: 'Approve payment' }).click();
  await expect(phone).toHaveURL(/\/order-confirmation\?orderId=\d+/);
  await expect(phone.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = new URL(phone.url()).searchParams.get('orderId');

  const token = new URL(approvalUrl).searchParams.get('token')!;
  await phone.goto(`/checkout/success?token=${token}&PayerID=FAKEPAYER1`);
  await expect(phone).toHaveURL(new RegExp(`/order-confirmation\\?orderId=${orderId}$`));
  expect([...paypal.captures.values()].filter((capture) => capture.orderId === token)).toHaveLength(1);
  await other.close();
});

test('a return for a PayPal order the shop does not know changes nothing and says so', async ({ page }, testInfo) => {
  await fillCartWithOneProduct(page);
  await page.goto('/checkout/success?token=NOSUCHORDER&PayerID=X');
  await expect(page.getByRole('heading', { name: 'We could not complete your order' })).toBeVisible();
  await expect(page.getByText('No checkout waits for this PayPal payment. Nothing was charged here.')).toBeVisible();
  expect(JSON.parse((await cartOf(page)) ?? '[]')).toHaveLength(1);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'paypal-unknown-phone.png', { fullPage: true });
});

test('a piece sold out while the buyer was at PayPal: the return says the payment was refunded, and places no order', async ({ page }) => {
  const { product } = await leaveForPayPal(page);
  const token = new URL(page.url()).searchParams.get('token')!;
  const databaseUrl = fs.readFileSync(e2eDatabaseUrlFile(PORT), 'utf8');
  const [row] = await sql<{ stock_quantity: number }>(databaseUrl, 'select stock_quantity from product where id = $1', [product.id]);
  const stock = row!.stock_quantity;
  await sql(databaseUrl, 'update product set stock_quantity = 0, in_stock = false where id = $1', [product.id]);
  try {
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByRole('heading', { name: 'We could not complete your order' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/Your payment of \$\d+\.\d{2} has been refunded\./);
    expect(JSON.parse((await cartOf(page)) ?? '[]')).toHaveLength(1);
    // Coming back again (a reload, the link in another tab) asks PayPal nothing and says the same.
    const captures = paypal.captureRequests().length;
    await page.goto(`/checkout/success?token=${token}&PayerID=FAKEPAYER1`);
    await expect(page.getByRole('alert')).toContainText('was refunded because its order could not be placed');
    expect(paypal.captureRequests().length).toBe(captures);
    expect([...paypal.captures.values()].filter((capture) => capture.orderId === token).map((capture) => capture.status)).toEqual([
      'REFUNDED',
    ]);
    await expectNoA11yViolations(page);
  } finally {
    await sql(databaseUrl, 'update product set stock_quantity = $2, in_stock = true where id = $1', [product.id, stock]);
  }
});
