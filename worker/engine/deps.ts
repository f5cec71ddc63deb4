import type { EngineEvent } from '../../db/engine-api.ts';
import type { MirrorProvider } from '../../db/mirror.ts';
import type { Clock, Logger } from '../ports.ts';
import type { RealtimeFactory } from '../realtime/realtime-client.ts';

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
