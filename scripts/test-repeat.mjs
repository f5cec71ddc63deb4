#!/usr/bin/env node
// `npm run test:repeat -- <file> [n] [--cpu R] [--load K] [--latency MS[:PATH,...]]`: runs one test file n times in a row (default 10)
// and prints, per test, how many runs it passed — to find a flaky test before CI does.
//   --cpu R   browser tests: every tab runs with its CPU slowed R× (CDP Emulation.setCPUThrottlingRate,
//             through the harness's E2E_CPU_THROTTLE), as on a phone or a busy CI machine
//   --load K  K busy processes run beside the tests, as a machine doing other work (2 cores here)
//   --latency MS[:PATH,...]  browser tests: the reference server answers every API call (or those
//             whose path starts with a PATH, e.g. 300:/api/calendar) MS ms late (its FAULT_LATENCY_MS
//             and FAULT_LATENCY_PATHS, through the harness's E2E_SERVER_LATENCY), as over a phone's
//             network: a test that reads the page before its data has come finds it free
//   -t NAME   only the tests whose name matches NAME (vitest's -t)
// A browser test file (`*.e2e.ts`) is run with vitest.e2e.config.ts; the client is built once, before
// the first run (not with E2E_SKIP_BUILD=1 and a build in dist/), and every run serves that build.
// Exits 1 when any test failed at least once.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return null;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const cpu = Number(flag('--cpu') ?? 0);
const load = Number(flag('--load') ?? 0);
const latency = flag('--latency') ?? '';
if (latency && !/^\d+(:\/[^\s]*)?$/.test(latency)) {
  console.error(`--latency takes MS or MS:/api/path[,/api/other], not "${latency}"`);
  process.exit(2);
}
const only = flag('-t');
const [file, nArg] = args;
if (!file || !fs.existsSync(file)) {
  console.error('usage: npm run test:repeat -- <test file> [n] [--cpu R] [--load K] [--latency MS[:PATH,...]] [-t NAME]');
  process.exit(2);
}
const n = Number(nArg ?? 10);
if (!Number.isInteger(n) || n < 1) {
  console.error(`n must be a positive whole number, not "${nArg}"`);
  process.exit(2);
}
const e2e = file.endsWith('.e2e.ts');
const bin = (b) => path.join(root, 'node_modules', '.bin', b);

// E2E_SKIP_BUILD=1 serves the build already in dist/ (two repeats at once would build into it together).
if (e2e && !(process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(root, 'dist', 'index.html')))) {
  const r = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(1);
}

const burners = [];
for (let i = 0; i < load; i++) burners.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stopBurners);
process.on('SIGINT', () => process.exit(130));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-repeat-'));
/** test name → { passed, failed, firstError } */
const tally = new Map();
const times = [];
for (let run = 1; run <= n; run++) {
  const out = path.join(tmp, `run-${run}.json`);
  const started = Date.now();
  spawnSync(bin('vitest'), ['run', ...(e2e ? ['--config', 'vitest.e2e.config.ts'] : []), file, ...(only ? ['-t', only] : []), '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, FORCE_COLOR: '0', ...(e2e ? { E2E_SKIP_BUILD: '1' } : {}), ...(cpu > 1 ? { E2E_CPU_THROTTLE: String(cpu) } : {}), ...(latency ? { E2E_SERVER_LATENCY: latency } : {}) },
  });
  times.push((Date.now() - started) / 1000);
  let results = [];
  if (fs.existsSync(out)) results = JSON.parse(fs.readFileSync(out, 'utf8')).testResults?.flatMap((f) => f.assertionResults ?? []) ?? [];
  if (results.length === 0) results = [{ fullName: '(the file did not run)', status: 'failed', failureMessages: ['no results'] }];
  let failedNow = 0;
  for (const a of results) {
    // Tests left out by -t (skipped) are not counted.
    if (a.status !== 'passed' && a.status !== 'failed') continue;
    const name = a.fullName ?? a.title;
    const t = tally.get(name) ?? { passed: 0, failed: 0, firstError: '' };
    if (a.status === 'passed') t.passed += 1;
    else if (a.status === 'failed') {
      t.failed += 1;
      failedNow += 1;
      t.firstError ||= (a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
    }
    tally.set(name, t);
  }
  console.log(`run ${run}/${n}: ${failedNow === 0 ? 'passed' : `${failedNow} failed`} (${times.at(-1).toFixed(1)} s)`);
}
stopBurners();
fs.rmSync(tmp, { recursive: true, force: true });

console.log(`\n${file}: ${n} runs${cpu > 1 ? `, CPU ×${cpu}` : ''}${load ? `, ${load} busy processes` : ''}${latency ? `, the server ${latency.replace(':', ' ms late on ')}${latency.includes(':') ? '' : ' ms late'}` : ''}`);
let flaky = 0;
for (const [name, t] of tally) {
  if (t.failed) flaky += 1;
  console.log(`  ${String(t.passed).padStart(3)}/${t.passed + t.failed}  ${name}${t.failed ? `\n          first error: ${t.firstError}` : ''}`);
}
console.log(`${flaky === 0 ? 'every test passed every run' : `${flaky} test(s) failed at least once`}`);
process.exit(flaky === 0 ? 0 : 1);
