import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { seed, DEFAULT_SEED } from './index.ts';
import { writeDemoAssets } from './assets.ts';

/**
 * `npm run seed -- [--reset] [--scale N] [--seed N] [--assets]`
 *
 * Seeds the demo world into DATA_DIR (default ./.data). `--reset` deletes the database files
 * first; without it an existing non-empty database is left alone. `SEED_SCALE` and `SEED` in the
 * environment work too. `--assets` (re)writes the generated course cards, avatars and media into
 * public/ (they are committed; only needed after changing assets.ts).
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const value = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
};

if (flag('help') || flag('h')) {
  console.log('Usage: npm run seed -- [--reset] [--scale N] [--seed N] [--assets]   (DATA_DIR, SEED_SCALE, SEED from the environment)');
  process.exit(0);
}

const scale = Number(value('scale') ?? process.env.SEED_SCALE ?? 1);
const seedValue = Number(value('seed') ?? process.env.SEED ?? DEFAULT_SEED);
if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number, got ${value('scale')}`);
if (!Number.isFinite(seedValue)) throw new Error(`--seed must be a number, got ${value('seed')}`);

if (flag('assets')) {
  const written = writeDemoAssets(path.resolve('public'));
  console.log(`Wrote ${written.length} demo assets under public/.`);
}

const { dataDir } = configFromEnv();
if (flag('reset')) {
  for (const f of ['app.sqlite', 'app.sqlite-wal', 'app.sqlite-shm']) fs.rmSync(path.join(dataDir, f), { force: true });
}
const db = openDatabase(dataDir);
const users = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
if (users > 0) {
  console.log(`${dataDir} already holds data (${users} users); use --reset to start over.`);
  db.close();
  process.exit(0);
}
const t0 = performance.now();
const summary = seed(db, { scale, seed: seedValue });
const ms = Math.round(performance.now() - t0);
db.close();
console.log(`Seeded ${dataDir} at scale ${scale} (seed ${seedValue}) in ${ms} ms:`);
console.log(
  `  ${summary.users} users (${summary.teachers} teachers, ${summary.students} students), ${summary.courses} courses, ` +
    `${summary.enrollments} enrolments, ${summary.classes} classes, ${summary.conversations} conversations, ` +
    `${summary.messages} messages, ${summary.notifications} notifications, ${summary.transactions} transactions`,
);
console.log('  Demo accounts (password "password"): student@example.com, teacher@example.com, maryam.child@example.com, ibrahim.child@example.com');
