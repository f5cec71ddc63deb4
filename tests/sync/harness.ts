import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { EngineApi, EngineEvent, SessionState } from '../../db/engine-api.ts';
import type { AppSettings, User } from '../../db/entities.ts';
import { setSetting } from '../../server/lib/settings.ts';
import { seed } from '../../server/seed/index.ts';
import { EngineClient, type SessionStore } from '../../src/lib/engine/client.ts';
import { Engine } from '../../worker/engine/engine.ts';
import type { RealtimeFactory } from '../../worker/realtime/realtime-client.ts';
import { createMirrorProvider } from '../../worker/storage/provider.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * The scenario tests' world: the reference server in-process over the seeded demo data, engines
 * built with Node's fetch (wrapped to count requests), fake IndexedDB, an in-process event bus
 * standing in for BroadcastChannel, and tabs that are EngineClients talking to an engine directly.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 4000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await sleep(10);
  }
}

/** Starts the reference server over the demo world, with short poll intervals. */
export async function startWorld(intervals: { home?: number; calendar?: number } = {}, prepare?: Parameters<typeof startTestServer>[1]): Promise<TestServer> {
  return startTestServer({}, (db) => {
    seed(db, { scale: 1 });
    setSetting(db, 'home_reload_timeout', intervals.home ?? 10_000);
    setSetting(db, 'calendar_reload_timeout', intervals.calendar ?? 20_000);
    prepare?.(db);
  });
}

export interface Recorded {
  label: string;
  method: string;
  /** Path under /api with its query, e.g. `/home`, `/calendar?start_date=2026-11-01`. */
  path: string;
  start: number;
  end?: number;
  status?: number;
}

/** A fetch that records every request (one list may be shared by several engines, each with its label). */
export interface Gate {
  /** Every request fails as a network error. */
  offline: boolean;
  /** The next N writes reach the server, but their replies are lost on the way back. */
  loseReplies?: number;
  /** Rewrites a reply body before the engine sees it (to serve a reply that does not fit). */
  tamper?: (path: string, body: unknown) => unknown;
  /**
   * A failing proxy in front of the server: writes (and reads too, with `reads`) whose path matches
   * are answered `status` without reaching it; `count` times, or until `fail` is cleared.
   */
  fail?: { status: number; path?: RegExp; reads?: boolean; count?: number };
}

export function recordingFetch(log: Recorded[] = [], label = 'engine', gate?: Gate) {
  const f: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const r: Recorded = { label, method: init?.method ?? 'GET', path: url.pathname.replace(/^\/api/, '') + url.search, start: Date.now() };
    log.push(r);
    if (gate?.offline) {
      r.end = Date.now();
      throw new TypeError('fetch failed (offline)');
    }
    const f = gate?.fail;
    if (f && (f.reads || r.method !== 'GET') && (!f.path || f.path.test(r.path)) && (f.count === undefined || f.count > 0)) {
      if (f.count !== undefined) f.count -= 1;
      r.status = f.status;
      r.end = Date.now();
      return new Response(JSON.stringify({ message: 'Injected failure' }), { status: f.status, headers: { 'content-type': 'application/json' } });
    }
    try {
      // A tampered reply is not the server's: it is asked for in full and carries no ETag.
      if (gate?.tamper && init?.headers) {
        const headers = new Headers(init.headers);
        headers.delete('if-none-match');
        init = { ...init, headers };
      }
      const res = await fetch(input, init);
      r.status = res.status;
      if (gate?.loseReplies && r.method !== 'GET') {
        gate.loseReplies -= 1;
        throw new TypeError('fetch failed (reply lost)');
      }
      if (gate?.tamper) {
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        const out = gate.tamper(r.path, body);
        return new Response(typeof out === 'string' ? out : JSON.stringify(out), { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } });
      }
      return res;
    } finally {
      r.end = Date.now();
    }
  };
  return { fetch: f, log };
}

