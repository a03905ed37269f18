import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { chooseState, fillCartWithOneProduct, fillShipping, serverQuote } from './support/checkout';

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

async function payByCard(page: Page, total: string, cardNumber: string) {
  await page.getByRole('button', { name: `Enter Card Details - $${total}` }).click();
  await page.getByRole('button', { name: `Pay $${total}` }).click();
  await expect(page.getByText('Please fill in all credit card details')).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date').fill('1238');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder name').fill('Ada Turner');
  await page.getByRole('button', { name: `Pay $${total}` }).click();
}

test('a card payment places the order and shows its confirmation', async ({ page }) => {
  const product = await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  // Before a state is chosen nothing is priced for shipping and tax: the button names no amount (never $0.00).
  await expect(page.getByRole('button', { name: /Enter Card Details/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Enter Card Details/ })).toHaveText('Enter Card Details');
  await expectNoA11yViolations(page);

  await fillShipping(page);
  const georgia = await serverQuote(page, product.id, 'GA');
  await expect(summary(page).getByText(`$${georgia.tax}`)).toBeVisible();
  await expect(summary(page).getByText(`$${georgia.total}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Enter Card Details/ })).toHaveText(`Enter Card Details - $${georgia.total}`);

  // Tennessee taxes at 7%, so the tax and total change with the state.
  await chooseState(page, 'Tennessee');
  const tennessee = await serverQuote(page, product.id, 'TN');
  expect(tennessee.tax).not.toBe(georgia.tax);
  await expect(summary(page).getByText(`$${tennessee.total}`)).toBeVisible();

  await payByCard(page, tennessee.total, '4111 1111 1111 1111');
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  await expect(page.getByText(`#${String(orderId).padStart(6, '0')}`)).toBeVisible();
  await expect(page.getByText('Credit Card', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: product.name })).toBeVisible();
  await expect(page.getByText(`$${tennessee.total}`)).toBeVisible();
  await expect(page.getByText('TN 30601')).toBeVisible();
  await expect(page.getByText('Typical processing time is 3-5 business days.')).toBeVisible();
  // The product page's promise, beside SPEC's processing time: one timeline (server/domain/delivery-times.ts).
  await expect(page.getByText('Handcrafted to order, it ships within 7-10 business days of your order.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('turnery-cart'))).toBe('[]');
  await expectNoA11yViolations(page);
});

test('a declined card shows the dialog, and PayPal then pays for the order', async ({ page }) => {
  const product = await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await fillShipping(page);
  const { total } = await serverQuote(page, product.id, 'GA');
  await payByCard(page, total, '4000 0000 0000 0002');

  const dialog = page.getByRole('dialog', { name: 'Card Declined' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Your card was declined by your bank.')).toBeVisible();
  await expect(dialog.getByText("Here's what you can try:")).toBeVisible();
  await expect(dialog.getByText('Common reasons for declined cards')).toBeVisible();
  await expectNoA11yViolations(page, dialog);
  await dialog.getByRole('button', { name: 'Try PayPal' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Pay $${total} with PayPal` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
});

test('a card declined and then a good card at once: the confirmation shows no payment failure', async ({ page }) => {
  const product = await fillCartWithOneProduct(page);
  await page.goto('/checkout');
  await fillShipping(page);
  const { total } = await serverQuote(page, product.id, 'GA');
  await payByCard(page, total, '4000 0000 0000 0002');
  const dialog = page.getByRole('dialog', { name: 'Card Declined' });
  await dialog.getByRole('button', { name: 'Try Again' }).click();
  // A quick retry, well within the failure toast's 5 seconds.
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: `Pay $${total}` }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  // One toast at a time, in turn: the success's shows at once, so the decline's (and the empty form's) went
  // with the payment instead of waiting their 5 seconds each over 'Order Confirmed!'.
  await expect(page.getByText('Payment Successful')).toBeVisible({ timeout: 3000 });
  await expect(page.getByText(/^(Payment Failed|Payment Error|Missing Information)$/)).toHaveCount(0);
});

test('an empty cart offers to continue shopping', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('the confirmation of an order this browser did not place says it was not found', async ({ page }) => {
  await page.goto('/order-confirmation?orderId=999999');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expect(page.getByText("We couldn't find your order details.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/order-confirmation');
  await expect(page).toHaveURL(/\/$/);
});

test('the cancel page keeps the cart, and the success page without a PayPal return keeps it too (nothing was bought)', async ({ page }) => {
  await fillCartWithOneProduct(page);
  await page.goto('/checkout/cancel');
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('no charges were made')).toBeVisible();
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('turnery-cart') ?? '[]') as unknown[]).length)).toBe(1);
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Return to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.goto('/checkout/success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Crafting typically takes 5-7 business days.')).toBeVisible();
  await expect(page.getByText('Handcrafted to order, it ships within 7-10 business days of your order.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('turnery-cart') ?? '[]') as unknown[]).length)).toBe(1);
  await expectNoA11yViolations(page);
});
