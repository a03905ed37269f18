import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { E2E_ADMIN_PASSWORD } from './support/admin-password';
import { tabTo } from './support/commission-journey';
import { keepScreenshot } from './support/screenshots';
import type { BlogPostJson, ProductJson } from '../support/api-types';

const unique = () => Math.random().toString(36).slice(2, 8);

test('the login page refuses a wrong password and a blank one', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(page.getByText('This area is for authorized administrators only.')).toBeVisible();
  const password = page.getByLabel(/^Password/);
  const signInButton = page.getByRole('button', { name: 'Sign In' });
  await expect(signInButton).toBeDisabled();
  await password.fill('   ');
  await expect(signInButton).toBeDisabled();

  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await signInButton.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid password. Please try again.');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Back to main site' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the dashboard sends a visitor who is not signed in to the login page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText('Manage your products, orders, and content')).toHaveCount(0);
});

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

test('a bookmarked section opens after signing in', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin-login\?next=%2Fadmin%2Forders$/);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search orders' })).toBeVisible();
});

test('the owner adds, edits and deletes a product', async ({ page }) => {
  const name = `E2E Walnut Scoop ${unique()}`;
  await signIn(page);
  await openSection(page, 'Products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await expect(dialog.getByLabel(/^Stock quantity/)).toHaveValue('1');

  // An empty form names what is missing and saves nothing.
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Image URL is required')).toBeVisible();
  await expectNoA11yViolations(page, dialog);

  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Description/).fill('A coffee scoop turned from walnut offcuts.');
  await dialog.getByLabel(/^Price/).fill('24.5');
  await dialog.getByLabel(/^Weight/).fill('0.3');
  await dialog.getByLabel(/^Stock quantity/).fill('12');
  await dialog.getByLabel(/^Oversize surcharge/).fill('4');
  await dialog.getByLabel(/^Material/).fill('Black walnut');
  await dialog.getByLabel(/^Finish/).fill('Food-safe oil');
  await dialog.getByLabel(/^Dimensions/).fill('5" x 1.5"');
  await dialog.getByLabel(/^Category/).click();
  await page.getByRole('option', { name: 'Accessories' }).click();
  await dialog.getByLabel(/^Image URL/).fill('/images/products/cherry-yarn-bowl.svg');
  await dialog.getByLabel(/^Gallery images/).fill(' /images/a.svg , /images/b.svg ');
  await dialog.getByRole('checkbox', { name: 'Featured' }).check();
  await dialog.getByRole('button', { name: 'Create Product' }).click();

  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Accessories');
  await expect(row).toContainText('$24.50');
  await expect(row).toContainText('12');
  await expect(row).toContainText('Active');

  // It is featured, so it shows on Home's Featured Crafts (the storefront list reads the same products).
  const adminProducts = (await (await page.request.get('/api/admin/products')).json()) as ProductJson[];
  const created = adminProducts.find((p) => p.name === name);
  expect(created).toMatchObject({
    price: '24.50',
    weight: '0.30',
    stockQuantity: 12,
    shippingSurcharge: '4.00',
    galleryImages: ['/images/a.svg', '/images/b.svg'],
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured Crafts' }).getByRole('link', { name }).first()).toBeVisible();

  await page.goto('/admin/products');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(editDialog.getByLabel(/^Name/)).toHaveValue(name);
  await expect(editDialog.getByLabel(/^Gallery images/)).toHaveValue('/images/a.svg, /images/b.svg');
  await expect(editDialog.getByLabel(/^Oversize surcharge/)).toHaveValue('4.00');
  await editDialog.getByLabel(/^Price/).fill('30');
  await editDialog.getByRole('checkbox', { name: 'In stock' }).uncheck();
  await editDialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('$30.00');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Out of Stock');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the owner writes a post with a generated slug, publishes, unpublishes and deletes it', async ({ page }) => {
  const id = unique();
  const title = `Turning Green Wood ${id}`;
  const slug = `turning-green-wood-${id}`;
  await signIn(page);
  await openSection(page, 'Blog');
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });

  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Excerpt is required')).toBeVisible();

  await dialog.getByLabel(/^Title/).fill(title);
  await expect(dialog.getByLabel(/^Slug/)).toHaveValue(slug);
  await dialog.getByLabel(/^Excerpt/).fill('Why we rough-turn bowls while the wood is wet.');
  await dialog.getByLabel(/^Content/).fill('Green wood cuts like butter.');
  await dialog.getByLabel(/^Featured image URL/).fill('/images/products/cherry-yarn-bowl.svg');
  await dialog.getByRole('switch', { name: 'Publish immediately' }).check();
  await expectNoA11yViolations(page, dialog);
  await dialog.getByRole('button', { name: 'Create Post' }).click();

  await expect(page.getByText('Your blog post has been successfully created.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`/${slug}`);
  await expect(row).toContainText('Published');
  await expect(row.getByRole('link', { name: `View ${title} (opens in a new tab)` })).toHaveAttribute('href', `/blog/${slug}`);
  // The public list shows it.
  const publicList = await page.request.get('/api/blog');
  expect(publicList.status()).toBe(200);
  expect(((await publicList.json()) as BlogPostJson[]).map((post) => post.slug)).toContain(slug);

  // Editing keeps the slug even when the title changes.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await edit.getByLabel(/^Title/).fill(`${title} (revised)`);
  await expect(edit.getByLabel(/^Slug/)).toHaveValue(slug);
  await edit.getByRole('switch', { name: 'Publish immediately' }).uncheck();
  await edit.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Your blog post has been successfully updated.')).toBeVisible();
  const revised = page.getByRole('row').filter({ hasText: `${title} (revised)` });
  await expect(revised).toContainText('Draft');
  await expect(revised).toContainText('Not published');

  await revised.getByRole('button', { name: `Delete ${title} (revised)` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete blog post' });
  await expect(confirm).toContainText('Are you sure you want to delete this blog post?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The blog post has been successfully deleted.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('logging out ends the session: the dashboard sends the visitor back to the login page', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  expect((await page.request.get('/api/admin/products')).status()).toBe(401);
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

test('the owner marks a contact message read', async ({ page }) => {
  // A message of a visitor of its own (the e2e shop trusts the proxy on loopback), so the other specs' messages
  // never bring it to the per-visitor limit.
  const sent = await page.request.post('/api/contact', {
    headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
    data: {
      firstName: 'Grace',
      lastName: `Hopper ${unique()}`,
      email: 'grace@example.com',
      subject: 'custom',
      message: 'A walnut bowl, please.',
    },
  });
  expect(sent.status()).toBe(200);
  await signIn(page);
  await openSection(page, 'Messages');
  await expect(page.getByRole('heading', { name: 'Contact Messages' })).toBeVisible();
  const message = page.getByRole('article').filter({ hasText: 'A walnut bowl, please.' }).first();
  await expect(message).toContainText('New');
  await message.getByRole('button', { name: /as read$/ }).click();
  await expect(message.getByRole('button', { name: /as unread$/ })).toBeVisible();
  await expect(message).toContainText('Read');
  await expectNoA11yViolations(page);
});
