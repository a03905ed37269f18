import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: 'tests/e2e',
  // Each file may change shared data (stock, posts), so files run one after another on one server.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  // No retries: a test that fails once is a request the shop lost or a test that races the page, and either is
  // found and fixed, not hidden.
  retries: 0,
  // Generous: this machine's speed varies several-fold between days; expectations keep their own 10 s limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    // The built app on a fresh database of its own, with the demo catalogue.
    command: `node --import tsx tests/e2e/support/serve.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
