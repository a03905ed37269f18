import type { APIRequestContext } from '@playwright/test';
import { FakePayPal } from '../support/fake-paypal';
import { quoteCommission, requestCommission, type JsonClient } from '../support/fixtures';
import { signInApi } from './support/admin-sign-in';
import { expectNoA11yViolations } from './support/axe';
import { startShop, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';
import { e2ePort } from './support/shop-port';
import { keepScreenshot } from './support/screenshots';

// A commission's deposit paid with PayPal in a real browser (PAYMENT_PROVIDER=paypal, a local fake of PayPal with
// its approval page): the buyer leaves the commission's page for PayPal and is sent back to it, where the approved
// PayPal order pays the deposit, once, however often the page is loaded again.

const PORT = e2ePort() + 14;
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

function jsonClient(request: APIRequestContext): JsonClient {
  return {
    post: async <T>(path: string, body?: unknown) => {
      const response = await request.post(path, { data: body ?? {} });
      return { status: response.status(), body: (await response.json()) as T };
    },
  };
}

test('a deposit paid with PayPal: approved at PayPal, back on the commission page, captured once', async ({
  page,
  playwright,
}, testInfo) => {
  const owner = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  await signInApi(owner);
  const { id, token } = await requestCommission(jsonClient(owner), { email: 'pat.paypal@example.com' });
  // $280.00 + GA tax 4% = $291.20; 30% deposit = $87.36.
  await quoteCommission(jsonClient(owner), id);
  await owner.dispose();

  await page.goto(`/commissions/${token}`);
  await page.getByLabel('Street address').fill('12 Lathe Lane');
  await page.getByLabel('City').fill('Athens');
  await page.getByLabel('ZIP code').fill('30601');
  await page.getByLabel('Phone').fill('706-555-0100');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Accept and pay the deposit with PayPal - $87.36' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with PayPal (test)' })).toBeVisible();
  const paypalOrderId = new URL(page.url()).searchParams.get('token')!;

  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText('Being made', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your deposit is paid' })).toBeVisible();
  // PayPal's query is gone from the address bar: a reload shows the commission and takes nothing again.
  expect(new URL(page.url()).search).toBe('');
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'paypal-deposit-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'paypal-deposit-phone.png', { fullPage: true });

  // The return address loaded again (the back button, the link kept in another tab): the same commission, one capture.
  await page.goto(`/commissions/${token}?payment=deposit&token=${paypalOrderId}&PayerID=FAKEPAYER1`);
  await expect(page.getByText('Being made', { exact: true })).toBeVisible();
  await expect(page.getByText('Paid so far: $87.36.')).toBeVisible();
  expect(paypal.captureRequests().filter((call) => call.path.includes(paypalOrderId))).toHaveLength(1);
  expect([...paypal.captures.values()].filter((capture) => capture.orderId === paypalOrderId)).toHaveLength(1);
});
