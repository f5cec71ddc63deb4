import { z } from 'zod';
import * as E from '../../db/entities.ts';
import type { CallRequest, EngineEvent, HelloOptions, Result, SessionState } from '../../db/engine-api.ts';
import { MESSAGES } from '../../db/messages.ts';
import type { Writer } from '../sync/writer.ts';
import { parseReply } from '../sync/validate.ts';
import type { ApiReply, RequestOptions } from '../transport/api-client.ts';

const tokenValid = z.looseObject({ valid: z.boolean(), user: E.user.optional() });

/** What the session needs of the engine around it (the engine implements it; see Engine's constructor). */
export interface SessionHost {
  request(req: CallRequest, opts?: RequestOptions): Promise<ApiReply>;
  /** A reply that does not fit its schema (see sync/validate.ts). */
  reportInvalid(path: string, issues: string): void;
  /** Tells every tab. */
  emit(e: EngineEvent): void;
  emitStatus(): void;
  /** Opens the user's mirror and answers its writer. */
  openUser(user: E.User): Promise<Writer>;
  /** The open user's writer, or null as a guest. */
  writer(): Writer | null;
  /** Starts (or restarts, after a new token) polling, realtime and the outbox for the open user. */
  startUserSync(): void;
  /**
   * Stops the user's sync and closes their mirror; `destroy` deletes it. With `keepOutbox`, the
   * unsent entries are first kept on the device for the same user's next sign-in; answers how many
   * the device keeps for them (0 without `keepOutbox`).
   */
  closeUser(destroy: boolean, keepOutbox?: boolean): Promise<number>;
  /** Puts the entries the device kept for the signed-in user back into their outbox (before their sync starts); never throws. */
  restoreOutbox(): Promise<void>;
  /** How many entries the device keeps for the user whose session ended last (0 once someone signed in since). */
  keptOutbox(): Promise<number>;
}

/**
 * Who is signed in, for the whole browser. Transitions run one at a time. Signing out (or a 401,
 * or a token the server no longer knows) ends the session in every tab and deletes that user's
 * mirror, so the next person on the device sees nothing of the last. A deliberate sign-out asks
 * first when changes are unsent and then discards them; a session that ends without the user's
 * say keeps them on the device (tied to the user id, counted in `SessionState.unsent` for the
 * sign-in page) and gives them back to that same user's next sign-in, to be sent once.
 */
export class SessionControl {
  state: SessionState = { status: 'guest' };
  private chain: Promise<unknown> = Promise.resolve();
  /** The device was asked (once per engine) whether a session that ended before this engine started left changes waiting. */
  private askedKept = false;
  /** A stored token whose check failed, with no stored user to open the session with meanwhile. */
  private unchecked: string | null = null;

  constructor(private readonly e: SessionHost) {}

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** A tab's stored session: adopted at once when the engine is a guest (then checked with the server). */
  helloFrom(opts: HelloOptions): Promise<void> {
    return this.exclusive(async () => {
      if (this.state.status === 'guest' && opts.token) await this.adopt(opts.token, opts.user ?? null, true);
      if (this.state.status === 'guest' && !this.askedKept) {
        this.askedKept = true;
        // The session ended (a 401) before this engine started: its sign-in page still says what waits.
        const unsent = await this.e.keptOutbox();
        if (unsent > 0 && this.state.status === 'guest' && this.state.unsent === undefined) {
          this.state = { ...this.state, unsent };
          this.e.emit({ type: 'session', session: this.state });
        }
      }
    });
  }

  signIn(token: string, given: E.User): Promise<void> {
    // The sign-in reply's user as the engine reads users (defaults for what the spec does not name, e.g. email).
    const read = E.user.safeParse(given);
    const user = read.success ? read.data : given;
    return this.exclusive(async () => {
      const s = this.state;
      if (s.status === 'signed-in' && s.user.id === user.id) {
        this.state = { status: 'signed-in', token, user };
        await this.e.writer()?.commit([{ table: 'kv', upserts: [{ key: 'user', value: user }] }]);
        this.e.emit({ type: 'session', session: this.state });
        if (s.token !== token) this.e.startUserSync();
        return;
      }
      // Another user over a live session (a stale sign-in form): the first one's unsent changes wait for them.
      if (s.status === 'signed-in') await this.e.closeUser(true, true);
      await this.adopt(token, user, false, true);
    });
  }

