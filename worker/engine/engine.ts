import type { User } from '../../db/entities.ts';
import { draftKey, listKeyId, type CallRequest, type EngineApi, type EngineError, type EngineEvent, type EngineStatus, type HelloOptions, type ListKey, type MirrorTableName, type Mutation, type MutateData, type Resource, type Result, type SessionState, type WatchKey } from '../../db/engine-api.ts';
import { MESSAGES } from '../../db/messages.ts';
import { policyOf, refreshesOf } from '../../db/mutations.ts';
import type { Mirror } from '../../db/mirror.ts';
import type { OutboxEntry } from '../../db/rows.ts';
import { DEVICE_DB, userDbName, type Row } from '../../db/schema.ts';
import { ensureTemporal } from '../../db/temporal.ts';
import { mutationSpecOf, sendMutation, type SendOutcome } from '../executor/send.ts';
import { Outbox } from '../outbox/outbox.ts';
import { Poller, SingleFlight } from '../polling/poller.ts';
import { HintScheduler } from '../realtime/hints.ts';
import { RealtimeSync, type CatchUp } from '../realtime/realtime-sync.ts';
import { channelAuth, mergeWsConfig } from '../realtime/conventions.ts';
import type { RealtimeConventions } from '../../db/app-config.ts';
import { refreshCalendarMonth } from '../sync/calendar.ts';
import type { SyncContext } from '../sync/context.ts';
import { loadMore, refreshFirstPage } from '../sync/lists.ts';
import { refreshAllNotifications, refreshResource, resourceId } from '../sync/resources.ts';
import { Writer, type SeqCounter } from '../sync/writer.ts';
import { createApiClient, type ApiClient } from '../transport/api-client.ts';
import { toEngineError } from '../transport/errors.ts';
import { systemClock, type Clock, type Logger } from '../ports.ts';
import type { EngineDeps } from './deps.ts';
import { SessionControl } from './session.ts';
import { SettingsStore } from './settings.ts';
import { TabRegistry } from './tabs.ts';

/** Screens opening within this long of a fetch reuse it (several tabs, StrictMode's double effects). */
const SCREEN_REFRESH_MAX_AGE_MS = 1500;

const offline = <T>(message: string = MESSAGES.offline): Result<T> => ({ ok: false, error: { kind: 'offline', message } });
const guest = <T>(): Result<T> => ({ ok: false, error: { kind: 'unauthorized', message: MESSAGES.sessionEnded } });
type PageResult = Result<{ hasMore: boolean }>;
const fetchFailed = <T>(): Result<T> => ({ ok: false, error: { kind: 'server', message: MESSAGES.fetchFailed } });

/** How a refresh may be answered: by a fetch that ended `maxAgeMs` ago at most, or (`fresh`) only by a request that starts now. */
type Freshness = { maxAgeMs?: number; fresh?: boolean };

/**
 * The sync engine: one per browser (in the SharedWorker, or in the leader tab's worker). It owns
 * the session, the user's mirror, the pollers, the realtime connection and the outbox, and
 * answers the tabs through `EngineApi`. Everything it touches outside itself comes in `deps`.
 */
export class Engine implements EngineApi {
  /** The API client (tests read its ETag validators). */
  readonly api: ApiClient;
  private readonly seq: SeqCounter;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly tabs = new TabRegistry();
  private readonly flights: SingleFlight;
  private readonly settings: SettingsStore;
  private readonly realtime: RealtimeSync;
  private readonly hints: HintScheduler;
  private readonly outbox: Outbox;
  private readonly session: SessionControl;
  private readonly ctx: SyncContext;
  private readonly ready: Promise<void>;

