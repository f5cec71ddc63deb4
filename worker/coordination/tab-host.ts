import type { EngineApi, EngineEvent, HelloOptions, SessionState, WatchKey } from '../../db/engine-api.ts';
import { newId } from '../../db/ids.ts';
import { watchKeyId } from '../ports.ts';
import { LEADER_LOCK, type ChannelLike, type LockManagerLike } from './locks.ts';

type Method = keyof EngineApi;
/** Calls that describe the tab rather than ask for something: replayed as state to a new leader, never resent. */
const REGISTRATION: ReadonlySet<Method> = new Set(['hello', 'bye', 'setTabVisible', 'setOnline', 'watch', 'unwatch']);

type RpcMessage =
  | { t: 'who'; from: string }
  | { t: 'leader'; id: string }
  | { t: 'req'; id: string; from: string; method: Method; args: unknown[] }
  | { t: 'res'; id: string; to: string; ok: boolean; value?: unknown; error?: string };

interface Pending {
  method: Method;
  args: unknown[];
  resolve(v: unknown): void;
  reject(e: unknown): void;
  /** Part of a replay: a later replay supersedes it. */
  replay?: boolean;
}

export interface TabHostDeps {
  locks: LockManagerLike;
  channel(name: string): ChannelLike;
  /** Builds the engine when this host wins the election (it watches the tabs' presence itself: EngineDeps.watchPresence). */
  createEngine(): EngineApi & { shutdown?(): void };
  id?: string;
}

/**
 * The fallback where SharedWorker is missing: every tab runs one of these in its dedicated
 * worker. The tabs elect one leader with a held Web Lock; the leader runs the engine and serves
 * the others over BroadcastChannel (`engine-rpc`); followers forward their calls. When the leader's
 * tab closes, its lock is released, the next tab in line becomes leader, and every follower
 * replays its tab's state (hello, visibility, watches) and resends what had no answer.
 */
export class TabHost {
  readonly id: string;
  readonly api: EngineApi;
  private role: 'unknown' | 'leader' | 'follower' = 'unknown';
  private leaderId: string | null = null;
  private engine: (EngineApi & { shutdown?(): void }) | null = null;
  private readonly rpc: ChannelLike;
  private readonly events: ChannelLike;
  private readonly pending = new Map<string, Pending>();
  private readonly served = new Map<string, Promise<unknown>>();
  private releaseLeader: (() => void) | null = null;
  private closed = false;
  private lastSession: SessionState | null = null;
  private readonly reg: { tabId: string | null; hello: HelloOptions | null; visible?: boolean; online?: boolean; watches: Map<string, { key: WatchKey; count: number }> } = {
    tabId: null, hello: null, watches: new Map(),
  };

  constructor(private readonly d: TabHostDeps) {
    this.id = d.id ?? newId();
    this.rpc = d.channel('engine-rpc');
    this.events = d.channel('engine');
    this.rpc.addEventListener('message', this.onRpc);
    this.events.addEventListener('message', this.onEngineEvent);
    void d.locks.request(LEADER_LOCK, () => new Promise<void>((release) => {
      if (this.closed) return release();
      this.releaseLeader = release;
      void this.becomeLeader();
    }));
    this.rpc.postMessage({ t: 'who', from: this.id } satisfies RpcMessage);
    const call = (method: Method) => (...args: unknown[]) => this.call(method, args);
    this.api = Object.fromEntries(
      (['hello', 'bye', 'setTabVisible', 'setOnline', 'signIn', 'signOut', 'watch', 'unwatch', 'refresh', 'loadMore', 'call', 'mutate', 'discard', 'retry', 'saveDraft', 'snapshot'] as Method[]).map((m) => [m, call(m)]),
    ) as unknown as EngineApi;
  }

  get isLeader(): boolean {
    return this.role === 'leader';
  }

  /** The tab closed (tests; in a browser the worker simply dies and its locks go with it). */
  close(): void {
    this.closed = true;
    this.rpc.removeEventListener('message', this.onRpc);
    this.events.removeEventListener('message', this.onEngineEvent);
    this.engine?.shutdown?.();
    this.releaseLeader?.();
    this.rpc.close();
    this.events.close();
  }

  private call(method: Method, args: unknown[]): Promise<unknown> {
    this.record(method, args);
    if (this.role === 'leader') return this.local(method, args);
    return new Promise((resolve, reject) => {
      const id = newId();
      this.pending.set(id, { method, args, resolve, reject });
      if (this.role === 'follower') this.send(id);
    });
  }

