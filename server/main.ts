import path from 'node:path';
import { startServer } from './index.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedIfEmpty } from './seed/index.ts';

/** `npm start` / `npm run server`: seed the demo world when the database is empty, then serve. */
const config = configFromEnv(process.env, { demo: true });
const db = openDatabase(config.dataDir);
const seeded = seedIfEmpty(db, { scale: Number(process.env.SEED_SCALE || 1) });
const server = await startServer({ ...config, db, clientDir: path.resolve(process.env.CLIENT_DIR || 'dist') });
console.log(`\n  Tutoring client and reference server on ${server.url}`);
console.log(seeded ? '  Seeded the demo data.' : `  Demo data from ${config.dataDir}.`);
console.log('  Demo accounts (password "password"): student@example.com, teacher@example.com');
console.log(config.devMailbox ? `  Emails it would send (confirmation and reset codes): ${server.url}/dev/mail\n` : '');

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void server.close().then(() => process.exit(0));
  });
}