  private readonly config: { apiBase: string; appVersion: string; pageOrigin: string; realtime: RealtimeConventions };
  private online = true;
  private userWriter: Writer | null = null;
  private device: Mirror | null = null;
  private homePoller: Poller<Result<null>>;
  private readonly calendars = new Map<string, Poller<Result<null>>>();
  /**
   * Conversations just watched whose newest page waits for their channel (RealtimeSync
   * watchConversation): the screen's own first read of the list joins that read, so a conversation
   * opened is read once, and after its channel hears.
   */
  private readonly firstReads = new Map<number, { read: Promise<PageResult>; settle: ((read: Promise<PageResult>) => void) | null }>();
  /** Outbox entries on their way (queued), those of them waiting to be sent again after the server answered 502/503, and those not sent (failed). */
  private pending = 0;
  private retrying = 0;
  private notSent = 0;
  private lastSyncAt: number | null = null;
  private lastStatus = '';
  private active = false;
  private appRequested = false;
  /** The backend answered `GET /user` with 404 (the spec does not list it): the user is read with the session check instead. */
  private noUserCall = false;
  /**
   * Session work in progress (a tab's hello adopting its stored session, a sign-in, a sign-out):
   * calls on the user's data wait for it. A new engine (the next leader among dedicated workers)
   * is asked for rows by tabs that were answered long ago, while the replayed hello still opens the
   * user's mirror: it must not answer them as a guest (no rows, "not signed in") meanwhile.
   */
  private readonly sessionWork = new Set<Promise<unknown>>();

  constructor(private readonly deps: EngineDeps) {
    this.clock = deps.clock ?? systemClock;
    this.log = deps.log ?? console;
    const random = deps.random ?? Math.random;
    this.flights = new SingleFlight(() => this.clock.now());
    this.seq = { epoch: `${this.clock.now().toString(36)}-${Math.floor(random() * 1e9).toString(36)}`, value: 0 };
    const origin = deps.pageOrigin ?? 'http://localhost';
    this.config = { apiBase: deps.apiBase ?? `${origin}/api`, appVersion: deps.appVersion ?? '0.0.0', pageOrigin: origin, realtime: deps.realtimeConventions ?? {} };
    this.api = createApiClient({
      fetch: deps.fetch, clock: this.clock, random, timeoutMs: deps.timeoutMs ?? 15_000,
      base: () => this.config.apiBase, appVersion: () => this.config.appVersion,
      token: () => (this.session.state.status === 'signed-in' ? this.session.state.token : null),
      onUnauthorized: (token) => this.session.unauthorized(token),
    });
    this.ctx = {
      api: this.api, clock: this.clock, log: this.log,
      reportInvalid: (path, issues) => {
        this.log.warn(`[engine] reply of ${path} does not fit its schema; what does not fit is not written:`, issues);
        this.emit({ type: 'invalid-reply', path, issues });
      },
      writer: () => this.writer,
      user: () => (this.session.state.status === 'signed-in' ? this.session.state.user : null),
      settings: () => this.settings.current,
      markSynced: () => {
        this.lastSyncAt = this.clock.now();
        this.emitStatus();
        // The server answers again: what waits for a retry goes now.
        this.outbox.serverAnswered();
      },
    };
    this.settings = new SettingsStore(() => this.device, this.api, this.ctx.reportInvalid, (s, before) => {
      this.emit({ type: 'settings', settings: s });
      if (JSON.stringify(before?.WsConfig) !== JSON.stringify(s.WsConfig)) this.startRealtime();
    });
    // A hinted resource is re-read in a request that starts after the hint (never joining one in flight, whose
    // reply may predate the change), and never beside another request for it; the pollers' next run moves back.
    this.hints = new HintScheduler(this.clock, {
      // A hint is news for this user (a class moved, a request to answer): it is read even while no
      // tab is visible, so a browser notification can say it (issue 15); hints are rare, polls wait.
      active: () => !!this.writer && this.online,
      home: () => void this.homePoller.kickFresh(),
      watchedMonths: () => [...this.calendars.keys()],
      month: (m) => void this.calendars.get(m)?.kickFresh(),
      klass: (id) => void this.refreshMirroredClass(id),
    });
    this.realtime = new RealtimeSync(this.ctx, deps.realtime, {
      onState: () => this.emitStatus(),
      catchUp: (what) => this.catchUp(what),
      hint: (h) => this.hints.receive(h),
    });
    this.outbox = new Outbox({
      ctx: this.ctx, device: () => this.device, clock: this.clock, random, epoch: this.seq.epoch,
      isOnline: () => this.online,
      send: (m) => sendMutation(this.ctx, m),
      accepted: (o, m) => this.accepted(o, m),
      // A queued mutation's rejection does not hold the queue up: the re-read runs beside it.
      rejected: (m, error) => void this.rejected(m, error),
      unauthorized: () => undefined, // the API client already reported the 401
      changed: () => void this.countPending(),
    });
    this.session = new SessionControl({
      request: (req, opts) => this.api.request(req, opts),
      reportInvalid: (path, issues) => this.ctx.reportInvalid(path, issues),
      emit: (e) => this.emit(e),
      emitStatus: () => this.emitStatus(),
      openUser: (user) => this.openUser(user),
      writer: () => this.userWriter,
      startUserSync: () => this.startUserSync(),
      closeUser: (destroy, keepOutbox) => this.closeUser(destroy, keepOutbox),
      restoreOutbox: () => this.outbox.restore().catch((e: unknown) => this.log.warn('[engine] kept changes not restored (they stay kept):', e)),
      keptOutbox: () => this.outbox.keptCount().catch(() => 0),
    });
    this.homePoller = new Poller(this.clock, this.settings.homeInterval, () => this.flights.run('home', () => this.guarded(() => refreshResource(this.ctx, 'home'))));
    const settings = this.settings;
    this.ready = (async () => {
      // Replies are read with Temporal (db/derive.ts dates the spec's classes): the polyfill where the runtime has none.
      await ensureTemporal();
      this.device = await deps.storage.open(DEVICE_DB).catch(() => null);
      await settings.load();
    })();
  }

