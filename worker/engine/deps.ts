import type { EngineEvent } from '../../db/engine-api.ts';
import type { MirrorProvider } from '../../db/mirror.ts';
import type { RealtimeFactory } from '../realtime/realtime-client.ts';

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

/**
 * Every side effect of the engine, passed in: the network, storage, time, the channel to the
 * tabs and the realtime socket. The browser entry points build the real ones; tests pass fakes
 * (or Node's own fetch against the reference server).
 */
export interface EngineDeps {
  fetch: typeof fetch;
  storage: MirrorProvider;
  /** Posts an event to every tab (BroadcastChannel `engine` in the browser). */
  broadcast(event: EngineEvent): void;
  clock?: Clock;
  /** Absent: no realtime connection (polling still keeps data fresh). */
  realtime?: RealtimeFactory;
  random?: () => number;
  log?: Logger;
  /** Defaults until a tab says otherwise at hello. */
  apiBase?: string;
  appVersion?: string;
  pageOrigin?: string;
  /** Request timeout (default 15 s). */
  timeoutMs?: number;
}
