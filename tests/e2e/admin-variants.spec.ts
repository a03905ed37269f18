import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { e2eDatabaseUrl } from './support/database';
import { keepScreenshot } from './support/screenshots';
import { buy, insertProduct, type JsonClient } from '../support/fixtures';
import type { ProductJson } from '../support/api-types';

// The owner's side of options and variants (D38): the product form's section, the product list, and an order of a
// variant in the order's dialog, its refund and its packing slip.

const unique = () => Math.random().toString(36).slice(2, 8);

const buyer = (request: APIRequestContext): JsonClient => ({
  post: async <T>(path: string, body?: unknown) => {
    const response = await request.post(path, { data: body ?? {} });
    return { status: response.status(), body: (await response.json()) as T };
  },
});

/** Options and variants for a product over the owner's API (the page must be signed in): answers the product. */
async function putVariants(page: Page, id: number, skus: string[]) {
  const response = await page.request.put(`/api/products/${id}/variants`, {
    data: {
      options: [{ name: 'Wood', values: ['Walnut', 'Cherry'] }],
      variants: [
        { options: ['Walnut'], price: '40.00', stockQuantity: 3, weight: '1.00', sku: skus[0] ?? null },
        { options: ['Cherry'], price: '36.00', stockQuantity: 4, weight: '1.00', sku: skus[1] ?? null },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ProductJson;
}

async function openEdit(page: Page, name: string) {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel(/^Name/)).toHaveValue(name);
  return { dialog, section: dialog.getByRole('region', { name: 'Options and variants' }) };
}

test('the owner gives a product two options by keyboard, generates its variants, edits one and saves; a taken SKU is named on its input', async ({
  page,
}, testInfo) => {
  const tag = unique();
  const name = `E2E Variant Bowl ${tag}`;
  await insertProduct(e2eDatabaseUrl(), { name, price: '30.00', weight: '1.25', stock: 5 });
  await signIn(page);
  await openSection(page, 'Products');
  const other = await insertProduct(e2eDatabaseUrl());
  const takenSku = `E2E-${tag}-TAKEN`;
  await putVariants(page, other, [takenSku]);
  await page.reload();

  const { dialog, section } = await openEdit(page, name);
  await expect(section.getByText(/create it, then choose Edit/)).toHaveCount(0);
  // By keyboard: Add option, its name, then its values as tags (Enter after each).
  await section.getByRole('button', { name: 'Add option' }).focus();
  await page.keyboard.press('Enter');
  await section.getByRole('textbox', { name: 'Option 1 name' }).focus();
  await page.keyboard.type('Wood');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('combobox', { name: 'Option 1 values' })).toBeFocused();
  for (const value of ['Walnut', 'Cherry']) {
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
  }
  await section.getByRole('button', { name: 'Add option' }).focus();
  await page.keyboard.press('Enter');
  await section.getByRole('textbox', { name: 'Option 2 name' }).focus();
  await page.keyboard.type('Size');
  await page.keyboard.press('Tab');
  for (const value of ['Small', 'Large']) {
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
  }
  await section.getByRole('button', { name: 'Generate variants' }).focus();
  await page.keyboard.press('Enter');

  const table = section.getByRole('table', { name: 'Variants' });
  await expect(table.getByRole('rowheader')).toHaveText(['Walnut / Small', 'Walnut / Large', 'Cherry / Small', 'Cherry / Large']);
  // New rows start at the product's price and weight.
  await expect(table.getByRole('textbox', { name: 'Price ($) of Cherry / Small' })).toHaveValue('30.00');
  await expect(table.getByRole('textbox', { name: 'Weight (lbs) of Cherry / Small' })).toHaveValue('1.25');

  const price = table.getByRole('textbox', { name: 'Price ($) of Walnut / Large' });
  await price.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('78');
  await page.keyboard.press('Tab');
  await expect(table.getByRole('textbox', { name: 'Stock of Walnut / Large' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(table.getByRole('textbox', { name: 'SKU of Walnut / Large' })).toBeFocused();
  await page.keyboard.type(`E2E-${tag}-WL`);
  await table.getByRole('textbox', { name: 'Stock of Cherry / Small' }).fill('4');
  await table.getByRole('button', { name: 'Remove Cherry / Large' }).click();
  await expect(table.getByRole('rowheader')).toHaveCount(3);
  // Away from the row that moved under the pointer: the scan reads the page as it rests.
  await page.mouse.move(0, 0);
  await expectNoA11yViolations(page, dialog);
  await keepScreenshot(dialog, testInfo, 'variants-desktop.png');

  await section.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByText('Variants saved')).toBeVisible();
  // The product's own price and stock are now the variants' summary, read only.
  const summaryPrice = dialog.getByRole('textbox', { name: /^Price \(\$\)/ }).first();
  await expect(summaryPrice).toHaveValue('30.00');
  await expect(summaryPrice).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('textbox', { name: /^Stock quantity/ })).toHaveValue('6');
  await expect(dialog.getByText('From the variants').first()).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('3 variants');
  await expect(row).toContainText('6 in all');
  await expect(row).toContainText('$30.00 – $78.00');

  // The dashboard's Home names the variant that is sold out; after a reload, the saved rows come back from the server.
  await openSection(page, 'Home');
  await expect(page.getByRole('region', { name: /low on stock/ })).toContainText(`${name} (Walnut / Small): sold out`);
  await page.goBack();
  await page.reload();
  const again = await openEdit(page, name);
  const saved = again.section.getByRole('table', { name: 'Variants' });
  await expect(saved.getByRole('rowheader')).toHaveText(['Walnut / Small', 'Walnut / Large', 'Cherry / Small']);
  await expect(saved.getByRole('textbox', { name: 'Price ($) of Walnut / Large' })).toHaveValue('78.00');
  await expect(saved.getByRole('textbox', { name: 'Stock of Walnut / Large' })).toHaveValue('2');
  await expect(saved.getByRole('textbox', { name: 'SKU of Walnut / Large' })).toHaveValue(`E2E-${tag}-WL`);
  await expect(again.section.getByRole('combobox', { name: 'Option 1 values' })).toBeVisible();

  // Another product's SKU: the server refuses it, and says so on that row's SKU.
  const sku = saved.getByRole('textbox', { name: 'SKU of Cherry / Small' });
  await sku.fill(takenSku);
  await again.section.getByRole('button', { name: 'Save variants' }).click();
  await expect(again.section.getByText(`SKU ${takenSku} is already another variant's`)).toBeVisible();
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  await expect(sku).toHaveAccessibleDescription(new RegExp(`SKU ${takenSku} is already another variant's`));
  await expectNoA11yViolations(page, again.dialog);

  await page.setViewportSize({ width: 390, height: 844 });
  await again.section.getByRole('combobox', { name: 'Option 1 values' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'variants-phone-options.png');
  await sku.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'variants-phone-rows.png');
});

test('an order of a variant names it in the order, its refund’s restock line (which puts the unit back on it) and the packing slip; once unmade it is kept out of the form’s rows', async ({
  page,
  request,
}, testInfo) => {
  const name = `E2E Variant Board ${unique()}`;
  const id = await insertProduct(e2eDatabaseUrl(), { name });
  await signIn(page);
  const product = await putVariants(page, id, []);
  const cherry = product.variants!.find((variant) => variant.title === 'Cherry')!;
  const { orderId } = await buy(buyer(request), id, cherry.id);
  expect(orderId).toBeGreaterThan(0);
  const number = `#${String(orderId).padStart(6, '0')}`;

  await openSection(page, 'Orders');
  await page.getByRole('textbox', { name: 'Search orders' }).fill(number);
  await page.getByRole('button', { name: `View order #${orderId}` }).click();
  const details = page.getByRole('dialog', { name: `Order ${number}` });
  await expect(details.getByRole('cell', { name: `${name} (Cherry)` })).toBeVisible();

  await details.getByRole('region', { name: 'Refunds' }).getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${number}` });
  const units = refund.getByRole('combobox', { name: `Units of ${name} (Cherry)` });
  await units.selectOption('1');
  await refund.getByRole('textbox', { name: /^Reason/ }).fill('Arrived cracked');
  await expectNoA11yViolations(page, refund);
  await keepScreenshot(refund, testInfo, 'variant-refund-dialog.png');
  await refund.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(refund).toBeHidden();
  await expect(details.getByText(`(1 × ${name} (Cherry) back in stock)`)).toBeVisible();
  const stock = async () =>
    ((await (await page.request.get(`/api/products/${id}`)).json()) as ProductJson).variants!.find((v) => v.id === cherry.id)!
      .stockQuantity;
  expect(await stock()).toBe(4);

  await page.goto(`/admin/packing-slip/${orderId}`);
  await expect(page.getByRole('cell', { name: `${name} (Cherry)` })).toBeVisible();

  // Cherry is no longer made: its variant stays (switched off) for the order, and the form says so instead of listing it.
  const walnutOnly = await page.request.put(`/api/products/${id}/variants`, {
    data: {
      options: [{ name: 'Wood', values: ['Walnut'] }],
      variants: [{ options: ['Walnut'], price: '40.00', stockQuantity: 3, weight: '1.00' }],
    },
  });
  expect(walnutOnly.status()).toBe(200);
  await page.goto('/admin/products');
  const { section } = await openEdit(page, name);
  await expect(section.getByText('1 earlier variant is kept for its orders')).toBeVisible();
  await expect(section.getByRole('table', { name: 'Variants' }).getByRole('rowheader')).toHaveText(['Walnut']);
});
