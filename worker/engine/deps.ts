import type { EngineEvent } from '../../db/engine-api.ts';
import type { MirrorProvider } from '../../db/mirror.ts';
import type { Clock, Logger } from '../ports.ts';
import type { RealtimeConventions } from '../../db/app-config.ts';
import type { RealtimeFactory } from '../realtime/realtime-client.ts';

/**
 * Every side effect of the engine, passed in: the network, storage, time, the channel to the
 * tabs, the realtime socket and the tabs' presence. The browser entry points build the real ones;
 * tests pass fakes (or Node's own fetch against the reference server).
 */
export interface EngineDeps {
  fetch: typeof fetch;
  storage: MirrorProvider;
  /** Posts an event to every tab (BroadcastChannel `engine` in the browser). */
  broadcast(event: EngineEvent): void;
  clock?: Clock;
  /** Absent: no realtime connection (polling still keeps data fresh). */
  realtime?: RealtimeFactory;
  /**
   * Calls `onGone` once the tab is gone (closed, crashed) without saying bye: in the browser, when
   * the Web Lock the tab holds for its life (db/ids.ts `tabLockName`) is released
   * (coordination/locks.ts `presenceWatcher`). The tab takes that lock before its hello. Absent: a
   * tab leaves only by bye.
   */
  watchPresence?(tabId: string, onGone: () => void): void;
  random?: () => number;
  log?: Logger;
  /** Defaults until a tab says otherwise at hello. */
  apiBase?: string;
  appVersion?: string;
  pageOrigin?: string;
  /** Broadcasting conventions until a tab's hello brings config.json's (default: the reference server's). */
  realtimeConventions?: RealtimeConventions;
  /** Request timeout (default 15 s). */
  timeoutMs?: number;
}
