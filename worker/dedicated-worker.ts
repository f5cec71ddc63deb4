/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { TabHost } from './coordination/tab-host.ts';
import type { LockManagerLike } from './coordination/locks.ts';
import { browserDeps } from './engine/browser-deps.ts';
import { createEngine } from './engine/engine.ts';

/**
 * The fallback where SharedWorker is missing: one of these per tab. The tabs elect a leader with
 * Web Locks; only the leader runs the engine, the others forward their calls to it (TabHost).
 */
declare const self: DedicatedWorkerGlobalScope;

const host = new TabHost({
  locks: (self.navigator as { locks: LockManagerLike }).locks,
  channel: (name) => new BroadcastChannel(name),
  createEngine: () => createEngine(browserDeps()),
});

Comlink.expose(host.api, self);
