import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { acceptBody, ADDRESS, APPROVED_CARD, BUYER, quoteCommission, requestCommission, type JsonClient } from '../support/fixtures';
import type { OrderJson, QuoteJson } from '../support/api-types';
import { renderedEmails } from '../support/outbox';
import { e2eDatabaseUrl } from './support/database';
import { keepScreenshot } from './support/screenshots';

/** A paid sandbox order of one unit of the featured product with the most stock, placed over the API. */
async function placeOrder(page: Page) {
  const products = (await (await page.request.get('/api/products/featured')).json()) as { id: number; stockQuantity: number }[];
  const product = products.sort((a, b) => b.stockQuantity - a.stockQuantity)[0]!;
  const quote = (await (
    await page.request.post('/api/checkout/quote', { data: { items: [{ productId: product.id, quantity: 1 }], state: 'GA' } })
  ).json()) as QuoteJson;
  const paid = (await (
    await page.request.post('/api/square/process-payment', {
      data: { sourceId: `card_${Math.random()}`, amount: quote.total, cardData: APPROVED_CARD },
    })
  ).json()) as { payment: { id: string } };
  const order = await page.request.post('/api/orders', {
    data: {
      ...BUYER,
      shippingAddress: ADDRESS,
      billingAddress: { address: ADDRESS.address, city: ADDRESS.city, state: ADDRESS.state, zipCode: ADDRESS.zipCode },
      items: quote.lines.map((line) => ({ productId: line.productId, name: line.name, price: line.price, quantity: line.quantity })),
      subtotal: quote.subtotal,
      shipping: quote.shipping,
      tax: quote.tax,
      total: quote.total,
      paymentMethod: 'square',
      squarePaymentId: paid.payment.id,
    },
  });
  expect(order.status()).toBe(200);
  return { order: (await order.json()) as OrderJson, productId: product.id, stockAfterSale: product.stockQuantity - 1 };
}

