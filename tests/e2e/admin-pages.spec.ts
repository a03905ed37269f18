import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { signIn } from './support/admin-sign-in';
import { tabTo } from './support/commission-journey';
import { e2eDatabaseUrl } from './support/database';
import { keepScreenshot } from './support/screenshots';
import { sql } from '../support/database';
import { formatPostDate } from '../../src/features/blog/post-date';
import { SITE_PAGES } from '../../server/domain/site-pages';

// The owner's pages (issue 45): the owner opens Pages by keyboard, rewrites Returns & Refunds in Markdown, previews
// it as the server renders it, meets the server's word on an empty title, saves, and the storefront serves the new text
// in its first HTML. policy-pages.spec.ts reads Returns' starting text on this worker's shop, so the row is put back
// as it was at the end.

interface Row {
  title: string;
  body: string;
  starting_text: boolean;
  updated_at: Date;
}

const BODY = [
  '## How a return works',
  '',
  'Write to us within 30 days of delivery:',
  '',
  '- Unused pieces come back for a full refund',
  '- Custom pieces are yours to keep',
  '',
  'Questions? [Write to the workshop](/contact).',
  '',
  '<script>window.pagesSpecRan = true</script>',
].join('\n');

/** Some weeks before the run, so that saving shows a new date. */
const OLD_DATE = new Date('2026-01-15T12:00:00Z');

test('the owner rewrites Returns & Refunds and the storefront serves it', async ({ page, browser, baseURL }, testInfo) => {
  const title = `Returns, the workshop's way ${Math.random().toString(36).slice(2, 8)}`;
  const [original] = await sql<Row>(
    e2eDatabaseUrl(),
    `select title, body, starting_text, updated_at from site_page where slug = 'returns'`,
  );
  await sql(e2eDatabaseUrl(), `update site_page set updated_at = $1 where slug = 'returns'`, [OLD_DATE]);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    // The navigation comes before the dashboard's heading, which has the focus: from its first link.
    await nav.getByRole('link', { name: 'Home' }).focus();
    await tabTo(page, nav.getByRole('link', { name: 'Pages' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeFocused();

    // The five pages, each still the text the shop came with.
    const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit / }) });
    await expect(rows).toHaveCount(5);
    for (const { slug, label } of SITE_PAGES) {
      const row = rows.filter({ hasText: `/${slug}` });
      await expect(row.getByText(label, { exact: true })).toBeVisible();
      await expect(row.getByText('Starting text, review it')).toBeVisible();
    }
    const returnsRow = rows.filter({ hasText: '/returns' });
    await expect(returnsRow).toContainText('Jan 15, 2026');
    await keepScreenshot(page, testInfo, 'pages-list-1280.png', { fullPage: true });

    await tabTo(page, page.getByRole('button', { name: 'Edit Returns & Refunds' }));
    await page.keyboard.press('Enter');
    const editor = page.getByRole('form', { name: 'Edit Returns & Refunds' });
    await expect(editor.getByRole('heading', { name: 'Edit Returns & Refunds', level: 1 })).toBeFocused();
    const titleField = editor.getByRole('textbox', { name: 'Title' });
    const textField = editor.getByRole('textbox', { name: 'Text' });
    await expect(titleField).toHaveValue('Returns & Refunds');
    await expect(textField).toHaveValue(/Starting text: review before opening the shop/);

    // An empty title: the server names the field, nothing is saved.
    await titleField.fill('');
    // From the text (tabTo cannot tell the only textarea's focus border from a resting one's) to Save.
    await textField.focus();
    await tabTo(page, editor.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(titleField).toHaveAttribute('aria-invalid', 'true');
    await expect(titleField).toHaveAccessibleDescription('Title is required');
    await expectNoA11yViolations(page);
    await keepScreenshot(page, testInfo, 'pages-editor-error-1280.png', { fullPage: true });

    await titleField.fill(title);
    await expect(titleField).not.toHaveAttribute('aria-invalid', 'true');
    await textField.fill(BODY);

    // Preview by keyboard: the server's HTML, the script dropped.
    await editor.getByRole('tab', { name: 'Write' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(editor.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    const preview = editor.getByTestId('page-preview');
    await expect(preview.getByRole('heading', { name: 'How a return works', level: 2 })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveText([
      'Unused pieces come back for a full refund',
      'Custom pieces are yours to keep',
    ]);
    await expect(preview.getByRole('link', { name: 'Write to the workshop' })).toHaveAttribute('href', '/contact');
    await expect(preview.locator('script')).toHaveCount(0);
    await expect(preview).not.toContainText('pagesSpecRan');
    await expectNoA11yViolations(page, editor);
    await keepScreenshot(page, testInfo, 'pages-preview-1280.png', { fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'pages-preview-390.png', { fullPage: true });
    await editor.getByRole('tab', { name: 'Write' }).click();
    await keepScreenshot(page, testInfo, 'pages-editor-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await textField.focus();
    await tabTo(page, editor.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${title} is saved and live on the shop.`)).toBeVisible();
    // Back on the list, on the page just saved: no longer the starting text, today's date.
    const saved = rows.filter({ hasText: '/returns' });
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeFocused();
    await expect(saved.getByText(title, { exact: true })).toBeVisible();
    await expect(saved.getByText('Starting text, review it')).toHaveCount(0);
    await expect(saved).not.toContainText('Jan 15, 2026');
    await expect(rows.filter({ hasText: '/shipping' }).getByText('Starting text, review it')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'pages-list-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // View page: the storefront's page, in a new tab.
    const opened = page.context().waitForEvent('page');
    await tabTo(page, saved.getByRole('link', { name: `View page ${title} (opens in a new tab)` }));
    await page.keyboard.press('Enter');
    const tab = await opened;
    await expect(tab).toHaveURL(/\/returns$/);
    await expect(tab.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await tab.close();

    // Without JavaScript: the new text, today's date, no script of the owner's.
    const reader = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const storefront = await reader.newPage();
      const response = await storefront.goto('/returns');
      expect(response?.status()).toBe(200);
      expect(await response!.text()).not.toContain('pagesSpecRan');
      const article = storefront.getByRole('article');
      await expect(article.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(article.getByText(`Last updated ${formatPostDate(new Date().toISOString())}`)).toBeVisible();
      await expect(article.getByRole('heading', { name: 'How a return works', level: 2 })).toBeVisible();
      await expect(article.getByRole('listitem')).toHaveCount(2);
      await expect(article.getByRole('link', { name: 'Write to the workshop' })).toHaveAttribute('href', '/contact');
      await expect(article).not.toContainText('Starting text: review before opening the shop.');
      await expect(storefront).toHaveTitle(`${title} | Turnery`);
    } finally {
      await reader.close();
    }
  } finally {
    await sql(e2eDatabaseUrl(), `update site_page set title = $1, body = $2, starting_text = $3, updated_at = $4 where slug = 'returns'`, [
      original!.title,
      original!.body,
      original!.starting_text,
      original!.updated_at,
    ]);
  }
});
