import type { AppSettings, User } from '../../../db/entities.ts';
import { keepSame } from '../../../db/same.ts';
import type {
  CallRequest, EngineApi, EngineError, EngineEvent, EngineStatus, HelloOptions, ListKey, MirrorTableName, MutateData, Mutation,
  Resource, Result, SessionState, WatchKey,
} from '../../../db/engine-api.ts';

/** A rejected engine call on the tab side: an Error (so optimistic transactions roll back) carrying the engine's reason. */
export class EngineCallError extends Error {
  constructor(readonly engineError: EngineError) {
    super(engineError.message);
    this.name = 'EngineCallError';
  }
}

export interface EngineState {
  /** The engine answered hello: `session` is the real one, not a placeholder. */
  ready: boolean;
  session: SessionState;
  settings: AppSettings | null;
  status: EngineStatus | null;
}

/** Where change events come from (BroadcastChannel `engine` in the browser). */
export interface EventFeed {
  subscribe(cb: (e: EngineEvent) => void): () => void;
}

/** Where the tab keeps the session between reloads (localStorage in the browser, as the spec keeps it). */
export interface SessionStore {
  load(): { token: string | null; user: User | null; settings: AppSettings | null };
  save(s: SessionState): void;
  /**
   * The app's settings as last received: they stand in at the next start until the engine answers,
   * so the first frame already has what they turn on (the phone's Wallet tab: it came half a second
   * after the rest of the bottom navigation, which moved every tab aside).
   */
  saveSettings(s: AppSettings): void;
}

export const TOKEN_KEY = 'tutoring.token';
export const USER_KEY = 'tutoring.user';
/** The app's settings (public, the same for every user): kept across sign-outs. */
export const SETTINGS_KEY = 'tutoring.settings';
/** The last keystrokes of drafts when a page went away (drafts.ts): the user's, so an ended session forgets them. */
export const DRAFT_JOURNAL_KEY = 'tutoring.drafts';

/** The session in `localStorage` under `tutoring.token` and `tutoring.user`, the settings under `tutoring.settings`. */
export function localSessionStore(storage: Storage | null): SessionStore {
  const read = <T,>(key: string): T | null => {
    try {
      const v = JSON.parse(storage?.getItem(key) ?? 'null') as unknown;
      return v !== null && typeof v === 'object' ? (v as T) : null;
    } catch {
      return null; // unreadable: the engine's answer replaces it (it validates the token, and sends the settings)
    }
  };
  return {
    load() {
      return { token: storage?.getItem(TOKEN_KEY) ?? null, user: read<User>(USER_KEY), settings: read<AppSettings>(SETTINGS_KEY) };
    },
    saveSettings(settings) {
      try {
        storage?.setItem(SETTINGS_KEY, JSON.stringify(settings));
      } catch {
        /* storage full or refused: the next start waits for the engine's settings, as before */
      }
    },
    save(s) {
      if (!storage) return;
      if (s.status === 'signed-in') {
        storage.setItem(TOKEN_KEY, s.token);
        storage.setItem(USER_KEY, JSON.stringify(s.user));
      } else if (s.reason) {
        // Only an ended session clears the stored one: a guest answer while offline keeps it.
        storage.removeItem(TOKEN_KEY);
        storage.removeItem(USER_KEY);
        storage.removeItem(DRAFT_JOURNAL_KEY);
      }
    },
  };
}

const unwrap = <T>(r: Result<T>): T => {
  if (!r.ok) throw new EngineCallError(r.error);
  return r.data;
};

/**
 * The tab's view of the engine: its state for React (session, settings, status), the change
 * events for the collections, and the calls, bound to this tab's id. `run` resolves a mutation
 * only once this tab has applied the change events it caused, so optimistic state is replaced
 * without a flicker.
 */
