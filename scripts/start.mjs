#!/usr/bin/env node
// `npm start`: build the client when it is missing or older than its sources, then serve it with the
// reference server (API under /api, realtime socket, seeded demo data on first run).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'worker', 'db', 'public', 'index.html', 'vite.config.ts', 'scripts/sw-precache.ts', 'scripts/prerender.ts', 'scripts/after-build.ts', 'package.json'].map((p) => path.join(root, p));
const stale = !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
if (stale || process.argv.includes('--build')) {
  console.log('Building the client (vite build)...');
  const r = spawnSync(bin('vite'), ['build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(bin('tsx'), ['server/main.ts'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
