import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn, signInApi } from './support/admin-sign-in';
import { fillCartWithOneProduct, serverQuote } from './support/checkout';
import { e2eDatabaseUrl } from './support/database';
import { keepScreenshot } from './support/screenshots';
import { expect, test } from './support/test';
import { sql } from '../support/database';
import type { ProductJson } from '../support/api-types';
import { insertProduct } from '../support/fixtures';
import { schemaOrgProblems, structuredDataOf } from '../support/schema-org';

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

// The product's JSON-LD names the shop's zones (here, where the tests that change the zones run one after another).
function productNode(html: string): Record<string, unknown> {
  const blocks = structuredDataOf(html);
  const nodes = (Array.isArray(blocks[0]) ? blocks[0] : [blocks[0]]) as (Record<string, unknown> & { '@type': string })[];
  expect(schemaOrgProblems(nodes)).toEqual([]);
  return nodes[0]!;
}

test("a product page's shipping names the shop's zones: a state the owner opens appears in the next HTML", async ({ page, request }) => {
  const products = (await (await page.request.get('/api/products')).json()) as ProductJson[];
  const product = products.find((candidate) => Number(candidate.price) < 75 && Number(candidate.weight) <= 2 && !candidate.options)!;
  const shipsTo = async () => {
    const data = productNode(await (await page.request.get(`/product/${product.id}`)).text());
    const details = (data.offers as { shippingDetails: object | object[] }).shippingDetails;
    return (Array.isArray(details) ? details : [details]) as {
      shippingRate: { value: string };
      shippingDestination: { addressRegion: string[] };
    }[];
  };
  expect((await shipsTo()).map((zone) => zone.shippingDestination.addressRegion)).toEqual([['GA', 'NC', 'SC', 'TN', 'FL', 'AL']]);
  try {
    const owner = await signInApi(request);
    const current = (await (await owner.get('/api/admin/shipping')).json()) as { zones: object[] };
    const northwest = { name: 'Northwest', states: ['WA'], baseRate: '12.00', baseWeight: 2, extraPerPound: '3.00', freeFrom: null };
    expect((await owner.put('/api/admin/shipping', { data: { zones: [...current.zones, northwest] } })).status()).toBe(200);
    const zones = await shipsTo();
    expect(zones.at(-1)).toMatchObject({ shippingRate: { value: '12.00' }, shippingDestination: { addressRegion: ['WA'] } });
  } finally {
    await sql(e2eDatabaseUrl(), `delete from shipping_zone where name = 'Northwest'`);
  }
});

test('an oversize piece says its surcharge on its page and counts it in its shipping data', async ({ page }) => {
  // A piece of its own, so no other spec's purchase meets the surcharge.
  const id = await insertProduct(e2eDatabaseUrl(), {
    name: `Oversize Walnut Platter ${Date.now()}`,
    description: 'Made for the oversize surcharge test.',
    price: '80.00',
    imageUrl: '/images/products/walnut-serving-bowl.svg',
    stock: 5,
    dimensions: '24" x 16" x 2"',
    weight: '1.50',
    material: 'Black walnut',
    finish: 'Food-safe oil',
  });
  await sql(e2eDatabaseUrl(), `update product set shipping_surcharge = 2500 where id = $1`, [id]);
  const data = productNode(await (await page.request.get(`/product/${id}`)).text());
  // Over $75 it ships free; the surcharge does not.
  expect(data).toMatchObject({ offers: { shippingDetails: { shippingRate: { value: '25.00' } } } });
  await page.goto(`/product/${id}`);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Ships separately: $25.00 is added to shipping for each, even on orders that ship free' }),
  ).toBeVisible();
});
