import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { keepScreenshot } from './support/screenshots';

// Changing the password here would change it for every other spec on this server: the form's own checks and
// 'sign out everywhere' are driven in the browser; the password change itself is tests/api/admin-account.test.ts.
test('the owner finds the account settings, is told what is wrong with a new password, and signs out everywhere', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await openSection(page, 'Account');
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill('whatever it is');
  await form.getByLabel(/^New password\s*\*?$/).fill('too short');
  await form.getByLabel('New password again').fill('too short');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The new password must be at least 12 characters.');
  await form.getByLabel(/^New password\s*\*?$/).fill('long enough new password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The two new passwords are not the same.');
  await form.getByLabel('New password again').fill('long enough new password');
  // The form offers to revoke the API tokens too, ticked unless the owner keeps them; the choice is sent.
  const revoke = form.getByRole('checkbox', { name: 'Also revoke all API tokens' });
  await expect(revoke).toBeChecked();
  await revoke.uncheck();
  const sent = page.waitForRequest((request) => request.url().includes('admin.account.changePassword'));
  await form.getByRole('button', { name: 'Change password' }).click();
  expect((await sent).postData()).toContain('"revokeApiTokens":false');
  await expect(form.getByRole('alert')).toHaveText('The current password does not match the password in use');
  await revoke.check();
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'account.png', { fullPage: true });

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere' });
  await expectNoA11yViolations(page, confirm);
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(((await (await page.request.get('/api/admin/verify')).json()) as { authenticated: boolean }).authenticated).toBe(false);
});
