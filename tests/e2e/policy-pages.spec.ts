import { expect, plainTest as withoutScripts, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { keepScreenshot } from './support/screenshots';
import { SITE_PAGES } from '../../server/domain/site-pages';

// The pages every shop must have and custom orders in sight (issue 45): every footer link leads to a page with its
// content in the first HTML; the policies read well and pass axe; Custom Orders is one keypress away in the header,
// the phone's menu, Home and the contact form's Custom Order subject.

withoutScripts.describe('without JavaScript', () => {
  withoutScripts.use({ javaScriptEnabled: false });

  withoutScripts('every footer link answers 200 with its page, and Home invites custom work', async ({ page }) => {
    await page.goto('/');
    const custom = page.getByRole('region', { name: 'Custom Orders' });
    await expect(custom.getByRole('link', { name: 'Request a custom piece' })).toHaveAttribute('href', '/commission');

    const footer = page.getByRole('contentinfo');
    const links = await footer
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => ({ name: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' })));
    expect(links.map((link) => link.name)).toEqual([
      'Home',
      'Shop',
      'About Us',
      'Blog',
      'Contact',
      'Custom Orders',
      ...SITE_PAGES.map((known) => known.label),
    ]);
    for (const link of links) {
      expect(link.href, link.name).toMatch(/^\/[a-z]*$/);
      const response = await page.goto(link.href);
      expect(response?.status(), link.href).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), link.href).toBeVisible();
    }

    // A policy's own text is in the HTML, not fetched by a script.
    await page.goto('/shipping');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    await expect(page.getByText(/^Last updated \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByText('Free shipping')).toBeVisible();
    await expect(page).toHaveTitle('Shipping | Turnery');
  });
});

test('a policy page reads as an article, with its starting-text notice, and passes axe', async ({ page }, testInfo) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/returns');
    await expect(page.getByRole('heading', { level: 1, name: 'Returns & Refunds' })).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading', { level: 2, name: '30-day satisfaction guarantee' })).toBeVisible();
    await expect(page.getByText('Starting text: review before opening the shop.')).toBeVisible();
    await keepScreenshot(page, testInfo, `returns-${width}.png`, { fullPage: true });
  }
  await expectNoA11yViolations(page);
});

test('Custom Orders in the header and the phone menu, by keyboard', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link')).toHaveText(['Home', 'Shop', 'About', 'Blog', 'Contact', 'Custom Orders']);
  await keepScreenshot(page.getByRole('banner'), testInfo, 'header-1280.png');
  await keepScreenshot(page.getByRole('region', { name: 'Custom Orders' }), testInfo, 'home-custom-orders-1280.png');
  await main.getByRole('link', { name: 'Contact' }).focus();
  await page.keyboard.press('Tab');
  await expect(main.getByRole('link', { name: 'Custom Orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/commission$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commission a Piece' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await keepScreenshot(page.getByRole('banner'), testInfo, 'header-390.png');
  await keepScreenshot(page.getByRole('region', { name: 'Custom Orders' }), testInfo, 'home-custom-orders-390.png');
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link', { name: 'Custom Orders' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'menu-390.png');
  await mobile.getByRole('link', { name: 'Custom Orders' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/commission$/);
  await expect(mobile).toBeHidden();
});

test('choosing Custom Order on the contact form offers the request form, and the message can still be sent', async ({ page }, testInfo) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const notice = form.getByRole('status').filter({ hasText: 'Custom orders have their own request form' });
  await expect(notice).toHaveCount(0);
  await form.getByLabel('Subject').selectOption('custom');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('photos, sizes and budget');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await keepScreenshot(form, testInfo, 'contact-custom-order.png');
  await expectNoA11yViolations(page, form);

  await form.getByLabel('Subject').selectOption('shipping');
  await expect(notice).toHaveCount(0);
  await form.getByLabel('Subject').selectOption('custom');
  await notice.getByRole('link', { name: 'Request a custom piece' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/commission$/);
});
