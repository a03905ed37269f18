import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { keepScreenshot } from './support/screenshots';

// The owner makes an API token in the admin, copies its secret (shown once), a script uses it, the owner revokes it.
test('the owner creates an API token, sees its secret once, a script uses it, and the owner revokes it', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const origin = new URL(page.url()).origin;
  await openSection(page, 'API tokens');
  const form = page.getByRole('region', { name: 'New API token' });
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByRole('alert')).toHaveText('Give the token a name, e.g. the script that will use it.');

  await form.getByLabel(/^Name/).fill('Shipping labels script');
  await form.getByRole('radio', { name: 'Read and write' }).check();
  const inAMonth = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await form.getByLabel(/^Expires after/).fill(inAMonth);
  await form.getByRole('button', { name: 'Create token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Copy your new API token' });
  await expect(dialog.getByText('Shown only this once')).toBeVisible();
  const secret = await dialog.getByRole('textbox', { name: 'Token for Shipping labels script' }).inputValue();
  expect(secret).toMatch(/^tny_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'token-created-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'token-created-phone.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'I have stored it' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'API token Shipping labels script' });
  await expect(card.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  await expect(card.getByText('Read and write')).toBeVisible();
  await expect(card.getByText(/Never used/)).toBeVisible();
  // Shown once: after a reload the page holds only the prefix.
  await page.reload();
  await openSection(page, 'API tokens');
  await expect(card).toBeVisible();
  expect(await page.content()).not.toContain(secret.slice(12));

  // A script, with the token and no cookie.
  const stats = await fetch(`${origin}/api/admin/stats`, { headers: { authorization: `Bearer ${secret}` } });
  expect(stats.status).toBe(200);
  expect(((await stats.json()) as { totalProducts: number }).totalProducts).toBeGreaterThan(0);
  await page.reload();
  await openSection(page, 'API tokens');
  await expect(card.getByText(/Last used/)).toBeVisible();
  await keepScreenshot(page, testInfo, 'tokens-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'tokens-phone.png', { fullPage: true });

  await card.getByRole('button', { name: 'Revoke Shipping labels script' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
  await expect(confirm.getByText(/Scripts using “Shipping labels script”/)).toBeVisible();
  await expectNoA11yViolations(page, confirm);
  await keepScreenshot(page, testInfo, 'token-revoke-phone.png');
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  const refused = await fetch(`${origin}/api/admin/stats`, { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status).toBe(401);
});
