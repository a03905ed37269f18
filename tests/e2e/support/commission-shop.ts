// The shop of the commission specs: its card provider is Square (a fake square.js at Square's CDN address, a local
// fake of Square's Payments API), started once per spec file on a port of the worker's own.
import type { Browser } from '@playwright/test';
import fs from 'node:fs';
import { FakeSquare } from '../../support/fake-square';
import { renderedEmails } from '../../support/outbox';
import { e2eDatabaseUrlFile } from './database';
import { routeFakeSquareSdk } from './fake-square-js';
import { startShop, type ShopProcess } from './shop-process';
import { e2ePort } from './shop-port';
import { expect, test } from './test';

/** Starts the shop for the calling spec file's tests (their baseURL) and stops it after them. */
export function useCommissionShop() {
  const port = e2ePort() + 12;
  let square: FakeSquare | undefined;
  let shop: ShopProcess | undefined;

  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    square = await new FakeSquare().start();
    shop = await startShop(port, square.shopSettings());
  });
  test.afterAll(async () => {
    await shop?.stop();
    await square?.stop();
  });

  const fakeSquare = () => square!;
  return {
    fakeSquare,
    /** The link of the newest email of `kind` to `address` (the buyer's signed page). */
    emailedLink: async (kind: string, address: string) => {
      const rows = await renderedEmails<{ text: string }>(
        fs.readFileSync(e2eDatabaseUrlFile(port), 'utf8'),
        `select text from outbox_email where kind = $1 and to_address = $2 order by id desc limit 1`,
        [kind, address],
      );
      return /(https?:\/\/\S+\/commissions\/[A-Za-z0-9_.-]+)/.exec(rows[0]!.text)![1]!;
    },
    /** The buyer's page in a browser of its own (no cookie of the one that asked), with Square's SDK faked. */
    buyerBrowser: async (browser: Browser, link: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await routeFakeSquareSdk(page, fakeSquare());
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Your Commission', level: 1 })).toBeVisible();
      return { context, page };
    },
  };
}
