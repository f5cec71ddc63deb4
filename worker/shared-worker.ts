/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { presenceWatcher, type LockManagerLike } from './coordination/locks.ts';
import { browserDeps } from './engine/browser-deps.ts';
import { createEngine } from './engine/engine.ts';

/**
 * The SharedWorker: one engine for every tab of the origin. Each tab connects a port and gets
 * the EngineApi through comlink. A tab that goes away without saying bye (closed, crashed) is
 * noticed through its presence lock, so its visibility and watches do not linger.
 */
declare const self: SharedWorkerGlobalScope;

const engine = createEngine(browserDeps());
const watchPresence = presenceWatcher((self.navigator as { locks?: LockManagerLike }).locks);
const hello = engine.hello.bind(engine);
engine.hello = (tabId, opts) => {
  watchPresence(tabId, () => void engine.bye(tabId));
  return hello(tabId, opts);
};

self.onconnect = (ev: MessageEvent) => {
  const port = ev.ports[0]!;
  Comlink.expose(engine, port);
};
