import * as Comlink from 'comlink';
import type { EngineApi, EngineEvent } from '../../../db/engine-api.ts';
import { newId, tabLockName } from '../../../db/ids.ts';
import { EngineClient, localSessionStore, type EventFeed } from './client.ts';
import { appConfig, engineMode } from '../config.ts';
import { toaster } from '../../components/ui/toaster.tsx';
import { createElement } from 'react';
import { ConfigProblemText, ConfigProblemTitle } from './config-problem.tsx';

export { EngineClient, EngineCallError, type EngineState } from './client.ts';

declare global {
  interface Window {
    /** The tab's engine client (its `.api` is the comlink proxy): for end-to-end tests and debugging. */
    __engine?: EngineClient;
  }
}

const ENGINE_CHANNEL = 'engine';
let client: EngineClient | null = null;

/** Shows what was wrong with config.json (or `__APP_CONFIG__`) until the user closes it: the defaults are used meanwhile. */
function reportConfigProblems(problems: string[]) {
  toaster.create({
    id: 'config-problem',
    type: 'error',
    // Rendered in the language on view (a switch renames the open report): config-problem.tsx.
    title: createElement(ConfigProblemTitle),
    description: createElement(ConfigProblemText, { problems }),
    duration: Infinity,
    closable: true,
  });
}

/** The heading of that report in English (the catalogue's `config.problemTitle`). */
export const CONFIG_PROBLEM_TITLE = 'The app configuration (config.json) is not valid: the default settings are used';

/**
 * Connects to the engine: the SharedWorker where the browser has it; otherwise a dedicated worker
 * per tab, whose leader (elected with Web Locks inside the worker) serves every tab. Either way
 * this tab gets the same EngineApi through comlink.
 */
function connect(forceDedicated: boolean): { api: EngineApi; mode: 'shared' | 'dedicated' } {
  if (!forceDedicated && typeof SharedWorker !== 'undefined') {
    const w = new SharedWorker(new URL('../../../worker/shared-worker.ts', import.meta.url), { type: 'module', name: 'engine' });
    return { api: Comlink.wrap<EngineApi>(w.port) as unknown as EngineApi, mode: 'shared' };
  }
  const w = new Worker(new URL('../../../worker/dedicated-worker.ts', import.meta.url), { type: 'module', name: 'engine' });
  return { api: Comlink.wrap<EngineApi>(w) as unknown as EngineApi, mode: 'dedicated' };
}

/**
 * Holds a Web Lock named after the tab for the tab's whole life: the worker asks for the same
 * lock and is granted it only when the tab is gone, however it went (closed, crashed, discarded).
 */
function holdPresence(tabId: string): Promise<void> {
  if (!navigator.locks) return Promise.resolve();
  return new Promise<void>((held) => {
    void navigator.locks.request(tabLockName(tabId), () => {
      held();
      return new Promise<never>(() => {});
    });
  });
}

/** Uses `c` as this tab's engine (tests, or a host page that builds its own). */
export function installEngine(c: EngineClient): void {
  client = c;
}

/** The tab's engine client (created on first use). */
export function getEngine(): EngineClient {
  if (client) return client;
  // config.json is read while the worker starts: hello (which hands the engine the API base and the
  // realtime conventions) waits for it, the worker's start and the first screen do not.
  const config = appConfig();
  void config.then(({ problems }) => problems.length && reportConfigProblems(problems));
  const { api, mode } = connect(engineMode() === 'dedicated');
  const tabId = newId();
  const channel = new BroadcastChannel(ENGINE_CHANNEL);
  const feed: EventFeed = {
    subscribe(cb) {
      // The worker sends the events of one turn together (worker/engine/browser-deps.ts).
      const h = (ev: MessageEvent<EngineEvent | EngineEvent[]>) => (Array.isArray(ev.data) ? ev.data.forEach((e) => cb(e)) : cb(ev.data));
      channel.addEventListener('message', h);
      return () => channel.removeEventListener('message', h);
    },
  };
  const visible = () => document.visibilityState === 'visible';
  const ready = Promise.all([config, holdPresence(tabId)]).then(([{ config: c }]) => ({ apiBase: c.apiBase, appVersion: c.appVersion, realtime: c.realtime }));
  client = new EngineClient(api, tabId, feed, localSessionStore(safeLocalStorage()), {
    pageOrigin: location.origin, visible: visible(), online: navigator.onLine,
  }, ready);
  client.mode = mode;
  document.addEventListener('visibilitychange', () => void client?.setVisible(visible()));
  // pusher-js in a worker never notices a lost network by itself: the tabs tell the engine.
  window.addEventListener('online', () => void client?.setOnline(true));
  window.addEventListener('offline', () => void client?.setOnline(false));
  window.addEventListener('pagehide', (e) => {
    if (!e.persisted) void client?.bye();
  });
  window.__engine = client;
  return client;
}

/** This origin's localStorage, or null where the browser refuses it (a sandboxed frame, storage blocked). */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
