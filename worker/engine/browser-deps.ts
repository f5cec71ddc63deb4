import type { EngineEvent } from '../../db/engine-api.ts';
import { createEchoClient } from '../realtime/echo-client.ts';
import { createMirrorProvider } from '../storage/provider.ts';
import type { EngineDeps } from './deps.ts';

/** The real side effects inside a browser worker: fetch, IndexedDB (or memory), BroadcastChannel, laravel-echo. */
export function browserDeps(): EngineDeps {
  const channel = new BroadcastChannel('engine');
  return {
    fetch: (input, init) => fetch(input, init),
    storage: createMirrorProvider({ log: console }),
    broadcast: (e: EngineEvent) => channel.postMessage(e),
    realtime: createEchoClient,
    pageOrigin: self.location.origin,
  };
}
