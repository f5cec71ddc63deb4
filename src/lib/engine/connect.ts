import * as Comlink from 'comlink';
import type { EngineApi, EngineEvent } from '../../../db/engine-api.ts';
import { newId, tabLockName } from '../../../db/ids.ts';
import { EngineClient, localSessionStore, type EventFeed } from './client.ts';

export { EngineClient, EngineCallError, type EngineState } from './client.ts';

/**
 * Runtime configuration: one build serves any backend. `window.__APP_CONFIG__` (set by a
 * `<script>` the host page serves) may give `apiBase` (absolute or relative to the page),
 * `appVersion`, and `engine: 'dedicated'` to force the no-SharedWorker fallback.
 */
interface AppConfig {
  apiBase?: string;
  appVersion?: string;
  engine?: 'shared' | 'dedicated';
}

declare global {
  interface Window {
    __APP_CONFIG__?: AppConfig;
    /** The tab's engine client (its `.api` is the comlink proxy): for end-to-end tests and debugging. */
    __engine?: EngineClient;
  }
}

const ENGINE_CHANNEL = 'engine';
let client: EngineClient | null = null;

function appConfig(): Required<Pick<AppConfig, 'apiBase' | 'appVersion'>> & AppConfig {
  const c = window.__APP_CONFIG__ ?? {};
  return {
    ...c,
    apiBase: new URL(c.apiBase ?? '/api', location.origin).href.replace(/\/+$/, ''),
    appVersion: c.appVersion ?? (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.1.0',
  };
}


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
  const cfg = appConfig();
  const { api, mode } = connect(cfg.engine === 'dedicated');
  const tabId = newId();
  const channel = new BroadcastChannel(ENGINE_CHANNEL);
  const feed: EventFeed = {
    subscribe(cb) {
      const h = (ev: MessageEvent<EngineEvent>) => cb(ev.data);
      channel.addEventListener('message', h);
      return () => channel.removeEventListener('message', h);
    },
  };
  const visible = () => document.visibilityState === 'visible';
  client = new EngineClient(api, tabId, feed, localSessionStore(safeLocalStorage()), {
    apiBase: cfg.apiBase, appVersion: cfg.appVersion, pageOrigin: location.origin, visible: visible(), online: navigator.onLine,
  }, holdPresence(tabId));
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

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