  /** The signed-in user's mirror writer (null as a guest). */
  get writer(): Writer | null {
    return this.userWriter;
  }

  private emit(e: EngineEvent): void {
    this.deps.broadcast(e);
  }

  private status(): EngineStatus {
    return {
      online: this.online,
      realtime: this.realtime.current,
      storage: (this.writer?.mirror ?? this.device)?.kind ?? 'memory',
      pendingMutations: this.pending,
      retryingMutations: this.retrying,
      failedMutations: this.notSent,
      lastSyncAt: this.lastSyncAt,
      anyTabVisible: this.tabs.anyVisible(),
    };
  }

  private emitStatus(): void {
    const s = this.status();
    const key = JSON.stringify(s);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.emit({ type: 'status', status: s });
  }

  private async countPending(): Promise<void> {
    try {
      const rows = this.writer ? ((await this.writer.mirror.getAll('outbox')) as unknown as OutboxEntry[]) : [];
      const queued = rows.filter((r) => r.status === 'queued');
      this.pending = queued.length;
      this.retrying = queued.filter((r) => r.error).length;
      this.notSent = rows.length - queued.length;
    } catch {
      this.pending = this.retrying = this.notSent = 0; // the mirror closed meanwhile (sign-out)
    }
    this.emitStatus();
  }

  /** Runs a sync job as a Result: a failure of storage (a mirror closed by sign-out) is an answer, not a crash. */
  private async guarded<T>(job: () => Promise<Result<T>>): Promise<Result<T>> {
    try {
      return await job();
    } catch (e) {
      if (this.writer) this.log.warn('[engine] sync job failed:', e);
      return fetchFailed();
    }
  }

  // ---- session hooks (SessionControl's SessionHost) ----

  private async openUser(user: User): Promise<Writer> {
    const mirror = await this.deps.storage.open(userDbName(user.id));
    this.userWriter = new Writer(mirror, user.id, (e) => {
      if (e.type === 'change' && e.table === 'kv') this.session.userStored(e.upserts);
      this.emit(e);
    }, this.seq);
    return this.userWriter;
  }

  private startUserSync(): void {
    this.startRealtime();
    void this.countPending();
    void this.outbox.drain();
    for (const k of this.tabs.watched()) this.startWatch(k);
    this.updateActivity();
  }