/** BroadcastChannel stand-in: asynchronous delivery to every subscriber, like the real one. */
export class EventBus {
  private readonly subs = new Set<(e: EngineEvent) => void>();
  readonly seen: EngineEvent[] = [];
  post = (e: EngineEvent) => {
    const copy = structuredClone(e);
    this.seen.push(copy);
    setTimeout(() => {
      for (const s of this.subs) s(copy);
    }, 0);
  };
  subscribe = (cb: (e: EngineEvent) => void) => {
    this.subs.add(cb);
    return () => this.subs.delete(cb);
  };
}

/** localStorage stand-in shared by the tabs of one browser. */
export class SharedSessionStore implements SessionStore {
  token: string | null = null;
  user: User | null = null;
  settings: AppSettings | null = null;
  load() {
    return { token: this.token, user: this.user, settings: this.settings };
  }
  saveSettings(s: AppSettings) {
    this.settings = s;
  }
  save(s: SessionState) {
    if (s.status === 'signed-in') Object.assign(this, { token: s.token, user: s.user });
    else if (s.reason) Object.assign(this, { token: null, user: null });
  }
}

/** One browser: its IndexedDB, its tabs' channel and their localStorage. */
export class Browser {
  readonly idb = new IDBFactory();
  readonly bus = new EventBus();
  readonly storage = new SharedSessionStore();
  readonly log: Recorded[] = [];
  readonly gate: Gate = { offline: false };
  readonly warnings: unknown[][] = [];

  constructor(readonly server: TestServer) {}

  /** `openDelayMs`: every database the engine opens opens that much later (a busy device: the engine starts slowly). */
  engine(opts: { label?: string; realtime?: RealtimeFactory; memory?: boolean; fetch?: typeof fetch; broadcast?: (e: EngineEvent) => void; openDelayMs?: number } = {}): Engine {
    const storage = createMirrorProvider({ indexedDB: this.idb, IDBKeyRange, forceMemory: opts.memory });
    const delay = opts.openDelayMs ?? 0;
    return new Engine({
      fetch: opts.fetch ?? recordingFetch(this.log, opts.label ?? 'engine', this.gate).fetch,
      storage: delay ? { open: async (name) => (await sleep(delay), storage.open(name)) } : storage,
      broadcast: opts.broadcast ?? this.bus.post,
      realtime: opts.realtime,
      apiBase: `${this.server.url}/api`,
      pageOrigin: this.server.url,
      appVersion: 'test',
      log: { warn: (...a: unknown[]) => void this.warnings.push(a) },
      timeoutMs: 5000,
    });
  }

  tab(engine: EngineApi, opts: { id?: string; online?: boolean; visible?: boolean } = {}): EngineClient {
    const id = opts.id ?? `tab-${Math.random().toString(36).slice(2, 8)}`;
    return new EngineClient(engine, id, { subscribe: this.bus.subscribe }, this.storage, { visible: opts.visible ?? true, online: opts.online ?? true });
  }

  /** Signs in through a tab as the UI does: POST /login through the engine, then signIn. */
  async signIn(tab: EngineClient, email: string): Promise<User> {
    await tab.started;
    const r = await tab.call<{ token: string; user: User }>({ method: 'POST', path: '/login', body: { email, password: 'password' } });
    if (!r.ok) throw new Error(`login failed: ${r.error.message}`);
    await tab.signIn(r.data.token, r.data.user);
    return r.data.user;
  }

  /** The common start of a story: one engine, one tab, signed in as `email`. */
  async signedInTab(email: string): Promise<{ engine: Engine; tab: EngineClient; user: User }> {
    const engine = this.engine();
    const tab = this.tab(engine);
    const user = await this.signIn(tab, email);
    return { engine, tab, user };
  }

  requests(path: string | RegExp, label?: string): Recorded[] {
    return this.log.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)) && (!label || r.label === label));
  }

  async databases(): Promise<string[]> {
    return (await this.idb.databases()).map((d) => d.name!).filter(Boolean);
  }
}
