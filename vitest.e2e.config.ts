import { defineConfig } from 'vitest/config';

/** Browser tests: Playwright driving Debian's Chromium against a production build and the reference server. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    // One browser at a time: 2 cores, and several tests run two browser contexts each.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    globalSetup: ['tests/e2e/global-setup.ts'],
  },
});