  private async closeUser(destroy: boolean, keepOutbox = false): Promise<number> {
    this.realtime.stop();
    this.hints.stop();
    this.outbox.reset();
    // The ETags named replies of this session's mirror: the next session reads everything afresh.
    this.api.validators.clear();
    // What was read for this session answers no one of the next (a read a moment ago, or one on its way).
    this.flights.forget();
    for (const [id, first] of this.firstReads) if (!first.settle) this.firstReads.delete(id);
    this.homePoller.forget();
    for (const p of this.calendars.values()) p.forget();
    this.active = false;
    const w = this.userWriter;
    this.userWriter = null;
    this.pending = this.retrying = this.notSent = 0;
    if (!w) return 0;
    w.closed = true;
    let kept = 0;
    if (keepOutbox) {
      try {
        kept = await this.outbox.keep(w);
      } catch (e) {
        this.log.warn('[engine] unsent changes could not be kept:', e);
      }
    }
    if (destroy) await w.mirror.destroy();
    else w.mirror.close();
    return kept;
  }

  private startRealtime(): void {
    const s = this.session.state;
    const rt = this.config.realtime;
    // The backend's WsConfig (GET /app) with config.json's overrides: no key in either, no socket.
    const ws = mergeWsConfig(this.settings.current?.WsConfig, rt.overrides);
    if (s.status !== 'signed-in' || !ws) return;
    const auth = channelAuth({ endpoint: rt.authEndpoint ?? this.api.url('/broadcasting/auth'), token: s.token, mode: rt.authHeaders, appVersion: this.config.appVersion });
    this.realtime.start(
      { ws, authEndpoint: auth.endpoint, authHeaders: auth.headers, eventNames: rt.eventNames, pageHost: new URL(this.config.pageOrigin).hostname },
      s.user.id,
    );
    this.realtime.setOnline(this.online);
  }

  /** Polls while someone can see it: signed in, online, and some tab visible. Becoming active refreshes at once. */
  private updateActivity(): void {
    const active = !!this.writer && this.online && this.tabs.anyVisible();
    const becameActive = active && !this.active;
    this.active = active;
    const pollers = [this.homePoller, ...this.calendars.values()];
    for (const p of pollers) {
      if (active) p.start(becameActive);
      else p.stop();
    }
    this.emitStatus();
  }

  /**
   * A realtime channel is subscribed again after its events may have been missed (or a
   * conversation's for the first time, whose newest page is read then): what it keeps fresh is
   * re-read in requests that start now (one in flight may have read before what was missed).
   * The inbox channel: home (unread counts), the conversation list's first page; a conversation's
   * channel: its newest messages.
   */
  private catchUp(what: CatchUp): void {
    if (what.kind === 'conversation') {
      const list: ListKey = { kind: 'messages', conversationId: what.id };
      const read = this.writer ? this.flights.runFresh(`list:${listKeyId(list)}:first`, () => this.guarded(() => refreshFirstPage(this.ctx, list))) : Promise.resolve(guest<{ hasMore: boolean }>());
      this.settleFirstRead(what.id, read);
      return;
    }
    // Its first subscription: the list's first page again if it was read before (the unread counts
    // come with home's next poll); nothing was missed of what is read only from now on.
    const first = 'list:conversations:first';
    if (what.first && !this.flights.started(first) && !this.flights.started('list:conversations')) return;
    if (!what.first) void this.homePoller.kickFresh();
    void this.flights.runFresh(first, () => this.guarded(() => refreshFirstPage(this.ctx, { kind: 'conversations' })));
  }

  /** A class some screen may show (it is in the mirror) is re-read; one never seen is left to the lists and months. */
  private async refreshMirroredClass(id: number): Promise<void> {
    const w = this.writer;
    if (!w || !(await w.mirror.get('classes', id).catch(() => undefined))) return;
    const r: Resource = { kind: 'class', id };
    await this.flights.runFresh(resourceId(r), () => this.guarded(() => refreshResource(this.ctx, r)));
  }

