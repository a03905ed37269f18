import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './admin-password';

/** Signs in through the login page, as the owner does, and waits for the dashboard. */
export async function signIn(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel(/^Password/).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/** Signs `request` in through the API, as an owner's script would: its later calls carry the owner's cookie. */
export async function signInApi(request: APIRequestContext) {
  expect((await request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
  return request;
}

/**
 * Opens a section of the admin as the owner does: by its link in the admin's navigation (behind the 'Admin menu'
 * button on a phone). `name`: the link's text, e.g. 'Orders' (its badge may follow), or a pattern of its accessible name.
 */
export async function openSection(page: Page, name: string | RegExp) {
  const menu = page.getByRole('button', { name: 'Admin menu' });
  const behindMenu = await menu.isVisible();
  if (behindMenu) await menu.click();
  // A link's name may end with its badge: 'Messages 2 unread'.
  const named = typeof name === 'string' ? new RegExp(`^${name}( \\d+ \\w+)?$`) : name;
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: named });
  await link.click();
  if (behindMenu) {
    // The menu closes as the section opens, and may be gone before the link shows it current: open it again to look.
    const dialog = page.getByRole('dialog', { name: 'Admin menu' });
    await expect(dialog).toBeHidden();
    await menu.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    return;
  }
  await expect(link).toHaveAttribute('aria-current', 'page');
}
