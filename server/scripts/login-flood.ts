/**
 * Login-flood measurement (issue 19, finding 4): `/home` latency for a signed-in user, first alone,
 * then while 10 clients keep sending wrong passwords to `/login`.
 *
 *   npx tsx server/scripts/login-flood.ts [--seconds 8] [--flooders 10] [--rate-limit-factor 0]
 *
 * `--rate-limit-factor 0` turns the rate limits off, to see what the hashing alone costs. The clients
 * run in worker threads of the same process (their own event loops, the same 2 cores).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '../index.ts';
import { openDatabase } from '../db/index.ts';
import { seed } from '../seed/index.ts';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const SECONDS = arg('seconds', 8);
const FLOODERS = arg('flooders', 10);
const READERS = 2;
const factor = process.argv.includes('--rate-limit-factor') ? arg('rate-limit-factor', 1) : undefined;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-flood-'));
const db = openDatabase(dataDir);
seed(db, { scale: 1 });
const log = console.log;
console.log = () => {};
const server = await startServer({
  port: 0, host: '127.0.0.1', dataDir, db,
  ...(factor !== undefined ? { rateLimit: { factor } } : {}),
});
const base = `${server.url}/api`;

const login = await fetch(`${base}/login`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'student@example.com', password: 'password' }),
});
const { token } = (await login.json()) as { token: string };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

/**
 * The clients run in worker threads, off the server's event loop (as real clients would be): one
 * thread reads /home with READERS sequential loops, another sends wrong passwords with FLOODERS.
 */
const CLIENT = `
const { parentPort, workerData: w } = require('node:worker_threads');
(async () => {
  const until = Date.now() + w.ms;
  const times = [];
  const statuses = {};
  const home = async () => {
    while (Date.now() < until) {
      const t0 = performance.now();
      const r = await fetch(w.base + '/home', { headers: { Authorization: 'Bearer ' + w.token, Accept: 'application/json' } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error('/home ' + r.status);
      times.push(performance.now() - t0);
    }
  };
  const flood = async (n) => {
    while (Date.now() < until) {
      const r = await fetch(w.base + '/login', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: n % 2 ? 'student@example.com' : 'nobody' + n + '@example.com', password: 'wrong-' + Math.random() }),
      });
      await r.arrayBuffer();
      statuses[r.status] = (statuses[r.status] || 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: w.n }, (_, i) => (w.kind === 'home' ? home() : flood(i))));
  parentPort.postMessage({ times, statuses });
})();
`;

function client(kind: 'home' | 'flood', n: number): Promise<{ times: number[]; statuses: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(CLIENT, { eval: true, workerData: { kind, n, base, token, ms: SECONDS * 1000 } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

async function phase(withFlood: boolean) {
  const [reads, flood] = await Promise.all([client('home', READERS), withFlood ? client('flood', FLOODERS) : null]);
  const times = reads.times;
  return { n: times.length, perSecond: times.length / SECONDS, p50: pct(times, 50), p95: pct(times, 95), statuses: flood?.statuses ?? {} };
}

await phase(false); // warm-up
const quiet = await phase(false);
const flooded = await phase(true);
log(JSON.stringify({ rateLimitFactor: factor ?? 'default', quiet, flooded, p95Ratio: +(flooded.p95 / quiet.p95).toFixed(2) }, null, 1));
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
