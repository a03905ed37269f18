import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, testChromiumPath } from './scripts/chromium-path.mjs';

export default defineConfig({
  testDir: 'tests/e2e',
  // The browser tests mostly wait (on the shop, its database, the browser), so more workers than cores finish sooner:
  // with three the whole run took 207 and 183 s, with two 237 s, all passing, on a 2-core machine that other work was
  // loading (2026-11-28). Each worker has a shop of its own (tests/e2e/support/shop-port.ts), and each file may
  // change its shop's data (stock, posts), so a worker runs its files one after another.
  workers: 3,
  fullyParallel: false,
  forbidOnly: true,
  // No retries: a test that fails once is a request the shop lost or a test that races the page, and either is
  // found and fixed, not hidden.
  retries: 0,
  // Generous: this machine's speed varies several-fold between days (a long journey took 44 s with the browser
  // tests alone and over 60 s beside the API tests); expectations keep their own 10 s limit.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // baseURL: each worker's own shop, set by tests/e2e/support/test.ts.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS } } },
  ],
  // One PostgreSQL server for the run, a migrated template database on it, and one shop per worker on a copy of it
  // (tests/e2e/support/global-setup.ts).
  globalSetup: './tests/e2e/support/global-setup.ts',
});
