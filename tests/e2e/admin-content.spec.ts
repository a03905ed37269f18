import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import type { BlogPostJson, ProductJson } from '../support/api-types';

// The owner's everyday work in the admin: products, blog posts and contact messages.

const unique = () => Math.random().toString(36).slice(2, 8);

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
