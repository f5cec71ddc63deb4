import type { DB } from '../db/index.ts';

export interface SeedOptions {
  /** Volume multiplier: 1 is the demo world; the largest benchmark scale gives 5,000+ classes, 2,000 conversations, 50,000 messages. */
  scale?: number;
  /** The seed of the random generator (same seed, same world). */
  seed?: number;
  /** "Now" of the seeded world, ms; dates are generated relative to it. */
  now?: number;
}

/** TODO(seed helper): the deterministic world generator. */
export function seed(_db: DB, _opts: SeedOptions = {}): void {}

/** Seeds when the database holds no user; returns whether it did. */
export function seedIfEmpty(db: DB, opts: SeedOptions = {}): boolean {
  const n = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  if (n > 0) return false;
  seed(db, opts);
  return true;
}