test('the owner ships an order with tracking (the customer opens the emailed link elsewhere), marks it delivered and refunds it once', async ({
  page,
  browser,
}, testInfo) => {
  const { order, productId, stockAfterSale } = await placeOrder(page);
  await signIn(page);
  await openSection(page, 'Orders');
  // Found by its number; the export follows the filter.
  await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${String(order.id).padStart(6, '0')}`);
  await expect(page.getByRole('status').filter({ hasText: /^1 order$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /\/api\/admin\/orders\.csv\?search=%23/);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: `View order #${order.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${String(order.id).padStart(6, '0')}` });
  const status = dialog.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Paid', { exact: true })).toBeVisible();
  // Only the moves the lifecycle allows from 'completed'.
  await expect(status.getByRole('button', { name: 'Mark as delivered' })).toHaveCount(0);
  await expectNoA11yViolations(page, dialog);

  await status.getByRole('combobox', { name: 'Carrier' }).selectOption('UPS');
  await status.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
  await status.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(status.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(status.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', /ups\.com.*1Z999AA10123456784/);
  // The customer's shipping email links the order; it opens in a fresh browser with the tracking link.
  const [shippedEmail] = await renderedEmails<{ text: string }>(
    e2eDatabaseUrl(),
    `select text from outbox_email where kind = 'order-shipped' and subject like $1`,
    [`%#${String(order.id).padStart(6, '0')}%`],
  );
  const orderLink = /(https?:\/\/\S+\/orders\/[A-Za-z0-9_.-]+)/.exec(shippedEmail!.text)![1]!;
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await customerPage.goto(orderLink);
  await expect(customerPage.getByRole('heading', { name: 'Your Order' })).toBeVisible();
  await expect(customerPage.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', /ups\.com/);
  await customer.close();
  await status.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(status.getByText('Delivered', { exact: true })).toBeVisible();
  await keepScreenshot(page, testInfo, 'order-delivered-desktop.png', { fullPage: true });

  await status.getByRole('button', { name: `Refund $${order.total}` }).click();
  const confirm = page.getByRole('dialog', { name: `Refund $${order.total}` });
  await expect(confirm.getByText('This cannot be undone.')).toBeVisible();
  await expectNoA11yViolations(page, confirm);
  await confirm.getByRole('button', { name: `Refund $${order.total}` }).click();
  await expect(status.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(status.getByText('This order is closed: no further changes.')).toBeVisible();
  await expect(status.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  await expect(status.getByText(/Delivered to Refunded/)).toBeVisible();

  // The stock came back once; a second refund asked over the API changes nothing.
  const stock = async () =>
    ((await (await page.request.get(`/api/products/${productId}`)).json()) as { stockQuantity: number }).stockQuantity;
  expect(await stock()).toBe(stockAfterSale + 1);
  expect((await page.request.patch(`/api/orders/${order.id}/status`, { data: { status: 'refunded' } })).status()).toBe(200);
  expect(await stock()).toBe(stockAfterSale + 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'order-refunded-phone.png', { fullPage: true });
});

test('the owner prints a packing slip: who it goes to and what is in the box, no prices', async ({ page }, testInfo) => {
  const { order } = await placeOrder(page);
  await signIn(page);
  await page.goto(`/admin/packing-slip/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Packing slip' })).toBeVisible();
  await expect(page.getByText(`Order #${String(order.id).padStart(6, '0')}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: order.items[0]!.name })).toBeVisible();
  await expect(page.getByText(`$${order.total}`)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await keepScreenshot(page, testInfo, 'packing-slip-print.png', { fullPage: true });

  await page.context().clearCookies();
  await page.goto(`/admin/packing-slip/${order.id}`);
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('the owner refunds part of an order by keyboard: amount, reason, the line back in stock; its history lists it', async ({
  page,
}, testInfo) => {
  const { order, productId, stockAfterSale } = await placeOrder(page);
  await signIn(page);
  await openSection(page, 'Orders');
  await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${String(order.id).padStart(6, '0')}`);
  await page.getByRole('button', { name: `View order #${order.id}` }).click();
  const details = page.getByRole('dialog', { name: `Order #${String(order.id).padStart(6, '0')}` });
  const refunds = details.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByText(`Paid $${order.total}, refunded $0.00, left to refund $${order.total}.`)).toBeVisible();

  // By keyboard: the action opens the dialog, whose amount (what is left, by default) has focus.
  await refunds.getByRole('button', { name: 'Refund', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Refund order #${String(order.id).padStart(6, '0')}` });
  const amount = dialog.getByRole('textbox', { name: /^Amount \(USD\)/ });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue(order.total);
  await expect(dialog.getByRole('button', { name: `Refund $${order.total}` })).toBeVisible();
  await expectNoA11yViolations(page, dialog);
  await keepScreenshot(page, testInfo, 'refund-dialog-desktop.png');

  // Too much, and no reason: the dialog says so and refunds nothing.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('9999');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: /^Units of / })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Refund', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(`At most $${order.total} is left to refund`)).toBeVisible();
  await expect(dialog.getByText('Say why, for the order’s history')).toBeVisible();
  await expectNoA11yViolations(page, dialog);

  await amount.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('5.00');
  // Corrected, the field no longer says what was wrong.
  await expect(dialog.getByText(`At most $${order.total} is left to refund`)).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: /^Reason/ })).toBeFocused();
  await page.keyboard.type('A hairline crack in the rim');
  await page.keyboard.press('Tab');
  await page.keyboard.press('1');
  await expect(dialog.getByRole('combobox', { name: /^Units of / })).toHaveValue('1');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'refund-dialog-phone.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Refund $5.00' })).toBeFocused();
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('admin.orders.refund'));
  await page.keyboard.press('Enter');
  // The dialog's own Idempotency-Key (D36) goes with the refund, so a submit again after a lost answer refunds once.
  expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  await expect(dialog).toBeHidden();
  const left = ((Math.round(Number(order.total) * 100) - 500) / 100).toFixed(2);
  await expect(refunds.getByText(`Paid $${order.total}, refunded $5.00, left to refund $${left}.`)).toBeVisible();
  await expect(refunds.getByRole('listitem').filter({ hasText: '$5.00, A hairline crack in the rim' })).toContainText('back in stock');
  // The status panel's cancel gives back only what is left.
  await expect(details.getByRole('region', { name: 'Status' }).getByRole('button', { name: `Cancel and refund $${left}` })).toBeVisible();
  await expectNoA11yViolations(page, details);
  await keepScreenshot(refunds, testInfo, 'order-refunds-desktop.png');
  const stock = ((await (await page.request.get(`/api/products/${productId}`)).json()) as { stockQuantity: number }).stockQuantity;
  expect(stock).toBe(stockAfterSale + 1);
});

test("a commission's order waiting for its balance offers no move of its own, and says where the commission's moves are", async ({
  page,
}) => {
  await signIn(page);
  // The admin's session is the page's: its requests quote as the owner, and accept as the buyer would.
  const client: JsonClient = {
    post: async <T>(path: string, body?: unknown) => {
      const response = await page.request.post(path, { data: body ?? {} });
      return { status: response.status(), body: (await response.json()) as T };
    },
  };
  const { id, token } = await requestCommission(client, { email: 'ada.e2e-balance@example.com' });
  await quoteCommission(client, id);
  const due = ((await (await page.request.get(`/api/commissions/${token}`)).json()) as { due: string }).due;
  const accepted = await client.post<{ orderId: number }>(`/api/commissions/${token}/accept`, acceptBody(1, due));
  expect(accepted.status).toBe(200);
  const number = String(accepted.body.orderId).padStart(6, '0');

  await openSection(page, 'Orders');
  await page.getByRole('textbox', { name: 'Search orders' }).fill(`#${number}`);
  await page.getByRole('button', { name: `View order #${accepted.body.orderId}` }).click();
  const status = page.getByRole('dialog', { name: `Order #${number}` }).getByRole('region', { name: 'Status' });
  await expect(status.getByText('A commission waiting for its balance', { exact: false })).toBeVisible();
  await expect(status.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  await expect(status.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expect(status.getByText('This order is closed')).toHaveCount(0);
  await expectNoA11yViolations(page, page.getByRole('dialog', { name: `Order #${number}` }));
});
