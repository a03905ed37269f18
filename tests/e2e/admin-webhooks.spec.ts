import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { e2eDatabaseUrl } from './support/database';
import { buy, insertProduct, type JsonClient } from '../support/fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { keepScreenshot } from './support/screenshots';

// The owner adds an endpoint in the Webhooks tab; a customer's order reaches a receiver in this test (node:http,
// checking each signature with the API guide's code) and the tab shows it delivered; Send again sends the same event, to a failing receiver too.

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(() => receiver?.close());

/** A customer buying through the API, with no cookie of the owner's. */
const customer = (request: APIRequestContext): JsonClient => ({
  post: async <T>(path: string, body?: unknown) => {
    const response = await request.post(path, { data: body ?? {} });
    return { status: response.status(), body: (await response.json()) as T };
  },
});

test('the owner adds a webhook endpoint, an order is delivered to it, and Send again delivers the same event', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page);
  await openSection(page, 'Webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add endpoint' });
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('The URL is required')).toBeVisible();
  await form.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('The URL must be an http:// or https:// URL')).toBeVisible();
  await form.getByLabel('Endpoint URL').fill(receiver.url);
  await expect(form.getByRole('checkbox', { name: /^order\.created/ })).toBeChecked();
  await form.getByRole('checkbox', { name: /^order\.status_changed/ }).check();
  await expectNoA11yViolations(page);
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  const secret = (await added.getByText(/^whsec_/).textContent())!;
  expect(secret).toMatch(/^whsec_/);
  receiver.secret = secret;
  await expect(added.getByRole('button', { name: 'Copy the signing secret' })).toBeVisible();
  await expectNoA11yViolations(page, added);
  await added.getByRole('button', { name: 'Done' }).click();

  const card = page.getByRole('article', { name: `Endpoint ${receiver.url}` });
  await expect(card.getByText('Enabled')).toBeVisible();
  await expect(card.getByText('Nothing sent yet.')).toBeVisible();

  const productId = await insertProduct(e2eDatabaseUrl(), { price: '24.00', stock: 2 });
  const { orderId } = await buy(customer(request), productId);
  expect(orderId).toBeGreaterThan(0);
  await expect.poll(() => receiver.received.length).toBe(1);
  const [delivered] = receiver.received;
  expect(delivered!.verified).toBe(true);
  expect(delivered!.body).toMatchObject({ type: 'order.created', data: { object: { id: orderId, status: 'completed' } } });
  const eventId = delivered!.body.id;
  const row = card.getByRole('listitem', { name: `Delivery of ${eventId}` });
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByText('order.created')).toBeVisible();
  await expect(row.getByText('1 attempt · HTTP 200')).toBeVisible();

  // The receiver fails: Send again shows the failure and the next try (a minute later by default).
  receiver.answer = 500;
  await row.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText(`order.created ${eventId} will be sent again.`)).toBeVisible();
  await expect(row.getByText('Last error: HTTP 500: Receiver is having a bad day')).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText(/^1 attempt · HTTP 500 · next try /)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(card, testInfo, 'webhooks-desktop.png');

  receiver.answer = 200;
  await row.getByRole('button', { name: 'Send again' }).click();
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByText('1 attempt · HTTP 200')).toBeVisible();
  expect(receiver.received.map((request) => request.body.id)).toEqual([eventId, eventId, eventId]);
  expect(receiver.received.every((request) => request.verified)).toBe(true);

  await card.getByRole('button', { name: /^Reveal signing secret/ }).click();
  await expect(card.getByText(/^whsec_/)).toHaveText(secret);
  await card.getByRole('button', { name: /^Rotate signing secret/ }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate signing secret' });
  await expect(rotate.getByRole('checkbox', { name: /Keep the old secret working for 24 hours/ })).toBeChecked();
  await expectNoA11yViolations(page, rotate);
  await rotate.getByRole('button', { name: 'Cancel' }).click();
  await expect(rotate).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(/will be sent again/)).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, testInfo, 'webhooks-phone.png', { fullPage: true });
  await page.getByRole('button', { name: `Edit endpoint ${receiver.url}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
  await edit.getByRole('switch', { name: 'Enabled' }).uncheck();
  await keepScreenshot(page, testInfo, 'webhooks-phone-dialog.png');
  await edit.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(card.getByText('Disabled')).toBeVisible();

  // The tab's link leads to the API reference's webhooks section, with the verification code.
  await page.getByRole('link', { name: 'How to verify a delivery' }).click();
  await expect(page).toHaveURL(/\/api\/docs#section\/Webhooks$/);
  // Redoc lays out the whole document before it scrolls to the section: well over 10 s on a loaded two-core machine.
  await expect(page.getByRole('heading', { name: 'section/Webhooks Webhooks' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('export function verifyTurneryWebhook(rawBody, signatureHeader, secret, nowMs = Date.now()) {'),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'webhooks-docs-phone.png');
});
