import type { EngineEvent } from '../../db/engine-api.ts';
import { presenceWatcher, type LockManagerLike } from '../coordination/locks.ts';
import { createEchoClient } from '../realtime/echo-client.ts';
import { createMirrorProvider } from '../storage/provider.ts';
import type { EngineDeps } from './deps.ts';

/** The real side effects inside a browser worker: fetch, IndexedDB (or memory), BroadcastChannel, laravel-echo, Web Locks. */
export function browserDeps(): EngineDeps {
  const channel = new BroadcastChannel('engine');
  return {
    fetch: (input, init) => fetch(input, init),
    storage: createMirrorProvider({ log: console }),
    broadcast: (e: EngineEvent) => channel.postMessage(e),
    realtime: createEchoClient,
    watchPresence: presenceWatcher((self.navigator as { locks?: LockManagerLike }).locks),
    pageOrigin: self.location.origin,
  };
}
