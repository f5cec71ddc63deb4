import type { CallRequest } from '../../db/engine-api.ts';
import type { Clock } from '../ports.ts';
import { backoffDelay, isTransient } from '../retry/backoff.ts';
import { Validators } from './validators.ts';
import { acceptLanguage } from './language.ts';

export type ApiReply =
  | {
      ok: true;
      status: number;
      body: unknown;
      /** Revalidated GETs only: the reply's `ETag`, if any. */
      etag?: string | null;
      /** Revalidated GETs only: `304`, what the caller stored is current (no body). */
      notModified?: true;
      /** Revalidated GETs only: remembers the reply's tag; call it once the reply is stored. */
      keep?: () => void;
    }
  | { ok: false; failure: 'network' | 'timeout' | 'http'; status?: number; body?: unknown };

export interface ApiClientOptions {
  fetch: typeof fetch;
  clock: Clock;
  random: () => number;
  /** Absolute API base, e.g. `http://host/api`. */
  base(): string;
  token(): string | null;
  appVersion(): string;
  timeoutMs: number;
  /** Called when a request made with `token` answered 401 (the engine signs out everywhere). */
  onUnauthorized(token: string): void;
}

export interface RequestOptions {
  /** Retries on network errors and 5xx (GETs; a write retries only through the outbox). Default: GETs only. */
  retries?: number;
  /** Send without the bearer token (guest calls). */
  anonymous?: boolean;
  /**
   * A GET whose reply the caller stores: sends `If-None-Match` with the tag remembered for its URL
   * (none remembered, or a backend without ETags: a plain GET), and answers a `304` as
   * `notModified`. The tag of a 200 is remembered only when the caller calls `keep()`.
   */
  revalidate?: boolean;
}

/**
 * The only place that talks HTTP: adds the bearer token and the `X-Platform`/`X-App-Version`
 * headers, times out with an AbortController, retries GETs with backoff, and reports a 401 once.
 * It never throws: every outcome is an `ApiReply`.
 */
export function createApiClient(o: ApiClientOptions) {
  const urlOf = (path: string) => (/^https?:\/\//i.test(path) ? path : o.base().replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  /** The ETags of this session's stored replies; the engine clears them when the session ends. */
  const validators = new Validators();

  async function once(req: CallRequest, anonymous: boolean, ifNoneMatch?: string): Promise<ApiReply> {
    // A third party's service gets a simple request: no headers of ours (no preflight), no token.
    const headers: Record<string, string> = req.thirdParty ? {} : { Accept: 'application/json', 'Accept-Language': acceptLanguage(), 'X-Platform': 'web', 'X-App-Version': o.appVersion() };
    if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
    const token = anonymous || req.thirdParty ? null : o.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
    let body: BodyInit | undefined;
    if (req.form) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(req.form)) fd.append(k, v);
      body = fd;
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = o.clock.setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, o.timeoutMs);
    try {
      // no-store: the browser neither answers from its cache nor revalidates on its own, so a 304
      // to our If-None-Match reaches us as it is (and costs no parse).
      const res = await o.fetch(urlOf(req.path), { method: req.method, headers, body, signal: ctrl.signal, cache: 'no-store' });
      if (res.status === 304 && ifNoneMatch) {
        await res.body?.cancel().catch(() => undefined);
        return { ok: true, status: 304, body: undefined, notModified: true };
      }
      const text = await res.text();
      let parsed: unknown = text;
      if (text && !req.thirdParty && (res.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {
          /* a body that says it is JSON but is not: keep the text, validation will refuse it */
        }
      }
      if (res.status === 401 && token) o.onUnauthorized(token);
      if (res.ok) return ifNoneMatch === undefined ? { ok: true, status: res.status, body: parsed } : { ok: true, status: res.status, body: parsed, etag: res.headers.get('etag') };
      return { ok: false, failure: 'http', status: res.status, body: parsed };
    } catch {
      return { ok: false, failure: timedOut ? 'timeout' : 'network' };
    } finally {
      o.clock.clearTimeout(timer);
    }
  }

  return {
    url: urlOf,
    validators,
    async request(req: CallRequest, opts: RequestOptions = {}): Promise<ApiReply> {
      const retries = opts.retries ?? (req.method === 'GET' ? 3 : 0);
      const revalidate = !!opts.revalidate && req.method === 'GET';
      const url = urlOf(req.path);
      const keeper = revalidate ? validators.keeper(url) : null;
      for (let attempt = 0; ; attempt++) {
        // '' marks a revalidated request that has no tag to send (its 200 still reports its ETag).
        const reply = await once(req, !!opts.anonymous, revalidate ? (validators.get(url) ?? '') : undefined);
        if (reply.ok && keeper && !reply.notModified) reply.keep = () => keeper(reply.etag);
        if (reply.ok || attempt >= retries || !isTransient(reply)) return reply;
        await new Promise<void>((r) => o.clock.setTimeout(r, backoffDelay(attempt, { random: o.random })));
      }
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
