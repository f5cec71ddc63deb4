import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The production build the browser tests and the benchmark serve: `dist/`, built now unless
 * `E2E_SKIP_BUILD=1` finds one there. `E2E_DIST=<dir>` with `E2E_SKIP_BUILD=1` names a build made
 * elsewhere (e.g. into its own outDir while others build dist/, or the e2e run's private copy).
 */
export function productionBuild(root = process.cwd()): string {
  const skip = process.env.E2E_SKIP_BUILD === '1';
  const given = process.env.E2E_DIST;
  if (skip && given && fs.existsSync(path.join(given, 'index.html'))) return given;
  const dist = path.join(root, 'dist');
  if (!(skip && fs.existsSync(path.join(dist, 'index.html')))) {
    console.log('building the client (vite build)');
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would build React's development runtime into the bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  return dist;
}

/** Builds the client once for the whole e2e run (the tests serve it with the reference server). */
export default function setup() {
  const built = productionBuild();
  // The tests serve a private copy, so another build meanwhile cannot pull files from under them.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-e2e-dist-'));
  fs.cpSync(built, copy, { recursive: true });
  process.env.E2E_DIST = copy;
  return () => fs.rmSync(copy, { recursive: true, force: true });
}
