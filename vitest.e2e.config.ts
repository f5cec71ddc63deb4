import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/e2e/sequencer.ts';

/** Browser tests: Playwright driving Debian's Chromium against a production build and the reference server. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    // A worker keeps its modules from file to file (the harness, the reference server, Playwright):
    // each file imported them again, about a second of CPU per file. Every file still starts its own
    // server, database and headless shell (tests/e2e/close-browser.ts closes it after the file), and
    // the files' own top-level state is theirs. Eight files (2 December): setup 17.5 → 6.2 s, the
    // run 82.9 → 77.5 s, CPU 142 → 134 s.
    isolate: false,
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
