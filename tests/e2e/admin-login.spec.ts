import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { signIn } from './support/admin-sign-in';
import { E2E_ADMIN_PASSWORD } from './support/admin-password';

// The owner's way in and out of the admin: the login page, a visitor sent to it, a bookmark kept across it, logging out.

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

test('a bookmarked section opens after signing in', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin-login\?next=%2Fadmin%2Forders$/);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search orders' })).toBeVisible();
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
