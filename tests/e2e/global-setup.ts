import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Builds the client once for the whole e2e run (the tests serve dist/ with the reference server).
 * `E2E_DIST=<dir>` with `E2E_SKIP_BUILD=1` serves that build instead (one built elsewhere, e.g.
 * into its own outDir while others build dist/).
 */
export default function setup() {
  const root = process.cwd();
  const given = process.env.E2E_SKIP_BUILD === '1' && process.env.E2E_DIST && fs.existsSync(path.join(process.env.E2E_DIST, 'index.html')) ? process.env.E2E_DIST : null;
  if (!given && !(process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(root, 'dist', 'index.html')))) {
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would build React's development runtime into the bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  // The tests serve a private copy, so another build meanwhile cannot pull files from under them.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-e2e-dist-'));
  fs.cpSync(given ?? path.join(root, 'dist'), copy, { recursive: true });
  process.env.E2E_DIST = copy;
  return () => fs.rmSync(copy, { recursive: true, force: true });
}
