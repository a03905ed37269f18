import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { fillCartWithOneProduct, serverQuote } from './support/checkout';
import { e2eDatabaseUrl } from './support/database';
import { keepScreenshot } from './support/screenshots';
import { expect, test } from './support/test';
import { sql } from '../support/database';

// The owner opens New York by keyboard (D39): its own zone and tax; a buyer's state picker then lists New York and
// the checkout's quote carries New York's tax. The shop's settings are put back for the other specs.
test('the owner opens New York by keyboard, and a buyer there is quoted its tax', async ({ page }, testInfo) => {
  try {
    await signIn(page);
    await openSection(page, 'Shipping & tax');
    await expect(page.getByRole('heading', { name: 'Shipping & tax', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Zone 1' }).getByLabel('Zone name')).toHaveValue('Southeast');

    await page.getByRole('button', { name: 'Add a zone' }).focus();
    await page.keyboard.press('Enter');
    const zone = page.getByRole('group', { name: 'Zone 2' });
    await zone.getByLabel('Zone name').focus();
    await page.keyboard.type('Northeast');
    await zone.getByRole('combobox', { name: 'States' }).focus();
    await page.keyboard.type('New York');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await zone.getByLabel('Base rate ($)').fill('9.95');
    await zone.getByLabel('Covers the first (lb)').fill('1');
    await zone.getByLabel('Each further lb ($)').fill('2.00');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save shipping' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Shipping saved')).toBeVisible();

    await page.getByRole('button', { name: 'Add a state' }).focus();
    await page.keyboard.press('Enter');
    const tax = page.getByRole('group', { name: 'Tax in a new state' });
    await tax.getByRole('combobox', { name: 'State' }).focus();
    await page.keyboard.type('New York');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const newYork = page.getByRole('group', { name: 'Tax in New York' });
    await newYork.getByLabel('State rate (%)').fill('4');
    await newYork.getByLabel('Local rate (%)').fill('4.88');
    await page.getByRole('button', { name: 'Save tax rates' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Tax rates saved')).toBeVisible();
    await expectNoA11yViolations(page);
    await keepScreenshot(page, testInfo, 'shipping-desktop.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, testInfo, 'shipping-phone.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The buyer: New York is among the states, and its quote's tax is 8.88%.
    const product = await fillCartWithOneProduct(page);
    await page.goto('/checkout');
    const picker = page.getByRole('combobox', { name: 'State' });
    await expect(picker.getByRole('option', { name: 'New York' })).toHaveCount(1);
    await expect(picker.getByRole('option', { name: 'California' })).toHaveCount(0);
    await picker.selectOption({ label: 'New York' });
    const quote = await serverQuote(page, product.id, 'NY');
    expect(quote.tax).toBe((Math.floor((Number(quote.subtotal) * 100 * 888 + 5000) / 10000) / 100).toFixed(2));
    await expect(page.getByText(`$${quote.tax}`)).toBeVisible();
    await expect(page.getByText(`$${quote.total}`).first()).toBeVisible();
    await expectNoA11yViolations(page);
  } finally {
    await sql(e2eDatabaseUrl(), `delete from shipping_zone where name <> 'Southeast'`);
    await sql(e2eDatabaseUrl(), `delete from tax_rate where state not in ('GA', 'NC', 'SC', 'TN', 'FL', 'AL')`);
  }
});