  private startWatch(k: WatchKey): void {
    if (k.kind === 'conversation') {
      // Its channel subscribed first, its newest page read after (RealtimeSync.watchConversation).
      // A first read still waiting is the one the screen joins; the conversation already watched
      // (the user's sync started again) is read again once its channel hears: nothing to wait for.
      if (this.firstReads.get(k.id)?.settle) return void this.realtime.watchConversation(k.id);
      const first: { read: Promise<PageResult>; settle: ((read: Promise<PageResult>) => void) | null } = { read: Promise.resolve(guest()), settle: null };
      first.read = new Promise((resolve) => (first.settle = resolve));
      this.firstReads.set(k.id, first);
      if (!this.realtime.watchConversation(k.id) && first.settle && this.firstReads.get(k.id) === first) this.firstReads.delete(k.id);
      return;
    }
    let p = this.calendars.get(k.month);
    if (!p) {
      const month = k.month;
      p = new Poller(this.clock, this.settings.calendarInterval, () => this.flights.run(`calendar:${month}`, () => this.guarded(() => refreshCalendarMonth(this.ctx, month))));
      this.calendars.set(month, p);
    }
    if (this.active) p.start(true);
  }

  private stopWatch(k: WatchKey): void {
    if (k.kind === 'conversation') {
      this.realtime.unwatchConversation(k.id);
      // Left before its channel heard: whoever waits for its first read gets one of its own.
      if (this.firstReads.get(k.id)?.settle) this.settleFirstRead(k.id, this.loadMore({ kind: 'messages', conversationId: k.id }, { fromStart: true, now: true }));
      return;
    }
    this.calendars.get(k.month)?.stop();
    this.calendars.delete(k.month);
  }

  /**
   * The server accepted a mutation: what its policy names is re-read in the background, in requests
   * that start now (one already in flight may have read before the change).
   */
  private accepted(o: Extract<SendOutcome, { kind: 'done' | 'invalid' }>, m: Mutation): void {
    const policy = policyOf(m.name);
    for (const r of refreshesOf(m)) void this.refreshNow(r, { fresh: true });
    if (policy.calendars) for (const p of this.calendars.values()) void p.kickFresh();
    const token = o.kind === 'done' ? o.spec.newToken?.(o.reply) : null;
    if (token) this.session.replaceToken(token);
  }

  /**
   * The server refused a mutation with a code that says the screen showed stale state (the
   * policy's `onRejected`): what it showed is re-read in requests that start now. Answers whether
   * anything was re-read.
   */
  private async rejected(m: Mutation, error: EngineError): Promise<boolean> {
    const on = policyOf(m.name).onRejected;
    if (!on || !error.code || !on.codes.includes(error.code)) return false;
    await Promise.all(on.refresh(m).map((r) => this.refreshNow(r, { fresh: true })));
    return true;
  }

  /** Stops everything this engine runs (its tab closed; tests). The mirror stays for the next leader. */
  shutdown(): void {
    void this.closeUser(false);
    this.device?.close();
  }

  private tracked<T>(work: Promise<T>): Promise<T> {
    this.sessionWork.add(work);
    const done = () => void this.sessionWork.delete(work);
    work.then(done, done);
    return work;
  }

  /** Resolves once no hello, sign-in or sign-out is under way (see `sessionWork`). */
  private async sessionSettled(): Promise<void> {
    while (this.sessionWork.size > 0) await Promise.allSettled([...this.sessionWork]);
  }

