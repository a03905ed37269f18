import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { fillCartWithOneProduct, fillShipping, serverQuote } from './support/checkout';
import { e2eDatabaseUrl } from './support/database';
import { renderedEmails } from '../support/outbox';
import { keepScreenshot } from './support/screenshots';

test("the order email's link opens the order in a fresh browser, without the buyer's cookie", async ({ page, browser }, testInfo) => {
  const product = await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await fillShipping(page);
  const { total } = await serverQuote(page, product.id, 'GA');
  await page.getByRole('button', { name: `Enter Card Details - $${total}` }).click();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry date').fill('1238');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder name').fill('Ada Turner');
  await page.getByRole('button', { name: `Pay $${total}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  const number = `#${String(orderId).padStart(6, '0')}`;

  const [email] = await renderedEmails<{ text: string }>(
    e2eDatabaseUrl(),
    `select text from outbox_email where kind = 'order-confirmation' and subject = $1`,
    [`Your Turnery order ${number}`],
  );
  const link = /(https?:\/\/\S+\/orders\/[A-Za-z0-9_.-]+)/.exec(email!.text)![1]!;

  // Another device: no cookie, no local storage of the browser that ordered.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const elsewhere = await phone.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByRole('heading', { name: 'Your Order' })).toBeVisible();
  await expect(elsewhere.getByText(number)).toBeVisible();
  await expect(elsewhere.getByRole('cell', { name: product.name })).toBeVisible();
  await expect(elsewhere.getByText(`$${total}`).first()).toBeVisible();
  await expectNoA11yViolations(elsewhere);
  await keepScreenshot(elsewhere, testInfo, 'order-link-phone.png', { fullPage: true });

  // A link for another order cannot be made from this one.
  const forged = link.replace(/\/orders\/[^.]+/, `/orders/${Buffer.from(String(orderId + 1)).toString('base64url')}`);
  await elsewhere.goto(forged);
  await expect(elsewhere.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await phone.close();
});
