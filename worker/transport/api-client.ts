import type { CallRequest } from '../../db/engine-api.ts';
import type { Clock } from '../engine/deps.ts';
import { backoffDelay, isRetryable } from '../retry/backoff.ts';

export type ApiReply =
  | { ok: true; status: number; body: unknown }
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
}

/**
 * The only place that talks HTTP: adds the bearer token and the `X-Platform`/`X-App-Version`
 * headers, times out with an AbortController, retries GETs with backoff, and reports a 401 once.
 * It never throws: every outcome is an `ApiReply`.
 */
export function createApiClient(o: ApiClientOptions) {
  const urlOf = (path: string) => (/^https?:\/\//i.test(path) ? path : o.base().replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));

  async function once(req: CallRequest, anonymous: boolean): Promise<ApiReply> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Platform': 'web', 'X-App-Version': o.appVersion() };
    const token = anonymous ? null : o.token();
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
      const res = await o.fetch(urlOf(req.path), { method: req.method, headers, body, signal: ctrl.signal });
      const text = await res.text();
      let parsed: unknown = text;
      if (text && (res.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {
          /* a body that says it is JSON but is not: keep the text, validation will refuse it */
        }
      }
      if (res.status === 401 && token) o.onUnauthorized(token);
      if (res.ok) return { ok: true, status: res.status, body: parsed };
      return { ok: false, failure: 'http', status: res.status, body: parsed };
    } catch {
      return { ok: false, failure: timedOut ? 'timeout' : 'network' };
    } finally {
      o.clock.clearTimeout(timer);
    }
  }

  return {
    url: urlOf,
    async request(req: CallRequest, opts: RequestOptions = {}): Promise<ApiReply> {
      const retries = opts.retries ?? (req.method === 'GET' ? 3 : 0);
      for (let attempt = 0; ; attempt++) {
        const reply = await once(req, !!opts.anonymous);
        if (reply.ok || attempt >= retries || !isRetryable(reply)) return reply;
        await new Promise<void>((r) => o.clock.setTimeout(r, backoffDelay(attempt, { random: o.random })));
      }
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
