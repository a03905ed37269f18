import { expect, test } from './support/test';
import { sql } from '../support/database';
import { insertProduct } from '../support/fixtures';
import { e2eDatabaseUrl } from './support/database';

// A catalogue past one page: the shop sends 48 cards and shows more when asked. The products are removed after,
// so the other specs see the demo catalogue.
const NAME = 'Paging Test Birch Spoon';
const PIECES = 52;

test.beforeAll(async () => {
  for (let i = 1; i <= PIECES; i += 1) await insertProduct(e2eDatabaseUrl(), { name: `${NAME} ${i}`, category: 'accessories', daysAgo: i });
});
test.afterAll(async () => {
  await sql(e2eDatabaseUrl(), 'delete from product where name like $1', [`${NAME} %`]);
});

test('past 48 products the shop sends one page of cards and shows more on request', async ({ page, request }) => {
  const total = (await (await request.get('/api/products')).json()) as unknown[];
  expect(total.length).toBeGreaterThan(48);
  // The page as sent: 48 cards, and none of the products' descriptions.
  const html = await (await request.get('/shop')).text();
  expect(html.match(/data-testid="product-card"/g)).toHaveLength(48);
  expect(html).not.toContain('A test piece');

  await page.goto('/shop');
  const cards = page.getByTestId('shop-grid').getByTestId('product-card');
  await expect(cards).toHaveCount(48);
  await expect(page.getByText(`Showing 48 of ${total.length} products`)).toBeVisible();
  await page.getByRole('button', { name: 'Show more products' }).click();
  await expect(cards).toHaveCount(total.length);
  await expect(page.getByRole('button', { name: 'Show more products' })).toHaveCount(0);
  // A new filter starts from the first page again.
  await page.getByLabel('Category').selectOption('accessories');
  await expect(cards).toHaveCount(48);
});
