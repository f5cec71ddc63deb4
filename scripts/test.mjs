#!/usr/bin/env node
// `npm test`: every test, then one line of totals (`N passed, N failed`).
//   1. the type check (`tsc -p tsconfig.json --noEmit`, TypeScript 7) and the lint (`eslint .`, the
//      layer rules of ARCHITECTURE.md included), each counted as one test, then unit, server
//      contract and sync-engine scenario tests (vitest)
//   2. browser end-to-end tests (vitest + Playwright + Debian's Chromium, against a production build),
//      the benchmark's smoke run among them (tests/e2e/bench-smoke.e2e.ts: it must complete; figures
//      are not checked)
// Set TEST_ONLY=unit|e2e|bench to run one part (the type check and the lint run with unit).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (n) => path.join(root, 'node_modules', '.bin', n);
const only = process.env.TEST_ONLY;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-results-'));
let passed = 0;
let failed = 0;
/** Names of what failed, repeated just above the totals so the end of a CI log says what to look at. */
const failures = [];
/** How long each test file took, for the ten slowest above the totals. */
const fileTimes = [];

function vitest(name, args) {
  const out = path.join(tmp, `${name}.json`);
  const r = spawnSync(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    for (const f of j.testResults ?? []) {
      const file = path.relative(root, f.name ?? '');
      if (f.startTime && f.endTime) fileTimes.push({ file, seconds: (f.endTime - f.startTime) / 1000 });
      const results = f.assertionResults ?? [];
      // A file that failed to load has no tests but is still a failure.
      if (f.status === 'failed' && results.length === 0) {
        failed += 1;
        failures.push(`${file}: ${(f.message ?? 'failed to load').split('\n')[0]}`);
      }
      for (const a of results) {
        if (a.status !== 'failed') continue;
        const why = (a.failureMessages ?? [])[0]?.split('\n')[0] ?? '';
        failures.push(`${file} > ${a.fullName ?? a.title}${why ? ` — ${why.slice(0, 200)}` : ''}`);
      }
    }
  } else if (r.status !== 0) {
    failed += 1;
    failures.push(`${name}: vitest exited ${r.status ?? r.signal} without results`);
  }
}

/** Runs one whole-tree check as one test: counted once, its output printed only when it fails. */
function check(name, command, args) {
  const started = Date.now();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  fileTimes.push({ file: `(${name.toLowerCase()})`, seconds: (Date.now() - started) / 1000 });
  if (r.status === 0) {
    passed += 1;
    console.log(`${name} passed.`);
    return;
  }
  failed += 1;
  failures.push(name);
  process.stdout.write(r.stdout || '');
  process.stderr.write(r.stderr || '');
  if (r.error) console.error(r.error.message);
  console.error(`${name} failed (exited ${r.status ?? r.signal}).`);
}

/**
 * The whole tree type-checks (vitest and vite only strip types). TypeScript 7 is installed as the
 * `tsgo` alias (package.json; eslint.config.js says why), so its bin is called by path.
 */
function typecheck() {
  console.log('\nType check: tsc -p tsconfig.json --noEmit (TypeScript 7)');
  check('Type check', process.execPath, [
    path.join(root, 'node_modules', 'tsgo', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit', '--pretty', process.env.CI ? 'false' : 'true',
  ]);
}

/** The lint, the same as `npm run lint`: any error or warning fails it. */
function lint() {
  console.log('\nLint: eslint . --max-warnings 0');
  check('Lint', bin('eslint'), ['.', '--max-warnings', '0']);
}

function chromiumReady() {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(p)) return true;
  console.error(`\nChromium is missing at ${p}: the browser tests need Debian's chromium (apt-get install -y chromium; .ci/run installs it).`);
  return false;
}

if (!only || only === 'unit') {
  typecheck();
  lint();
  vitest('unit', []);
}
if (!only || only === 'e2e' || only === 'bench') {
  // The benchmark's smoke run is one of the browser test files (tests/e2e/bench-smoke.e2e.ts).
  if (chromiumReady()) vitest('e2e', ['--config', 'vitest.e2e.config.ts', ...(only === 'bench' ? ['tests/e2e/bench-smoke.e2e.ts'] : [])]);
  else {
    failed += 1;
    failures.push('Browser tests: Chromium is missing');
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
if (fileTimes.length > 0) {
  const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  console.log(`\nThe ten slowest test files:\n${slowest.map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${t.file}`).join('\n')}`);
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
