import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{unit,server,sync}/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'worker/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