  private record(method: Method, args: unknown[]) {
    const r = this.reg;
    if (method === 'hello') Object.assign(r, { tabId: args[0] as string, hello: (args[1] ?? {}) as HelloOptions });
    else if (method === 'setTabVisible') r.visible = args[1] as boolean;
    else if (method === 'setOnline') r.online = args[0] as boolean;
    else if (method === 'bye') Object.assign(r, { hello: null, watches: new Map() });
    else if (method === 'watch' || method === 'unwatch') {
      const key = args[1] as WatchKey;
      const id = watchKeyId(key);
      const n = (r.watches.get(id)?.count ?? 0) + (method === 'watch' ? 1 : -1);
      if (n > 0) r.watches.set(id, { key, count: n });
      else r.watches.delete(id);
    } else if (method === 'signIn') this.lastSession = { status: 'signed-in', token: args[0] as string, user: args[1] as never };
  }

  private local(method: Method, args: unknown[]): Promise<unknown> {
    const engine = this.engine!;
    return (engine[method] as (...a: unknown[]) => Promise<unknown>).apply(engine, args);
  }

  private send(id: string) {
    const p = this.pending.get(id);
    if (p) this.rpc.postMessage({ t: 'req', id, from: this.id, method: p.method, args: p.args } satisfies RpcMessage);
  }

  /** Replays this tab's state to the (new) leader, with the newest session this worker has heard of. */
  private async replay(): Promise<unknown> {
    const r = this.reg;
    if (!r.tabId || !r.hello) return null;
    const s = this.lastSession;
    const session = s?.status === 'signed-in' ? { token: s.token, user: s.user } : s?.reason ? { token: null, user: null } : {};
    const opts: HelloOptions = { ...r.hello, ...session, ...(r.visible !== undefined ? { visible: r.visible } : {}), ...(r.online !== undefined ? { online: r.online } : {}) };
    const direct = (method: Method, args: unknown[]) =>
      this.role === 'leader'
        ? this.local(method, args)
        : new Promise((resolve, reject) => {
          const id = newId();
          this.pending.set(id, { method, args, resolve, reject, replay: true });
          this.send(id);
        });
    const hello = await direct('hello', [r.tabId, opts]);
    for (const { key, count } of [...r.watches.values()]) for (let i = 0; i < count; i++) await direct('watch', [r.tabId, key]);
    return hello;
  }

  /** A new leader: replay the tab's state, answer registration calls from the replay, resend the rest. */
  private async switchLeader() {
    const waiting = [...this.pending.entries()].filter(([, p]) => !p.replay);
    for (const [id, p] of this.pending) if (p.replay) this.pending.delete(id);
    const hello = await this.replay().catch(() => null);
    for (const [id, p] of waiting) {
      if (!REGISTRATION.has(p.method)) {
        if (this.role === 'leader') {
          this.pending.delete(id);
          this.local(p.method, p.args).then(p.resolve, p.reject);
        } else this.send(id);
        continue;
      }
      this.pending.delete(id);
      p.resolve(p.method === 'hello' ? hello : undefined);
    }
  }

  private async becomeLeader() {
    this.role = 'leader';
    this.leaderId = this.id;
    this.engine = this.d.createEngine();
    await this.switchLeader();
    this.rpc.postMessage({ t: 'leader', id: this.id } satisfies RpcMessage);
  }

  private readonly onEngineEvent = (ev: { data: unknown }) => {
    const e = ev.data as EngineEvent;
    if (e?.type === 'session') this.lastSession = e.session;
  };

  private readonly onRpc = (ev: { data: unknown }) => {
    const m = ev.data as RpcMessage;
    if (this.closed || !m || typeof m !== 'object') return;
    if (m.t === 'who' && this.role === 'leader') this.rpc.postMessage({ t: 'leader', id: this.id } satisfies RpcMessage);
    else if (m.t === 'req' && this.role === 'leader') this.serve(m);
    else if (m.t === 'leader' && m.id !== this.id && this.role !== 'leader' && m.id !== this.leaderId) {
      this.role = 'follower';
      this.leaderId = m.id;
      void this.switchLeader();
    } else if (m.t === 'res' && m.to === this.id) {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error ?? 'engine call failed'));
    }
  };

  /** Leader: answers a follower's call; a repeated request id gets the first answer, not a second run. */
  private serve(m: Extract<RpcMessage, { t: 'req' }>) {
    let p = this.served.get(m.id);
    if (!p) {
      p = this.local(m.method, m.args);
      this.served.set(m.id, p);
      if (this.served.size > 500) this.served.delete(this.served.keys().next().value!);
    }
    p.then(
      (value) => this.rpc.postMessage({ t: 'res', id: m.id, to: m.from, ok: true, value } satisfies RpcMessage),
      (e) => this.rpc.postMessage({ t: 'res', id: m.id, to: m.from, ok: false, error: String(e) } satisfies RpcMessage),
    );
  }
}
