import type { Locator, Page, TestInfo } from '@playwright/test';

/** Whether this run was asked for the pictures a person looks at: `SCREENSHOTS=1 npx playwright test`. */
export const screenshotsAsked = () => process.env.SCREENSHOTS === '1';

/**
 * A picture of what a test shows, for a person to look at (the journey on a phone and a desktop): taken only when
 * asked, into the test's output folder. Nothing compares them, so a run that did not ask takes none; a failing
 * test's own picture is Playwright's (`screenshot: 'only-on-failure'`).
 */
export async function keepScreenshot(target: Page | Locator, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  if (!screenshotsAsked()) return;
  const path = testInfo.outputPath(name);
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}
