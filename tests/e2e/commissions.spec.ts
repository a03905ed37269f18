import { signIn, openSection } from './support/admin-sign-in';
import { expectNoA11yViolations } from './support/axe';
import { cardFields, typeCard } from './support/fake-square-js';
import { photo, shoot } from './support/commission-journey';
import { useCommissionShop } from './support/commission-shop';
import { expect, test } from './support/test';

// A piece turned to order (issue 37), in a real browser against a shop whose card provider is Square
// (support/commission-shop.ts): the buyer asks, the owner quotes, the buyer pays the deposit from the emailed link in
// another browser, follows the build log, pays the balance, and the owner ships it; and the owner quotes a variant of
// a shop's piece. The buyer's journey by keyboard is commissions-keyboard.spec.ts.

const { fakeSquare, emailedLink, buyerBrowser } = useCommissionShop();

test('a commission from request to shipping: quote, deposit by Square, build log with a photo, balance, tracking', async ({
  page,
  browser,
}, testInfo) => {
  // The longest journey here: 1.9 min with the browser tests alone on a loaded two-core machine.
  test.setTimeout(300_000);
  const email = 'june.commission@example.com';
  // The request page, reached from About.
  await page.goto('/about');
  await page.getByRole('link', { name: 'Commission a piece' }).click();
  await expect(page.getByRole('heading', { name: 'Commission a Piece', level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, testInfo, 'request');

  // Sent empty: each required field says so, and the keyboard is put on the first.
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.getByText('Your name is required')).toBeVisible();
  await expectNoA11yViolations(page, page.locator('form').filter({ has: page.getByLabel('Your name') }));

  await page.getByLabel('Your name').fill('June Carter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('What is it for?').fill('A salad bowl for my parents, from the walnut that fell in their yard.');
  await page.getByRole('combobox', { name: 'Wood' }).selectOption('own');
  await page.getByLabel('Size').fill('About 12 inches across');
  await page.getByRole('combobox', { name: 'Budget' }).selectOption('250-500');
  await page.getByRole('combobox', { name: 'Ship to' }).selectOption('GA');
  await page.locator('input[type="file"]').setInputFiles([await photo('walnut.jpg', '#6b4226')]);
  await expect(page.getByRole('img', { name: 'Reference photo 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Send my request' }).click();
  const sent = page.getByRole('region', { name: /Thank you, June Carter/ });
  await expect(sent.getByText(email)).toBeVisible();
  await expect(sent.getByRole('link', { name: /\/commissions\// })).toBeVisible();
  await expectNoA11yViolations(page, sent);
  await shoot(page, testInfo, 'request-sent');

  // The owner: a badge of new requests, the request with its photo, a quote.
  const owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await owner.newPage();
  await signIn(admin);
  // The badge is read with the link: 'Commissions 1 new'.
  await expect(admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Commissions \d+ new$/ })).toBeVisible();
  await openSection(admin, /^Commissions/);
  await expectNoA11yViolations(admin);
  await admin
    .getByRole('row', { name: /June Carter/ })
    .getByRole('link', { name: /View commission/ })
    .click();
  // A page of its own, at its own address (reloaded below, as a bookmark would be).
  await expect(admin).toHaveURL(/\/admin\/commissions\/\d+$/);
  await expect(admin.getByRole('heading', { level: 1, name: /Commission #\d+: June Carter/ })).toBeVisible();
  const dialog = admin.getByRole('main');
  await expect(dialog.getByRole('img', { name: 'Reference photo 1' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Line 1', exact: true }).fill('Walnut salad bowl, 12 in., from your own wood');
  await dialog.getByLabel('Price 1 ($)').fill('250.00');
  await dialog.getByRole('button', { name: 'Add a line' }).click();
  await dialog.getByRole('textbox', { name: 'Line 2', exact: true }).fill('Food-safe oil finish');
  await dialog.getByLabel('Price 2 ($)').fill('30.00');
  await dialog.getByRole('button', { name: 'Remove line 2' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Line 2', exact: true })).toHaveCount(0);
  await dialog.getByLabel('Packed weight (lb)').fill('4');
  await dialog.getByLabel('Lead time (weeks)').fill('6');
  await expectNoA11yViolations(admin);
  await shoot(admin, testInfo, 'admin-quote');
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  // The shop's own figures: $250.00 + GA tax 4% = $260.00 with free shipping; 30% deposit = $78.00.
  const quote = dialog.getByRole('region', { name: 'Current quote (version 1)' });
  await expect(quote.getByText('$260.00')).toBeVisible();
  await expect(quote.getByText('$78.00')).toBeVisible();
  // A new version starts from this one's figures, the packed weight with them.
  await expect(dialog.getByLabel('Packed weight (lb)')).toHaveValue('4');

  // The owner's own notes, saved by keyboard and there when the commission is opened again.
  const notes = dialog.getByRole('textbox', { name: 'Notes' });
  await notes.focus();
  await admin.keyboard.type('Walnut slab from the buyer arrives Friday.');
  await admin.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Save notes' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(dialog.getByText('Saved', { exact: true })).toBeVisible();
  await expectNoA11yViolations(admin, dialog);

  // The buyer opens the emailed link in a fresh browser and pays the deposit with Square's fields.
  const buyer = await buyerBrowser(browser, await emailedLink('commission-quote', email));
  const buyerPage = buyer.page;
  await expect(buyerPage.getByText('Quote ready', { exact: true })).toBeVisible();
  await buyerPage.getByLabel('Street address').fill('12 Lathe Lane');
  await buyerPage.getByLabel('City').fill('Athens');
  await buyerPage.getByLabel('ZIP code').fill('30601');
  await buyerPage.getByLabel('Phone').fill('706-555-0100');
  await buyerPage.getByRole('button', { name: 'Accept and pay the deposit - $78.00' }).click();
  await expect(cardFields(buyerPage).getByLabel('Card number')).toBeVisible();
  await expectNoA11yViolations(buyerPage);
  await shoot(buyerPage, testInfo, 'buyer-quote');
  await typeCard(cardFields(buyerPage));
  const chargesBefore = fakeSquare().requests.filter((request) => request.method === 'POST' && request.path === '/v2/payments').length;
  const pay = buyerPage.getByRole('button', { name: 'Pay $78.00' });
  // A double click: the button is disabled by the first, and the shop takes one payment.
  await pay.dblclick();
  await expect(buyerPage.getByText('Being made', { exact: true })).toBeVisible();
  await expect(buyerPage.getByRole('heading', { name: 'Your Commission' })).toBeFocused();
  expect(fakeSquare().requests.filter((request) => request.method === 'POST' && request.path === '/v2/payments').length).toBe(
    chargesBefore + 1,
  );

  // The owner posts an update with a photo; the buyer sees it. The build log speaks to the owner, not the buyer.
  await admin.reload();
  await expect(dialog.getByText('Nothing posted yet. Each update you post is emailed to the buyer')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Walnut slab from the buyer arrives Friday.');
  await dialog.getByLabel('What happened').fill('Roughed out today; it dries for three weeks before the final turning.');
  await dialog.locator('input[type="file"]').setInputFiles([await photo('rough.jpg', '#a0522d')]);
  // A thumbnail to replace or remove, not the upload's address.
  await expect(dialog.getByRole('img', { name: "The update's photo" })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Replace photo' })).toBeVisible();
  await expect(dialog.getByText(/\/uploads\//)).toHaveCount(0);
  await expectNoA11yViolations(admin);
  await shoot(admin, testInfo, 'admin-commission-page');
  await dialog.getByRole('button', { name: 'Post update' }).click();
  await expect(dialog.getByRole('region', { name: 'Build log' }).getByText('Roughed out today')).toBeVisible();
  await buyerPage.reload();
  const log = buyerPage.getByRole('region', { name: 'From the workshop' });
  await expect(log.getByText('Roughed out today')).toBeVisible();
  const logPhoto = log.getByRole('img', { name: /Workshop photo/ });
  await expect(logPhoto).toBeVisible();
  expect(await logPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectNoA11yViolations(buyerPage);
  await shoot(buyerPage, testInfo, 'buyer-build-log');

  // The update's email shows its photo in the owner's preview (served to other origins: the preview's frame is one).
  await openSection(admin, 'Emails');
  await admin.getByRole('article', { name: 'Email: News of your commission' }).first().getByRole('button', { name: 'Preview' }).click();
  const emailPhoto = admin.getByRole('dialog').frameLocator('iframe').getByRole('img', { name: 'The work in progress' });
  await expect(emailPhoto).toBeVisible();
  await expect.poll(() => emailPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await admin.keyboard.press('Escape');
  // Back to the commission's page, with the browser's back button.
  await admin.goBack();
  await expect(admin.getByRole('heading', { level: 1, name: /Commission #\d+: June Carter/ })).toBeVisible();

  // Cancelling after the deposit asks how much of it goes back (looked at, then kept).
  await dialog.getByRole('button', { name: 'Cancel commission' }).click();
  const cancel = admin.getByRole('dialog', { name: 'Cancel commission' });
  await expect(cancel.getByRole('textbox', { name: 'Refund ($)' })).toHaveValue('78.00');
  await expectNoA11yViolations(admin, cancel);
  await cancel.getByRole('button', { name: 'Keep it' }).click();
  await expect(cancel).toBeHidden();

  // Finished: the owner marks it ready (a dialog), the buyer pays the balance.
  await dialog.getByRole('button', { name: 'Mark as ready' }).click();
  const confirmReady = admin.getByRole('dialog', { name: 'Mark as ready' });
  await expect(confirmReady.getByText('$182.00')).toBeVisible();
  await expectNoA11yViolations(admin, confirmReady);
  await confirmReady.getByRole('button', { name: 'Mark as ready' }).click();
  await expect(dialog.getByText('Ready: balance due')).toBeVisible();
  await buyerPage.reload();
  await buyerPage.getByRole('button', { name: 'Pay the balance - $182.00' }).click();
  await typeCard(cardFields(buyerPage));
  await buyerPage.getByRole('button', { name: 'Pay $182.00' }).click();
  await expect(buyerPage.getByText('Paid in full', { exact: true })).toBeVisible();

  // The owner ships it as any order; the buyer's page shows the tracking.
  await admin.reload();
  await dialog.getByRole('button', { name: /Open order #/ }).click();
  const status = admin.getByRole('dialog', { name: /^Order #/ }).getByRole('region', { name: 'Status' });
  await status.getByRole('combobox', { name: 'Carrier' }).selectOption('UPS');
  await status.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
  await status.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(status.getByText('Shipped', { exact: true })).toBeVisible();
  await buyerPage.reload();
  await expect(buyerPage.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', /ups\.com/);
  await expectNoA11yViolations(buyerPage);
  await shoot(buyerPage, testInfo, 'buyer-shipped');
  // The order's dialog closed, the back link returns to the list.
  await admin.keyboard.press('Escape');
  await admin.getByRole('link', { name: '← All commissions' }).click();
  await expect(admin).toHaveURL(/\/admin\/commissions$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Commissions' })).toBeVisible();
  await buyer.context.close();
  await owner.close();
});

test("the owner quotes a shop's variant made to order: the piece and its variant fill the line, the buyer sees the variant", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = 'lena.variant@example.com';
  const requested = await page.request.post('/api/commissions', {
    data: {
      name: 'Lena Maple',
      email,
      purpose: 'A maple yarn bowl like the one in the shop, for my sister',
      wood: 'maple',
      size: 'As the shop has it',
      budget: 'under-100',
      shipToState: 'GA',
    },
  });
  expect(requested.status(), await requested.text()).toBe(200);

  await signIn(page);
  await openSection(page, /^Commissions/);
  await page
    .getByRole('row', { name: /Lena Maple/ })
    .getByRole('link', { name: /View commission/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Commission #\d+: Lena Maple/ })).toBeVisible();
  const dialog = page.getByRole('main');
  // The demo catalogue's yarn bowl in three woods, its maple sold out in the shop: made to order, it can be quoted.
  // By keyboard: the piece searched for and chosen, then its variant.
  const piece = dialog.getByRole('combobox', { name: 'Shop piece 1' });
  await piece.focus();
  await page.keyboard.type('Three Woods');
  // The shop's pieces arrive with the editor's other reads (the running total's settings): chosen once listed.
  await expect(page.getByRole('option', { name: 'Yarn Bowl in Three Woods' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(piece).toHaveValue('Yarn Bowl in Three Woods');
  // The running total appears once the shop's shipping and tax settings have arrived; the page settles before the
  // variant's list is opened (a re-render under an open list would drop the keyboard's highlighted option).
  await expect(dialog.getByRole('heading', { name: 'Running total' })).toBeVisible();
  const variant = dialog.getByRole('combobox', { name: 'Variant 1' });
  await variant.focus();
  await page.keyboard.press('ArrowDown');
  const maple = page.getByRole('option', { name: 'Maple, $56.00' });
  await expect(maple).toBeVisible();
  await expect(async () => {
    if ((await maple.getAttribute('data-combobox-selected')) === null) await page.keyboard.press('ArrowDown');
    await expect(maple).toHaveAttribute('data-combobox-selected', 'true', { timeout: 250 });
  }).toPass();
  await page.keyboard.press('Enter');
  await expect(variant).toHaveValue('Maple, $56.00');
  // The empty line takes the piece's name and the variant's price; the owner may change both.
  const line = dialog.getByRole('textbox', { name: 'Line 1', exact: true });
  await expect(line).toHaveValue('Yarn Bowl in Three Woods (Maple)');
  await expect(dialog.getByLabel('Price 1 ($)')).toHaveValue('56.00');
  await line.fill('Maple yarn bowl, turned for your sister');
  await dialog.getByLabel('Packed weight (lb)').fill('2');
  await expectNoA11yViolations(page);
  await shoot(page, testInfo, 'admin-quote-variant');
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  // $56.00 + GA tax 4% = $58.24, shipping by weight below the free-shipping line.
  const quote = dialog.getByRole('region', { name: 'Current quote (version 1)' });
  const quotedLine = quote.getByRole('cell', { name: /Maple yarn bowl, turned for your sister/ });
  await expect(quotedLine.getByText('Maple', { exact: true })).toBeVisible();
  // The next version starts from this one, its piece and variant chosen.
  await expect(dialog.getByRole('combobox', { name: 'Variant 1' })).toHaveValue('Maple, $56.00');

  // The buyer's page names the variant under the owner's words.
  const buyer = await buyerBrowser(browser, await emailedLink('commission-quote', email));
  const cell = buyer.page.getByRole('cell', { name: /Maple yarn bowl, turned for your sister/ });
  await expect(cell.getByText('Maple', { exact: true })).toBeVisible();
  await expectNoA11yViolations(buyer.page);
  await buyer.context.close();
});