export class EngineClient {
  private state: EngineState = { ready: false, session: { status: 'guest' }, settings: null, status: null };
  private readonly stateListeners = new Set<() => void>();
  private readonly eventListeners = new Set<(e: EngineEvent) => void>();
  private readonly seen = new Map<string, number>();
  private readonly seqWaiters = new Set<{ epoch: string; seq: number; done: () => void }>();
  /** What hello tells the engine of this tab, kept up to date until it is sent (see `setVisible`). */
  private readonly helloOpts: Omit<HelloOptions, 'token' | 'user'>;
  readonly started: Promise<void>;
  /** How this tab reaches the engine: a SharedWorker, a leader-elected dedicated worker, or directly (tests). */
  mode: 'shared' | 'dedicated' | 'direct' = 'direct';

  constructor(
    readonly api: EngineApi,
    readonly tabId: string,
    feed: EventFeed,
    private readonly sessions: SessionStore,
    hello: Omit<HelloOptions, 'token' | 'user'> = {},
    /**
     * Resolves once this tab holds its presence lock (connect.ts): the engine watches that lock from
     * hello on to learn when the tab is gone, so hello waits for it.
     */
    presence: Promise<void | Pick<HelloOptions, 'apiBase' | 'appVersion' | 'realtime'>> = Promise.resolve(),
  ) {
    feed.subscribe((e) => this.onEvent(e));
    this.helloOpts = { ...hello };
    const stored = sessions.load();
    // Until the engine answers, the session stored on this device stands in (not `ready` yet): the
    // shell, the first screen's code and its mirrored rows need not wait for the worker to start.
    if (stored.token && stored.user) this.state = { ...this.state, session: { status: 'signed-in', token: stored.token, user: stored.user } };
    if (stored.settings) this.state = { ...this.state, settings: stored.settings };
    // Hello says what the tab is now, not what it was when the page started: a visibility or network
    // change made while the presence lock was being taken must not be undone by it.
    // It may also bring the runtime configuration (connect.ts: config.json, read meanwhile).
    this.started = presence.then((config) => api.hello(tabId, { ...config, ...this.helloOpts, token: stored.token, user: stored.user })).then((r) => {
      // A guest answer clears only the sign-in this tab sent: one stored meanwhile is another tab's
      // (its sign-in form stores it first, then tells the engine), which this answer predates.
      if (r.session.status === 'signed-in' || sessions.load().token === stored.token) this.sessions.save(r.session);
      if (r.settings) this.sessions.saveSettings(r.settings);
      this.setState({ ready: true, session: r.session, settings: r.settings ?? this.state.settings, status: r.status });
    });
  }

  getState = (): EngineState => this.state;

  /**
   * Keeps the stored user as fresh as the mirror's (credits, unread counts): it stands in for the
   * session at the next start, before the engine answers, so it must not show stale figures.
   */
  rememberUser(user: User): void {
    const s = this.state.session;
    if (s.status === 'signed-in' && s.user.id === user.id) this.sessions.save({ ...s, user });
  }

  subscribeState = (cb: () => void): (() => void) => {
    this.stateListeners.add(cb);
    return () => this.stateListeners.delete(cb);
  };

  onEvent(e: EngineEvent): void {
    if (e.type === 'session') {
      this.sessions.save(e.session);
      this.setState({ ...this.state, session: e.session });
    } else if (e.type === 'settings') {
      this.sessions.saveSettings(e.settings);
      this.setState({ ...this.state, settings: e.settings });
    } else if (e.type === 'status') {
      this.setState({ ...this.state, status: e.status });
    } else if (e.type === 'invalid-reply') {
      console.warn(`[engine] a reply of ${e.path} did not fit; what did not fit was not stored: ${e.issues}`);
    }
    for (const l of this.eventListeners) l(e);
    if (e.type === 'change' && e.epoch !== undefined && e.seq !== undefined) {
      this.seen.set(e.epoch, Math.max(this.seen.get(e.epoch) ?? 0, e.seq));
      for (const w of [...this.seqWaiters]) if (w.epoch === e.epoch && w.seq <= e.seq) w.done();
    }
  }

  /** Subscribes to every engine event (the collections apply the 'change' ones). */
  events(cb: (e: EngineEvent) => void): () => void {
    this.eventListeners.add(cb);
    return () => this.eventListeners.delete(cb);
  }

