import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/e2e/sequencer.ts';

/** Browser tests: Playwright driving Debian's Chromium against a production build and the reference server. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time (each has its own server, database and browsers): a file alone keeps
    // about 1.5 of this machine's 2 cores busy. E2E_WORKERS=1 runs one file at a time.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { sequencer: LongestFirst },
    testTimeout: 90_000,
    hookTimeout: 180_000,
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Each file's CPU seconds (tests/e2e/cpu-time.ts), for the slowest-files list of npm test, and
    // the file's headless shell closed after its tests (tests/e2e/close-browser.ts; after-hooks run
    // in reverse, so before the CPU is read).
    setupFiles: ['tests/e2e/cpu-time.ts', 'tests/e2e/close-browser.ts'],
  },
});
