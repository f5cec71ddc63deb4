import type { EngineEvent } from '../../db/engine-api.ts';
import { presenceWatcher, type LockManagerLike } from '../coordination/locks.ts';
import { createEchoClient } from '../realtime/echo-client.ts';
import { createMirrorProvider } from '../storage/provider.ts';
import type { EngineDeps } from './deps.ts';

/** The real side effects inside a browser worker: fetch, IndexedDB (or memory), BroadcastChannel, laravel-echo, Web Locks. */
export function browserDeps(): EngineDeps {
  const channel = new BroadcastChannel('engine');
  // The events of one turn go as one message: a write's tables (a sent message is the message, the
  // outbox and the conversation) and the status after it reach each tab in one task, where React
  // renders them once. One message each, a tab rendered a sent message 14 to 19 times over.
  let queued: EngineEvent[] | null = null;
  const broadcast = (e: EngineEvent) => {
    if (queued) {
      queued.push(e);
      return;
    }
    queued = [e];
    queueMicrotask(() => {
      const batch = queued!;
      queued = null;
      channel.postMessage(batch.length === 1 ? batch[0] : batch);
    });
  };
  return {
    fetch: (input, init) => fetch(input, init),
    storage: createMirrorProvider({ log: console }),
    broadcast,
    realtime: createEchoClient,
    watchPresence: presenceWatcher((self.navigator as { locks?: LockManagerLike }).locks),
    pageOrigin: self.location.origin,
  };
}
