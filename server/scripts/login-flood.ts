/**
 * Login-flood measurement (issue 19, finding 4): `/home` latency for a signed-in user, first alone,
 * then while 10 clients keep sending wrong passwords to `/login`.
 *
 *   npx tsx server/scripts/login-flood.ts [--seconds 8] [--flooders 10] [--rate-limit-factor 0]
 *
 * `--rate-limit-factor 0` turns the rate limits off, to see what the hashing alone costs. The load
 * runs in the server's own process (as the figures in issue 19 were taken), so it competes with the
 * server for the event loop: the figures are upper bounds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

async function readHome(until: number, out: number[]) {
  while (Date.now() < until) {
    const t0 = performance.now();
    const r = await fetch(`${base}/home`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`/home ${r.status}`);
    out.push(performance.now() - t0);
  }
}

async function flood(until: number, statuses: Map<number, number>, n: number) {
  while (Date.now() < until) {
    const r = await fetch(`${base}/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: n % 2 ? 'student@example.com' : `nobody${n}@example.com`, password: `wrong-${Math.random()}` }),
    });
    await r.arrayBuffer();
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
}

async function phase(withFlood: boolean) {
  const until = Date.now() + SECONDS * 1000;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  await Promise.all([
    ...Array.from({ length: READERS }, () => readHome(until, times)),
    ...(withFlood ? Array.from({ length: FLOODERS }, (_, i) => flood(until, statuses, i)) : []),
  ]);
  return { n: times.length, perSecond: times.length / SECONDS, p50: pct(times, 50), p95: pct(times, 95), statuses: Object.fromEntries(statuses) };
}

await phase(false); // warm-up
const quiet = await phase(false);
const flooded = await phase(true);
log(JSON.stringify({ rateLimitFactor: factor ?? 'default', quiet, flooded, p95Ratio: +(flooded.p95 / quiet.p95).toFixed(2) }, null, 1));
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
