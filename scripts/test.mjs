#!/usr/bin/env node
// `npm test`: every test, then one line of totals (`N passed, N failed`).
//   1. the type check (`tsc -p tsconfig.json --noEmit`, TypeScript 7) and the lint (`eslint .`, the
//      layer rules of ARCHITECTURE.md included), each counted as one test, then unit, server
//      contract and sync-engine scenario tests (vitest)
//   2. browser end-to-end tests (vitest + Playwright + Debian's Chromium, against a production build),
//      the benchmark's smoke run among them (tests/e2e/bench-smoke.e2e.ts: it must complete; figures
//      are not checked)
// Set TEST_ONLY=unit|e2e|bench to run one part (the type check and the lint run with unit).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (n) => path.join(root, 'node_modules', '.bin', n);
const only = process.env.TEST_ONLY;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-results-'));
// Each browser test file writes the CPU seconds it used here (tests/e2e/cpu-time.ts).
const cpuDir = path.join(tmp, 'cpu');
fs.mkdirSync(cpuDir);
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
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', TEST_CPU_DIR: cpuDir },
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

/**
 * better-sqlite3's native module, when it is not built yet: .ci/run installs with `npm ci
 * --ignore-scripts`, and its build (compiled from source here: about 45 s of one core) runs beside
 * the type check, the lint and the client's build, which do not need it. Resolves once it is built.
 */
function startNativeBuild() {
  if (fs.existsSync(path.join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))) return null;
  console.log("\nBuilding better-sqlite3's native module (npm rebuild better-sqlite3), beside the checks");
  const log = path.join(tmp, 'native-build.log');
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  // SQLite's amalgamation at -O1 instead of the package's -O3: 86 → 42 s of one core here, and the
  // server contract tests took the same time with either (41–44 s, two runs each; 1 December).
  // A CFLAGS of one's own is kept.
  const env = { ...process.env, CFLAGS: process.env.CFLAGS ?? '-O1' };
  const child = spawn('npm', ['rebuild', 'better-sqlite3', '--foreground-scripts'], { stdio: ['ignore', out, out], env });
  return new Promise((resolve) => {
    const done = (code) => {
      fs.closeSync(out);
      console.log(`better-sqlite3's native module: ${code === 0 ? 'built' : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (code !== 0) {
        failed += 1;
        failures.push("better-sqlite3's native module did not build (npm rebuild better-sqlite3)");
        process.stdout.write(fs.readFileSync(log, 'utf8').slice(-4000));
      }
      resolve();
    };
    child.on('error', (e) => done(e.message));
    child.on('exit', (code, signal) => done(code ?? signal));
  });
}

/** The production build the browser tests serve, made now (beside the native build) instead of in their global setup. */
function buildClient() {
  console.log('\nBuilding the client for the browser tests (vite build)');
  const started = Date.now();
  const r = spawnSync(bin('vite'), ['build', '--logLevel', 'error'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  fileTimes.push({ file: '(client build)', seconds: (Date.now() - started) / 1000 });
  if (r.status === 0) return true;
  failed += 1;
  failures.push('The client build (vite build)');
  return false;
}

const nativeBuild = startNativeBuild();
const browserTests = (!only || only === 'e2e' || only === 'bench') && chromiumReady();
if (!only || only === 'unit') {
  typecheck();
  lint();
}
// Built here while the native module compiles; the browser tests' global setup then skips its own.
const clientBuilt = browserTests && nativeBuild !== null && buildClient();
// The unit tests wait for it: run beside the compiler, those that open no database took the core it
// needs (it built in 147 s instead of 93) and the whole took longer, not shorter.
await nativeBuild;
if (!only || only === 'unit') vitest('unit', []);
if (!only || only === 'e2e' || only === 'bench') {
  // The benchmark's smoke run is one of the browser test files (tests/e2e/bench-smoke.e2e.ts).
  if (clientBuilt) process.env.E2E_SKIP_BUILD = '1';
  if (browserTests) vitest('e2e', ['--config', 'vitest.e2e.config.ts', ...(only === 'bench' ? ['tests/e2e/bench-smoke.e2e.ts'] : [])]);
  else {
    failed += 1;
    failures.push('Browser tests: Chromium is missing');
  }
}
const cpuOf = new Map(
  fs.readdirSync(cpuDir).map((f) => {
    const { file, seconds } = JSON.parse(fs.readFileSync(path.join(cpuDir, f), 'utf8'));
    return [path.relative(root, file), seconds];
  }),
);
fs.rmSync(tmp, { recursive: true, force: true });
if (fileTimes.length > 0) {
  // A browser test file's CPU seconds too (its process and its browsers): two files share the two
  // cores, so what a file costs the run is nearer its CPU time than its wall time.
  const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  const cpu = (t) => (cpuOf.has(t.file) ? `${cpuOf.get(t.file).toFixed(1).padStart(6)} s CPU` : ' '.repeat(12));
  console.log(`\nThe ten slowest test files:\n${slowest.map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${cpu(t)}  ${t.file}`).join('\n')}`);
  if (cpuOf.size > 0) {
    const total = [...cpuOf.values()].reduce((n, s) => n + s, 0);
    const byCpu = [...cpuOf].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(`\nThe browser test files that used the most CPU (${total.toFixed(0)} s in all):\n${byCpu.map(([f, s]) => `  ${s.toFixed(1).padStart(6)} s  ${f}`).join('\n')}`);
  }
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
