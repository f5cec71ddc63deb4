import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{unit,server,sync}/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'worker/**/*.test.ts'],
    environment: 'node',
    // Node 20 has no Temporal; the app installs the polyfill where it is missing (src/lib/temporal.ts).
    setupFiles: ['tests/setup-temporal.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
