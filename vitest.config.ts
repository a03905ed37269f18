import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Each API answer the tests receive is checked against the API document (tests/support/contract.ts).
    setupFiles: ['tests/support/contract-setup.ts'],
    // API test files each start a server on their own database; two cores run two at a time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: 'node',
  },
});
