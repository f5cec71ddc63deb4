import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects:
 * - `shared`: the server contract and sync-engine scenario tests share their modules within a
 *   worker (no per-file isolation). Each file starts its own server or engine, and re-importing the
 *   server and the engine for every one of their ~60 files took about a third of the unit run.
 * - `isolated`: the unit and component tests (a DOM would carry over from file to file; some mock
 *   modules). They open no database: `vitest run --project isolated` needs no native module.
 * - `isolated-db`: the sync scenarios that render React components, against the reference server.
 */
const SHARED = ['tests/server/**/*.test.ts', 'tests/sync/**/*.test.ts'];
const ISOLATED = ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'worker/**/*.test.ts'];
const ISOLATED_DB = ['tests/sync/**/*.test.tsx'];
/**
 * Packages bundled into one file each (Vitest's dependency optimizer, esbuild) instead of being
 * imported module by module in every isolated test file: Chakra alone is hundreds of modules. The
 * unit run took 128 s (76 s of it importing, summed over workers) and now 104 s (33 s).
 */
const BUNDLED = [
  '@chakra-ui/react', '@chakra-ui/react/theme', '@chakra-ui/react/anatomy', '@emotion/react', 'react', 'react-dom', 'react-dom/client',
  'react/jsx-runtime', 'react-router', '@tanstack/react-db', '@tanstack/db', 'intl-messageformat', 'zod', 'zod/mini', 'react-virtuoso',
  'temporal-polyfill', 'comlink', 'libphonenumber-js', 'yet-another-react-lightbox',
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
    deps: { optimizer: { client: { enabled: true, include: BUNDLED }, ssr: { enabled: true, include: BUNDLED } } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'isolated-db', include: ISOLATED_DB } },
    ],
  },
});
