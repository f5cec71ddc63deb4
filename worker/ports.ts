import type { WatchKey } from '../db/engine-api.ts';

/**
 * What every part of the worker shares, at the bottom of its imports: time and logging behind
 * interfaces (tests run the engine fast or step it by hand, and read its warnings), and the
 * identity of a watch. It imports only `db/` types; the engine's own dependencies
 * (`engine/deps.ts`) build on it, and no lower module imports `engine/`.
 */

/** Timers behind an interface so tests can run the engine fast or step it by hand. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface Logger {
  warn(...args: unknown[]): void;
}

/** One watch's identity: the engine's tab registry and the fallback's replay (coordination/tab-host.ts) count watches by it. */
export const watchKeyId = (k: WatchKey) => (k.kind === 'calendar' ? `calendar:${k.month}` : `conversation:${k.id}`);
