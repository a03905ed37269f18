import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Each API answer the tests receive is checked against the API document (tests/support/contract.ts).
    setupFiles: ['tests/support/contract-setup.ts'],
    // API test files each start a server on their own database and spend much of their time waiting on it (on child
    // processes, timeouts, PostgreSQL), so three files run at a time even on 2 cores (vitest's default there is one):
    // the whole pass took 151 and 162 s against 168 and 182 s with two, all passing, on a 2-core machine that other
    // work was loading (2026-11-28, the two settings run alternately). Files share a worker's loaded modules
    // (vitest's own advice for speed when tests keep no module state between files): each file still starts its
    // own server, database and fakes, and loading the server's modules once per worker instead of once per file
    // saves about a minute of CPU per run.
    maxWorkers: 3,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: 'node',
  },
});