  signOut(opts: { force?: boolean } = {}): Promise<Result<null>> {
    return this.exclusive(async () => {
      if (this.state.status === 'guest') return { ok: true, data: null };
      const w = this.e.writer();
      const pending = w ? (await w.mirror.getAll('outbox')).length : 0;
      if (pending > 0 && !opts.force) return { ok: false, error: { kind: 'rejected', message: MESSAGES.unsentChanges } };
      // Revoke the token on the server; the request captures the token before the session ends.
      void this.e.request({ method: 'POST', path: '/logout' }).catch(() => undefined);
      await this.end('signed-out');
      return { ok: true, data: null };
    });
  }

  /** A 401 for the current token: everyone is signed out (a reply for an older token is ignored). */
  unauthorized(token: string): void {
    if (this.state.status !== 'signed-in' || this.state.token !== token) return;
    void this.exclusive(async () => {
      if (this.state.status === 'signed-in' && this.state.token === token) await this.end('unauthorized');
    });
  }

  /** A password change revoked the other tokens and answered a new one. */
  replaceToken(token: string): void {
    if (this.state.status !== 'signed-in') return;
    this.state = { ...this.state, token };
    this.e.emit({ type: 'session', session: this.state });
    this.e.startUserSync();
  }

  private async adopt(token: string, known: E.User | null, validate: boolean, fresh = false): Promise<void> {
    let user = known;
    this.unchecked = null;
    if (!user) {
      const v = await this.validate(token);
      if (v === 'invalid') {
        this.state = { status: 'guest', reason: 'invalid-token' };
        this.e.emit({ type: 'session', session: this.state });
        return;
      }
      if (!v || v === 'valid') {
        // Not checked (offline, a failure) and no stored user: a guest until it is (recheck), and the tabs say so.
        this.unchecked = token;
        this.state = { status: 'guest', checkFailed: true };
        this.e.emit({ type: 'session', session: this.state });
        return;
      }
      user = v;
      validate = false;
    }
    const writer = await this.e.openUser(user);
    // The mirror's copy of the user is fresher than the tab's localStorage one, unless this is a fresh sign-in.
    const stored = fresh ? null : E.user.safeParse((await writer.mirror.get('kv', 'user'))?.value);
    if (stored?.success && stored.data.id === user.id) user = stored.data;
    else await writer.commit([{ table: 'kv', upserts: [{ key: 'user', value: user }] }]);
    this.state = { status: 'signed-in', token, user };
    this.e.emit({ type: 'session', session: this.state });
    this.askedKept = true;
    await this.e.restoreOutbox();
    this.e.startUserSync();
    if (validate) void this.checkLater(token);
  }

  /**
   * The mirror's user row was written (a reply, a patch such as the new timezone): the session's copy
   * follows, so what reads it — the timezone replies are read in (db/derive.ts) — is never stale.
   */
  userStored(upserts: unknown[]): void {
    const s = this.state;
    if (s.status !== 'signed-in') return;
    const row = upserts.find((r): r is { key: string; value: unknown } => (r as { key?: unknown } | null)?.key === 'user');
    if (!row) return;
    const read = E.user.safeParse(row.value);
    if (read.success && read.data.id === s.user.id) this.state = { ...s, user: read.data };
  }