  private applyOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    this.realtime.setOnline(online);
    if (online) {
      void this.outbox.drain();
      if (!this.settings.current) void this.refreshNow('app');
      if (this.session.checkPending()) void this.refreshNow('user');
    }
    this.updateActivity();
  }

  // ---- EngineApi ----
  //
  // A tab's calls that describe it (hello, bye, visibility, online, watches) take effect in the
  // order they were made: each waits for `ready` and then applies its state without another wait,
  // so a hello that waited for the engine to start cannot undo what the tab said after it (an
  // `online` that came back while a new leader was starting, a tab hidden meanwhile).

  hello(tabId: string, opts: HelloOptions = {}) {
    // The tab holds its presence lock before its hello: the engine learns when it is gone without a bye.
    this.deps.watchPresence?.(tabId, () => void this.bye(tabId));
    return this.tracked(this.helloNow(tabId, opts));
  }

  private async helloNow(tabId: string, opts: HelloOptions) {
    await this.ready;
    if (opts.apiBase) this.config.apiBase = opts.apiBase;
    if (opts.appVersion) this.config.appVersion = opts.appVersion;
    if (opts.pageOrigin) this.config.pageOrigin = opts.pageOrigin;
    if (opts.realtime && JSON.stringify(opts.realtime) !== JSON.stringify(this.config.realtime)) {
      this.config.realtime = opts.realtime;
      this.startRealtime(); // a socket already up (another tab's hello) follows the new conventions
    }
    this.tabs.add(tabId, opts.visible ?? true);
    if (opts.online !== undefined) this.applyOnline(opts.online);
    // The stored settings answer at once; fresh ones are fetched once per engine start.
    if (!this.appRequested) {
      this.appRequested = true;
      void this.refreshNow('app');
    }
    await this.session.helloFrom(opts);
    this.updateActivity();
    return { session: this.session.state as SessionState, settings: this.settings.current, status: this.status() };
  }

  async bye(tabId: string) {
    await this.ready;
    for (const k of this.tabs.remove(tabId)) this.stopWatch(k);
    this.updateActivity();
  }

  async setTabVisible(tabId: string, visible: boolean) {
    await this.ready;
    this.tabs.setVisible(tabId, visible);
    this.updateActivity();
  }

  async setOnline(online: boolean) {
    await this.ready;
    this.applyOnline(online);
  }

  signIn(token: string, user: User) {
    return this.tracked(this.session.signIn(token, user));
  }

  signOut(opts?: { force?: boolean }) {
    return this.tracked(this.session.signOut(opts));
  }

  async watch(tabId: string, key: WatchKey) {
    await this.ready;
    if (this.tabs.watch(tabId, key)) this.startWatch(key);
  }

  async unwatch(tabId: string, key: WatchKey) {
    await this.ready;
    if (this.tabs.unwatch(tabId, key)) this.stopWatch(key);
  }

  /** A screen opening refreshes in the background; data fetched in the last moment answers instead of a new request. */
  async refresh(resource: Resource, opts?: { force?: boolean }): Promise<Result<null>> {
    await this.sessionSettled();
    return this.refreshNow(resource, { maxAgeMs: opts?.force ? 0 : SCREEN_REFRESH_MAX_AGE_MS });
  }

  private async refreshNow(resource: Resource, { maxAgeMs = 0, fresh = false }: Freshness = {}): Promise<Result<null>> {
    await this.ready;
    const run = (key: string, job: () => Promise<Result<null>>) => (fresh ? this.flights.runFresh(key, job) : this.flights.run(key, job, maxAgeMs));
    if (resource === 'app') return run('app', () => this.settings.refresh());
    // The user, while the stored sign-in could not be checked: checking it is what reads them.
    if (resource === 'user' && this.session.checkPending()) return run('token-check', () => this.session.recheck());
    if (!this.writer) return guest();
    if (!this.online) return offline();
    if (resource === 'user') return run('user', () => this.refreshUser());
    if (resource === 'notifications-all') return run('notifications-all', () => this.guarded(() => refreshAllNotifications(this.ctx)));
    if (resource === 'home') return (await (fresh ? this.homePoller.kickFresh() : this.homePoller.kick(maxAgeMs))) ?? fetchFailed();
    if (typeof resource !== 'string' && resource.kind === 'calendar') {
      // The month's poll runs in the same flight: a screen asking joins it, or reads afresh.
      const { month } = resource;
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return fetchFailed();
      return run(`calendar:${month}`, () => this.guarded(() => refreshCalendarMonth(this.ctx, month)));
    }
    return run(resourceId(resource), () => this.guarded(() => refreshResource(this.ctx, resource)));
  }

  /**
   * `GET /user`, a convenience the spec does not list: a backend that answers 404 has none, and the
   * user comes from the session check (`POST /token/valid`, which answers the user) from then on,
   * quietly (no error for the screens).
   */
  private async refreshUser(): Promise<Result<null>> {
    if (!this.noUserCall) {
      const r = await this.guarded(() => refreshResource(this.ctx, 'user'));
      if (r.ok || r.error.status !== 404) return r;
      this.noUserCall = true;
    }
    return this.session.rereadUser();
  }

  private settleFirstRead(id: number, read: Promise<PageResult>): void {
    const first = this.firstReads.get(id);
    if (!first?.settle) return;
    first.settle(read);
    first.settle = null;
    const done = () => {
      if (this.firstReads.get(id) === first) this.firstReads.delete(id);
    };
    read.then(done, done);
  }

  async loadMore(list: ListKey, opts?: { fromStart?: boolean; now?: boolean }): Promise<PageResult> {
    await this.ready;
    await this.sessionSettled();
    if (!this.writer) return guest();
    if (!this.online) return offline();
    if (opts?.fromStart) {
      const first = list.kind === 'messages' && !opts.now ? this.firstReads.get(list.conversationId) : undefined;
      if (first) return first.read;
      return this.flights.run(`list:${listKeyId(list)}:first`, () => this.guarded(() => refreshFirstPage(this.ctx, list)), SCREEN_REFRESH_MAX_AGE_MS);
    }
    return this.flights.run(`list:${listKeyId(list)}`, () => this.guarded(() => loadMore(this.ctx, list)));
  }

  async call<T = unknown>(req: CallRequest): Promise<Result<T>> {
    await this.ready;
    await this.sessionSettled();
    if (!this.online) return offline();
    const reply = await this.api.request(req, { anonymous: !this.writer });
    if (reply.ok) return { ok: true, data: reply.body as T };
    return { ok: false, error: toEngineError(reply, null, MESSAGES.actionFailed) };
  }

  async mutate(m: Mutation): Promise<Result<MutateData>> {
    try {
      return await this.mutateNow(m);
    } catch (e) {
      this.log.warn(`[engine] ${m.name} failed:`, e);
      return { ok: false, error: { kind: 'server', message: policyOf(m.name).failure } };
    }
  }

  private async mutateNow(m: Mutation): Promise<Result<MutateData>> {
    await this.ready;
    await this.sessionSettled();
    if (!this.writer) return guest();
    const policy = policyOf(m.name);
    if (policy.queue) {
      const spec = mutationSpecOf(m);
      return this.outbox.enqueue(m, spec.optimistic ? await spec.optimistic(m, this.ctx) : []);
    }
    // Money and time-critical actions are never queued: offline they fail at once.
    if (!this.online) return offline(policy.offline);
    const w = this.writer;
    const o = await sendMutation(this.ctx, m);
    if (o.kind === 'done') {
      const seq = this.writer === w ? await w.commit(o.changes) : this.seq.value;
      this.accepted(o, m);
      return { ok: true, data: { reply: o.reply, seq, epoch: this.seq.epoch } };
    }
    if (o.kind === 'invalid') this.accepted(o, m);
    // A refusal that re-read the screen's data answers after it, with the last change's seq for the tab to wait for.
    if (o.kind === 'rejected' && (await this.rejected(m, o.error))) return { ok: false, error: { ...o.error, seq: this.seq.value, epoch: this.seq.epoch } };
    return { ok: false, error: o.error };
  }

  async discard(mutationId: string) {
    await this.sessionSettled();
    await this.outbox.discard(mutationId);
  }

  async retry(mutationId: string) {
    await this.sessionSettled();
    await this.outbox.retry(mutationId);
  }

  async saveDraft(key: string, value: unknown): Promise<void> {
    await this.sessionSettled();
    const w = this.writer;
    if (!w) return;
    const id = draftKey(key);
    const empty = value === null || value === undefined || value === '';
    try {
      await w.commit([empty ? { table: 'kv', deletes: [id] } : { table: 'kv', upserts: [{ key: id, value } as unknown as Row] }]);
    } catch (e) {
      // The mirror closed meanwhile (sign-out): the draft goes with it, as it should.
      if (this.writer) this.log.warn('[engine] draft not kept:', e);
    }
  }

  async snapshot(table: MirrorTableName): Promise<unknown[]> {
    await this.ready;
    await this.sessionSettled();
    return this.writer ? this.writer.mirror.getAll(table) : [];
  }
}

export const createEngine = (deps: EngineDeps) => new Engine(deps);
