import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The server contract and sync-engine scenario tests share their modules within a worker (no
 * per-file isolation): each file starts its own server or engine, and re-importing the server and
 * the engine for every one of their ~60 files took about a third of the unit run. The files that
 * mock modules, stub globals or fake timers, and every component test (a DOM that would carry over
 * from file to file), stay isolated.
 */
const SHARED = ['tests/server/**/*.test.ts', 'tests/sync/**/*.test.ts'];
const ISOLATED = [
  'tests/unit/**/*.test.{ts,tsx}', 'tests/sync/**/*.test.tsx', 'src/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'worker/**/*.test.ts',
  // Fake timers or stubbed globals.
  'tests/sync/conditional-poll.test.ts', 'tests/sync/load-failures.test.ts', 'tests/sync/spec-shaped-backend.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Node 20 has no Temporal; the app installs the polyfill where it is missing (src/lib/temporal.ts).
    setupFiles: ['tests/setup-temporal.ts'],
    pool: 'forks',
    // Every core (Vitest's default leaves one free: a single worker on this 2-core machine).
    // VITEST_MAX_WORKERS still overrides it.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