  /** POST /token/valid: the user when valid ('valid' when no user came with it), 'invalid' when the server says no, null when it cannot tell. */
  private async validate(token: string): Promise<E.User | 'valid' | 'invalid' | null> {
    const reply = await this.e.request({ method: 'POST', path: '/token/valid', body: { token } }, { anonymous: true, retries: 2 });
    if (!reply.ok) return null;
    const v = parseReply(tokenValid, reply.body, '/token/valid', (path, issues) => this.e.reportInvalid(path, issues));
    if (!v) return null;
    return v.valid && v.user ? v.user : v.valid ? 'valid' : 'invalid';
  }

  /**
   * Checks the stored sign-in the session was opened with. Refused: everyone is signed out. Not
   * checked (offline, a failure): the session goes on from the mirror, marked `checkFailed` for
   * the tabs, until `recheck` (a tab's Retry, the network coming back) gets an answer.
   */
  private async checkLater(token: string): Promise<Result<null>> {
    const v = await this.validate(token);
    const s = this.state;
    if (s.status !== 'signed-in' || s.token !== token) return { ok: true, data: null };
    if (v === 'invalid') {
      await this.exclusive(() => this.end('invalid-token'));
      return { ok: false, error: { kind: 'unauthorized', status: 401, message: MESSAGES.sessionEnded } };
    }
    if (v === null) {
      if (!s.checkFailed) {
        this.state = { ...s, checkFailed: true };
        this.e.emit({ type: 'session', session: this.state });
      }
      return { ok: false, error: { kind: 'server', message: MESSAGES.authCheckFailed } };
    }
    const user = v !== 'valid' && v.id === s.user.id ? v : s.user;
    this.state = { status: 'signed-in', token, user };
    if (user !== s.user) await this.e.writer()?.commit([{ table: 'kv', upserts: [{ key: 'user', value: user }] }]);
    if (s.checkFailed) this.e.emit({ type: 'session', session: this.state });
    return { ok: true, data: null };
  }

  /**
   * Reads the signed-in user again through the session check (`POST /token/valid` answers `valid,
   * user`): the way to a fresh user on a backend without `GET /user`, which the spec does not list.
   */
  rereadUser(): Promise<Result<null>> {
    const s = this.state;
    return s.status === 'signed-in' ? this.checkLater(s.token) : Promise.resolve({ ok: true, data: null });
  }

  /** A stored sign-in that could not be checked is waiting for an answer (see `recheck`). */
  checkPending(): boolean {
    const s = this.state;
    return s.status === 'signed-in' ? s.checkFailed === true : this.unchecked !== null;
  }

  /** Asks the server again about a stored sign-in it could not check; answers how that went. */
  recheck(): Promise<Result<null>> {
    const s = this.state;
    if (s.status === 'signed-in') return s.checkFailed ? this.checkLater(s.token) : Promise.resolve({ ok: true, data: null });
    const token = this.unchecked;
    if (!token) return Promise.resolve({ ok: true, data: null });
    return this.exclusive(async (): Promise<Result<null>> => {
      if (this.state.status !== 'guest' || this.unchecked !== token) return { ok: true, data: null };
      await this.adopt(token, null, false);
      const now = this.state as SessionState;
      if (now.status === 'signed-in') return { ok: true, data: null };
      return now.reason === 'invalid-token'
        ? { ok: false, error: { kind: 'unauthorized', status: 401, message: MESSAGES.sessionEnded } }
        : { ok: false, error: { kind: 'server', message: MESSAGES.authCheckFailed } };
    });
  }

  private async end(reason: 'signed-out' | 'unauthorized' | 'invalid-token'): Promise<void> {
    this.unchecked = null;
    this.state = { status: 'guest', reason };
    // Tabs hear it first (their screens clear at once), then the mirror goes. Unsent changes are
    // discarded only by a sign-out the user confirmed; otherwise they wait for the same user.
    this.e.emit({ type: 'session', session: this.state });
    const unsent = await this.e.closeUser(true, reason !== 'signed-out');
    if (unsent > 0 && this.state.status === 'guest' && this.state.reason === reason) {
      this.state = { status: 'guest', reason, unsent };
      this.e.emit({ type: 'session', session: this.state });
    }
    this.e.emitStatus();
  }
}
