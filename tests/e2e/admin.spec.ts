import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { tabTo } from './support/commission-journey';
import { keepScreenshot } from './support/screenshots';

// The admin's sections and navigation: every section at its own address with its accessibility scan, on a phone
// behind a menu button (by keyboard) and beside the page on a desktop.

test('signing in shows the dashboard; every section has its own address and passes the accessibility scan', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByText('Welcome to the admin dashboard')).toBeVisible();
  await expect(page.getByText('Manage your products, orders, and content')).toBeVisible();
  const glance = page.getByRole('region', { name: 'Shop at a glance' });
  for (const [label, caption] of [
    ['Total Products', 'In the catalogue'],
    ['Pending Orders', 'Awaiting payment'],
    ['To ship', 'Paid, not shipped yet'],
    ['Monthly Revenue', 'All time, net of refunds'],
    ['Customer Reviews', /^(Average of \d+ reviews?|Average of published reviews)$/],
  ] as const) {
    await expect(glance.getByText(label, { exact: true })).toBeVisible();
    await expect(glance.getByText(caption, typeof caption === 'string' ? { exact: true } : {})).toBeVisible();
  }
  await expect(glance.getByText(/^(\d\.\d\/5|No reviews yet)$/)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(page);

  // Each section by its link: its address, its heading (focused, as after any move between pages), no violation.
  const sections: [string, string, string][] = [
    ['Orders', 'orders', 'Orders'],
    ['Commissions', 'commissions', 'Commissions'],
    ['Discounts', 'discounts', 'Discounts'],
    ['Analytics', 'analytics', 'Analytics'],
    ['Products', 'products', 'Products'],
    ['Reviews', 'reviews', 'Reviews'],
    ['Blog', 'blog', 'Blog Posts'],
    ['Pages', 'pages', 'Pages'],
    ['Messages', 'messages', 'Contact Messages'],
    ['Newsletter', 'newsletter', 'Newsletter'],
    ['Shipping & tax', 'shipping', 'Shipping & tax'],
    ['Account', 'account', 'Account'],
    ['API tokens', 'tokens', 'API tokens'],
    ['Webhooks', 'webhooks', 'Webhooks'],
    ['Emails', 'emails', 'Emails'],
  ];
  for (const [link, path, heading] of sections) {
    await openSection(page, link === 'Commissions' ? /^Commissions/ : link);
    await expect(page).toHaveURL(new RegExp(`/admin/${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await expectNoA11yViolations(page);
  }
  await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();

  // The browser's back and forward buttons move between sections.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  // Analytics and Products hold what they held as tabs; an address no section has is the not-found page.
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Popular Products' })).toBeVisible();
  await page.goto('/admin/products');
  await expect(page.getByRole('columnheader', { name: 'Stock' })).toBeVisible();
  await page.goto('/admin/no-such-section');
  await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
});

test('the dashboard works on a phone: its navigation behind a menu button, by keyboard', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await keepScreenshot(page, testInfo, 'admin-home-phone.png', { fullPage: true });
  const menuButton = page.getByRole('button', { name: 'Admin menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Admin menu' });
  const nav = menu.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'admin-menu-phone.png');
  // Escape closes it, and the keyboard is back on the button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  await tabTo(page, nav.getByRole('link', { name: 'Products' }));
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Add Product' })).toBeVisible();
  await openSection(page, 'Analytics');
  await expect(page.getByRole('heading', { name: 'Popular Products' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the navigation beside the page on a desktop', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeHidden();
  await keepScreenshot(page, testInfo, 'admin-home-desktop.png', { fullPage: true });
  await openSection(page, 'Orders');
  await keepScreenshot(page, testInfo, 'admin-orders-desktop.png');
});
