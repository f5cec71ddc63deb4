// ESLint (flat config): `npm run lint`, and inside `npm test` beside the type check.
//
// TypeScript 7 and 5.9 side by side (package.json):
//   "typescript": "~5.9.3"                  the JS compiler API. typescript-eslint (and any other tool
//                                           that does `require('typescript')`) needs it: TypeScript 7 is
//                                           the Go-native compiler and has no JS compiler API, and
//                                           typescript-eslint's peer range stops below 6.1.
//   "tsgo": "npm:typescript@~7.0.2"         the compiler that type-checks the project (an npm alias
//                                           of the real `typescript` 7 package). `npm run typecheck`
//                                           and scripts/test.mjs call its bin by path,
//                                           node_modules/tsgo/bin/tsc. `node_modules/.bin/tsc` (so
//                                           `npx tsc`) is TypeScript 7 too: both packages ship a `tsc`
//                                           bin and npm links bins in sorted path order, first come
//                                           first linked, so `tsgo` wins over `typescript`.
// Keeping `typescript` at 7 and handing typescript-eslint 5.9 through `overrides` does not work:
// typescript is a peer dependency of typescript-eslint, a peer is installed beside its dependant
// (at the root, where 7 already is), and npm stops with ERESOLVE.
//
// Type-unaware on purpose (no `projectService`): the whole tree lints in seconds on 2 cores.
//
// eslint-plugin-import-x resolves imports with unrs-resolver, a native module shipped as one package
// per platform. The registry here has 1.13.0's bindings for Linux only, so with 1.13.0 the lockfile
// lacks the others and `npm ci` stops ("Missing: @unrs/resolver-binding-... from lock file"):
// package.json's `overrides` pins unrs-resolver to 1.12.2, whose bindings are all there. Its
// postinstall only checks for the binding (and would download one), so allowScripts denies it.
//
// Layers (ARCHITECTURE.md, "Parts"): import-x/no-restricted-paths below encodes the table, and the
// rule that a feature reaches another feature only through its public entry,
// src/features/<name>/index.ts. `new URL('../../../worker/shared-worker.ts', import.meta.url)` in
// src/lib is how the tabs start the worker; it is not an import and is allowed.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { defineConfig } from 'eslint/config';
import i18n from './scripts/eslint-plugin-i18n.mjs';

const root = import.meta.dirname;

/** Every folder of src/features: a new feature is covered by the cross-feature rule at once. */
const features = fs
  .readdirSync(path.join(root, 'src', 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/**
 * The folders whose components take every user-facing text from the message catalogue
 * (src/lib/i18n, issue 20): a literal there is a lint error (scripts/eslint-plugin-i18n.mjs). Add a
 * folder here once its feature is converted (src/lib/i18n/README.md).
 */
const TRANSLATED = ['src/app', 'src/components', 'src/features/settings', 'src/features/auth', 'src/features/transactions', 'src/features/salary', 'src/features/schedule', 'src/features/inbox', 'src/features/courses', 'src/features/profile', 'src/features/help', 'src/features/not-found', 'src/features/referral', 'src/features/wallet', 'src/features/family', 'src/features/classes', 'src/features/notifications', 'src/features/calendar', 'src/features/dashboard', 'src/features/my-courses', 'src/features/class-reports'];

const layer = (folder, mayImport) => `${folder}/ may import ${mayImport} (ARCHITECTURE.md, "Parts").`;

const zones = [
  {
    target: './db',
    from: ['./src', './worker', './server', './tests', './bench', './scripts'],
    message: layer('db', 'nothing of src/, worker/, server/: only its own files and packages'),
  },
  {
    target: './worker',
    from: ['./src', './server', './tests', './bench', './scripts'],
    message: layer('worker', 'only db/ (and its own files and packages)'),
  },
  {
    target: './src',
    from: ['./worker', './server', './tests', './bench', './scripts'],
    message: layer(
      'src',
      "only db/ and its own files; the worker is started with new URL('…/worker/shared-worker.ts', import.meta.url), never imported",
    ),
  },
  {
    target: './server',
    from: ['./src', './worker', './db', './tests', './bench', './scripts'],
    message: layer('server', 'nothing of the client (src/, worker/, db/)'),
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: `A feature reaches another feature only through its public entry, src/features/<name>/index.ts (export what is shared there, or move it to src/lib or src/components).`,
  })),
];

export default defineConfig(
  {
    ignores: ['dist/**', 'node_modules/**', 'bench/results/**', 'test-results/**', '.data/**', '.tmp/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Without these two, import-x reads no TypeScript module and no-cycle silently finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Static runtime import cycles (a few seconds of the run). Not counted: `import type` cycles
      // (erased at build time; import-x has no option to count them) and cycles closed by a lazy
      // `import()` (a popup chunk importing its button from the module that loads it), which run
      // after both modules are evaluated.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      // `new Function(...)` is eval: only where a string must run in a page (bench/run.ts says why).
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A live query's last argument is what it reads, as an effect's dependencies (src/lib/engine/live-query.ts).
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^(useLiveQuery|useOptionalLiveQuery)$' }],
    },
    languageOptions: { globals: globals.browser },
  },
  {
    files: TRANSLATED.map((dir) => `${dir}/**/*.{ts,tsx}`),
    plugins: { i18n },
    rules: { 'i18n/no-literal-text': 'error' },
  },
  {
    files: ['worker/**/*.ts'],
    languageOptions: { globals: { ...globals.worker, ...globals.sharedWorker } },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
