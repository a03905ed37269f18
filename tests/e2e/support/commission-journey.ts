import type { Locator, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { cardFields } from './fake-square-js';
import { expect } from './test';
import { keepScreenshot, screenshotsAsked } from './screenshots';

// What the commission journeys (commissions.spec.ts) do more than once: a buyer's photo, screenshots at two widths,
// and paying on the buyer's page by keyboard alone, with focus shown at every step.

/** A small picture, as a phone would send it. */
export async function photo(name: string, color: string) {
  const buffer = await sharp({ create: { width: 160, height: 120, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Screenshots of the whole page at a phone's and a desktop's widths. */
export async function shoot(page: Page, testInfo: TestInfo, name: string) {
  if (!screenshotsAsked()) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, `${name}-phone.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, `${name}-desktop.png`, { fullPage: true });
  await page.setViewportSize(size);
}

/** Presses Tab until `target` has focus; at every step focus is on something, and shows (outside Square's frame). */
export async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
    const focus = await page.evaluate(async () => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'lost';
      if (active.tagName === 'IFRAME') return 'frame';
      // A field's border eases into its focus colour: read it once the transition has run.
      await Promise.all(active.getAnimations().map((animation) => animation.finished));
      const style = getComputedStyle(active);
      if (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') return 'visible';
      // Mantine's fields show focus by their border's colour: compare with a field of the same kind at rest.
      const resting = [...document.querySelectorAll(`${active.tagName}.${[...active.classList].join('.')}`)].find((one) => one !== active);
      if (resting && getComputedStyle(resting).borderColor !== style.borderColor) return 'visible';
      return `unmarked ${active.outerHTML.slice(0, 120)}`;
    });
    expect(['visible', 'frame']).toContain(focus);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Pays on the buyer's page by keyboard alone: the button named `action`, Square's four fields, then Pay. */
export async function payWithSquareByKeyboard(page: Page, action: RegExp) {
  await tabTo(page, page.getByRole('button', { name: action }));
  await page.keyboard.press('Enter');
  const fields = cardFields(page);
  await expect(fields.getByLabel('Card number')).toBeVisible();
  for (const [label, text] of [
    ['Card number', '4111111111111111'],
    ['MM/YY', '1238'],
    ['CVV', '123'],
    ['Postal code', '30601'],
  ] as const) {
    await tabTo(page, fields.getByLabel(label));
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByRole('button', { name: /^Pay \$/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your Commission' })).toBeFocused();
}
