import { signInApi } from './support/admin-sign-in';
import { routeFakeSquareSdk } from './support/fake-square-js';
import { payWithSquareByKeyboard, photo, tabTo } from './support/commission-journey';
import { useCommissionShop } from './support/commission-shop';
import { expect, test } from './support/test';

// A commission's buyer by keyboard alone (issue 37), against the shop of support/commission-shop.ts: the request with
// a photo, the deposit and the balance.

const { fakeSquare } = useCommissionShop();

test("the buyer's whole journey by keyboard alone: the request with a photo, the deposit and the balance", async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = 'kay.keys@example.com';
  await routeFakeSquareSdk(page, fakeSquare());
  await page.goto('/commission');
  // Waited for well before Enter opens the picker: Playwright starts catching file pickers asynchronously, and a picker
  // that opens before then is never reported.
  const chooser = page.waitForEvent('filechooser');
  for (const [label, text] of [
    ['Your name', 'Kay Keys'],
    ['Email', email],
    ['What is it for?', 'Twelve coasters for a wedding.'],
    ['Wood', 'Cherry'],
    ['Size', 'Coaster size'],
    ['Budget', '$100'],
    ['Ship to', 'Georgia'],
  ] as const) {
    await tabTo(page, page.getByLabel(label).first());
    await page.keyboard.type(text);
  }
  await expect(page.getByRole('combobox', { name: 'Wood' })).toHaveValue('cherry');
  await expect(page.getByRole('combobox', { name: 'Ship to' })).toHaveValue('GA');
  await tabTo(page, page.getByRole('button', { name: 'Add photos' }));
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([await photo('coasters.jpg', '#8b5a2b')]);
  await expect(page.getByRole('img', { name: 'Reference photo 1' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Send my request' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Thank you, Kay Keys/ })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Open my commission' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your Commission' })).toBeVisible();
  await expect(page.getByText('Waiting for a quote', { exact: true })).toBeVisible();

  // The owner quotes ($40.00 + 4% = $41.60; 50% deposit = $20.80).
  // The owner's API: the quote and the ready mark the first test makes in the admin.
  const owner = await signInApi(request);
  const list = (await (await owner.get('/api/admin/commissions?status=requested')).json()) as { id: number; email: string }[];
  const { id } = list.find((one) => one.email === email)!;
  const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const quoted = await owner.post(`/api/admin/commissions/${id}/quotes`, {
    data: {
      lines: [{ description: 'Cherry coasters', price: '3.50', quantity: 12 }],
      weight: 2,
      depositPercent: 50,
      leadTimeDays: 21,
      validUntil,
    },
  });
  expect(quoted.status()).toBe(200);

  await page.reload();
  await expect(page.getByText('Quote ready', { exact: true })).toBeVisible();
  for (const [label, text] of [
    ['Street address', '9 Spindle Court'],
    ['City', 'Macon'],
    ['ZIP code', '31201'],
    ['Phone', '478-555-0101'],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(text);
  }
  await payWithSquareByKeyboard(page, /^Accept and pay the deposit - \$/);
  await expect(page.getByText('Being made', { exact: true })).toBeVisible();

  expect((await owner.patch(`/api/admin/commissions/${id}`, { data: { status: 'ready' } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  await payWithSquareByKeyboard(page, /^Pay the balance - \$/);
  await expect(page.getByText('Paid in full', { exact: true })).toBeVisible();
});