  /** Resolves once this tab has applied change `seq` of `epoch` (or after `timeoutMs`, if the event was lost). */
  waitForSeq(epoch: string, seq: number, timeoutMs = 2000): Promise<void> {
    if ((this.seen.get(epoch) ?? 0) >= seq || seq === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const w = { epoch, seq, done: () => finish() };
      const timer = setTimeout(() => finish(), timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.seqWaiters.delete(w);
        resolve();
      };
      this.seqWaiters.add(w);
    });
  }

  /**
   * Sends a mutation; answers once the mirror's change reached this tab, on success and on
   * rollback alike, so the tab shows the mirror's state before the caller hears of it.
   */
  async mutate(m: Mutation): Promise<Result<MutateData>> {
    const r = await this.afterHello(() => this.api.mutate(m));
    const at = r.ok ? r.data : r.error;
    if (at.epoch !== undefined && at.seq !== undefined) await this.waitForSeq(at.epoch, at.seq);
    return r;
  }

  /** `mutate` for an optimistic transaction: rejects with EngineCallError (the transaction rolls back). */
  async run(m: Mutation): Promise<MutateData> {
    return unwrap(await this.mutate(m));
  }

  call<T = unknown>(req: CallRequest): Promise<Result<T>> {
    return this.afterHello(() => this.api.call<T>(req));
  }
  refresh(r: Resource, opts?: { force?: boolean }) {
    return this.afterHello(() => this.api.refresh(r, opts));
  }
  loadMore(list: ListKey, opts?: { fromStart?: boolean }) {
    return this.afterHello(() => this.api.loadMore(list, opts));
  }
  watch(key: WatchKey) {
    return this.afterHello(() => this.api.watch(this.tabId, key));
  }
  unwatch(key: WatchKey) {
    return this.afterHello(() => this.api.unwatch(this.tabId, key));
  }
  discard(id: string) {
    return this.afterHello(() => this.api.discard(id));
  }
  retry(id: string) {
    return this.afterHello(() => this.api.retry(id));
  }
  saveDraft(key: string, value: unknown) {
    return this.afterHello(() => this.api.saveDraft(key, value));
  }
  snapshot(table: MirrorTableName) {
    return this.afterHello(() => this.api.snapshot(table));
  }
  setVisible(visible: boolean) {
    this.helloOpts.visible = visible;
    return this.api.setTabVisible(this.tabId, visible);
  }
  setOnline(online: boolean) {
    this.helloOpts.online = online;
    return this.api.setOnline(online);
  }
  bye() {
    return this.api.bye(this.tabId);
  }

  /** Stores the session in this tab first (a reload right after keeps it), then tells the engine, which tells the other tabs. */
  async signIn(token: string, user: User): Promise<void> {
    this.sessions.save({ status: 'signed-in', token, user });
    await this.afterHello(() => this.api.signIn(token, user));
  }

  async signOut(opts?: { force?: boolean }): Promise<Result<null>> {
    const r = await this.afterHello(() => this.api.signOut(opts));
    if (r.ok) this.sessions.save({ status: 'guest', reason: 'signed-out' });
    return r;
  }

  /**
   * Calls wait for this tab's hello: screens start before the engine answered (from the session
   * stored on the device), and a refresh that overtook hello would reach an engine that does not
   * know the session yet. Hello failing does not block them (the engine answers them itself).
   */
  private afterHello<T>(call: () => Promise<T>): Promise<T> {
    return this.started.then(call, call);
  }

  private setState(next: EngineState) {
    // The session and the settings come again with every hello and sign-in check, mostly unchanged:
    // the same content keeps the same object, so the shell's contexts and every screen reading the
    // user or the settings do not render again for nothing (a warm start rendered the dashboard
    // four times over).
    const prev = this.state;
    const s = { ...next, session: keepSame(prev.session, next.session), settings: keepSame(prev.settings, next.settings) };
    if (s.ready === prev.ready && s.session === prev.session && s.settings === prev.settings && s.status === prev.status) return;
    this.state = s;
    for (const l of this.stateListeners) l();
  }
}
