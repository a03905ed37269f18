import type { Page } from '@playwright/test';
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
