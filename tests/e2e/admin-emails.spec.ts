import { expect, test } from './support/test';
import { expectNoA11yViolations } from './support/axe';
import { openSection, signIn } from './support/admin-sign-in';
import { e2eDatabaseUrl } from './support/database';
import { sql } from '../support/database';
import { keepScreenshot } from './support/screenshots';

// The e2e shop has no SMTP server: emails wait in the outbox, where the owner reads them.
test('the owner sees the emails the shop wrote, reads one, and can send it again', async ({ page }, testInfo) => {
  const subject = `Turned oak ${Math.random().toString(36).slice(2, 8)}`;
  const sent = await page.request.post('/api/contact', {
    data: { firstName: 'Ada', lastName: 'Turner', email: 'ada@example.com', subject: 'custom', message: `${subject}?` },
  });
  expect(sent.status()).toBe(200);
  // As the queue leaves an email it gave up on (the e2e shop has no SMTP server to fail against). Found by its data:
  // the delivery job may not have rendered its text yet.
  await sql(
    e2eDatabaseUrl(),
    `update outbox_email set failed_at = now(), attempts = 10, last_error = 'Greeting never received'
      where kind = 'contact-notification' and data #>> '{input,message}' = $1`,
    [`${subject}?`],
  );

  await signIn(page);
  await openSection(page, 'Emails');
  await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();
  // Why every email waits: said at the top.
  await expect(page.getByText('No mail server is set (SMTP_URL): emails are kept here and not sent to customers or to you.')).toBeVisible();
  const acknowledgement = page.getByRole('article', { name: 'Email: We received your message' }).first();
  await expect(acknowledgement).toBeVisible();
  await expect(acknowledgement.getByText('Waiting')).toBeVisible();
  const notification = page.getByRole('article', { name: /^Email: New message: Custom Order from Ada Turner/ }).first();
  await expect(notification.getByText('Reply-To ada@example.com')).toBeVisible();
  await expect(notification.getByText('Failed')).toBeVisible();
  await expect(notification.getByText('Last error: Greeting never received')).toBeVisible();
  await expect(acknowledgement.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await keepScreenshot(page, testInfo, 'emails-desktop.png', { fullPage: true });

  await notification.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog');
  // The HTML part, in a sandboxed frame.
  const frame = preview.frameLocator('iframe[title^="Preview of"]');
  await expect(frame.getByText(`${subject}?`)).toBeVisible();
  await expect(preview.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts');
  await expectNoA11yViolations(page);
  await preview.getByRole('button', { name: 'Close preview' }).click();

  await notification.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('will be sent again')).toBeVisible();
  await expect(notification.getByText('Waiting')).toBeVisible();

  await page.locator('label', { hasText: /^Sent$/ }).click();
  await expect(page.getByText('No emails here.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('label', { hasText: /^All$/ }).click();
  await expect(acknowledgement).toBeVisible();
  await keepScreenshot(page, testInfo, 'emails-phone.png', { fullPage: true });
});
