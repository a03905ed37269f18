import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, testChromiumPath } from './scripts/chromium-path.mjs';
import { BASE_PORT, PORTS_PER_WORKER } from './tests/e2e/support/shop-port';

// The browser tests mostly wait (on the shop, its database, the browser), so two workers finish in about half the
// time even on two cores. Each worker has a shop of its own (tests/e2e/support/shop-port.ts).
const WORKERS = 2;

export default defineConfig({
  testDir: 'tests/e2e',
  // Each file may change its shop's data (stock, posts), so a worker runs its files one after another.
  workers: WORKERS,
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
  // One shop per worker: the built app on a fresh database of its own, with the demo catalogue.
  webServer: Array.from({ length: WORKERS }, (_, worker) => {
    const port = BASE_PORT + PORTS_PER_WORKER * worker;
    return {
      command: `node --import tsx tests/e2e/support/serve.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      env: { E2E_PORT: String(port) },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    };
  }),
});
