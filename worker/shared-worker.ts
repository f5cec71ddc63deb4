/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { browserDeps } from './engine/browser-deps.ts';
import { createEngine } from './engine/engine.ts';

/**
 * The SharedWorker: one engine for every tab of the origin. Each tab connects a port and gets
 * the EngineApi through comlink. A tab that goes away without saying bye (closed, crashed) is
 * noticed by the engine through the tab's presence lock (EngineDeps.watchPresence), so its
 * visibility and watches do not linger.
 */
declare const self: SharedWorkerGlobalScope;

const engine = createEngine(browserDeps());

self.onconnect = (ev: MessageEvent) => {
  const port = ev.ports[0]!;
  Comlink.expose(engine, port);
};
