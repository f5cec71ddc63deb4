import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{unit,server,sync}/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'worker/**/*.test.ts'],
    environment: 'node',
    // Node 20 has no Temporal; the app installs the polyfill where it is missing (src/lib/temporal.ts).
    setupFiles: ['tests/setup-temporal.ts'],
    pool: 'forks',
    // Every core (Vitest's default leaves one free: a single worker on this 2-core machine).
    // VITEST_MAX_WORKERS still overrides it.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
