import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { e2eDatabaseUrl } from './support/database';
import { sql } from '../support/database';
import { keepScreenshot } from './support/screenshots';

// The owner finds a newsletter address, sees who unsubscribed, and removes one by keyboard (issue 46).
test('the owner searches the newsletter list and removes an address by keyboard', async ({ page }, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const [reader, leaver] = [`reader-${tag}@example.com`, `leaver-${tag}@example.com`];
  await sql(
    e2eDatabaseUrl(),
    `insert into newsletter_subscription (email, created_at, unsubscribed_at)
     values ($1, now() - interval '3 days', null), ($2, now() - interval '2 days', now() - interval '1 day')`,
    [reader, leaver],
  );

  await signIn(page);
  await openSection(page, 'Newsletter');
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeFocused();
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: leaver })).toContainText('Unsubscribed');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/admin/newsletter/subscribers.csv?search=${tag}&status=all`,
  );

  await page.getByRole('combobox', { name: 'Status' }).selectOption('Unsubscribed');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(leaver);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('All');
  await expect(rows).toHaveCount(2);
  await keepScreenshot(page, testInfo, 'newsletter-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the table fits: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await keepScreenshot(page, testInfo, 'newsletter-phone.png', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // By keyboard: focus the row's Remove button, open the dialog with Enter, confirm with Enter.
  await page.getByRole('button', { name: `Remove ${reader}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove this address?' });
  await expect(dialog).toContainText(reader);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Remove' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(leaver);
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeFocused();
  const left = await sql<{ email: string }>(e2eDatabaseUrl(), 'select email from newsletter_subscription where email = $1', [reader]);
  expect(left).toEqual([]);
});
