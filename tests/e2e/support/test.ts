// Playwright's test on this worker's shop (support/shop-port.ts), with pages that wait for the app to have taken over
// a server-rendered page before a test clicks: the server's HTML shows buttons before their handlers exist (a person
// clicking that early would simply click again; a test would fail).
import { expect, test as playwrightTest, type Page, type Response } from '@playwright/test';
import { e2ePort } from './shop-port';

/** Playwright's test browsing this worker's shop, for pages that run no script. */
export const plainTest = playwrightTest.extend({
  baseURL: `http://127.0.0.1:${e2ePort()}`,
});

async function untilReady(page: Page, response: Response | null): Promise<Response | null> {
  if (response?.headers()['content-type']?.startsWith('text/html')) await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  return response;
}

export const test = plainTest.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => untilReady(page, await goto(url, options));
    page.reload = async (options) => untilReady(page, await reload(options));
    await use(page);
  },
});

export { expect };
