import type { DB } from '../db/index.ts';
import { buildWorld, type WorldSummary } from './world.ts';

export interface SeedOptions {
  /** Volume multiplier: 1 is the demo world; the largest benchmark scale gives 5,000+ classes, 2,000 conversations, 50,000 messages. */
  scale?: number;
  /** The seed of the random generator (same seed, same world). */
  seed?: number;
  /** "Now" of the seeded world, ms; dates are generated relative to it. */
  now?: number;
}

/** The scale the benchmarks use: 8,000+ classes, 2,000+ conversations, 58,000 messages, a 7,000-message demo conversation. */
export const LARGEST_SCALE = 20;
export const DEFAULT_SEED = 1;

/**
 * Seeds the deterministic demo world into an empty database, in one transaction (see world.ts
 * for what it holds). Same `seed` and `now`, same rows. Demo accounts, all with password
 * "password": student@example.com (parent of maryam.child@ and ibrahim.child@example.com),
 * teacher@example.com, support@example.com, admin@example.com.
 */
export function seed(db: DB, opts: SeedOptions = {}): WorldSummary {
  return buildWorld(db, {
    scale: opts.scale && opts.scale > 0 ? opts.scale : 1,
    seed: opts.seed ?? DEFAULT_SEED,
    now: opts.now ?? Date.now(),
  });
}

/** Seeds when the database holds no user; returns whether it did. */
export function seedIfEmpty(db: DB, opts: SeedOptions = {}): boolean {
  const n = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  if (n > 0) return false;
  seed(db, opts);
  return true;
}
