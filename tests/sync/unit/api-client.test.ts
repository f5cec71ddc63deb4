import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../worker/transport/api-client.ts';
import { backoffDelay } from '../../../worker/retry/backoff.ts';
import { systemClock } from '../../../worker/engine/deps.ts';

function client(replies: (() => Response | Promise<Response>)[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const unauthorized: string[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    const next = replies.shift();
    if (!next) throw new TypeError('no more replies');
    return next();
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({
    fetch, clock: systemClock, random: () => 0, base: () => 'http://x/api', token: () => 'tok', appVersion: () => '1.2.3',
    timeoutMs: 1000, onUnauthorized: (t) => unauthorized.push(t),
  });
  return { api, seen, unauthorized };
}
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API client', () => {
  it('sends the bearer token, the platform and version headers, and the idempotency key', async () => {
    const { api, seen } = client([json(200, { ok: 1 })]);
    const r = await api.request({ method: 'POST', path: '/x', body: { a: 1 }, idempotencyKey: 'k1' });
    expect(r).toEqual({ ok: true, status: 200, body: { ok: 1 } });
    expect(seen[0]!.url).toBe('http://x/api/x');
    expect(seen[0]!.init.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Platform': 'web', 'X-App-Version': '1.2.3', 'Idempotency-Key': 'k1' });
  });

  it('retries a GET on 5xx and network errors, never a POST, never a 4xx', async () => {
    const a = client([json(503, {}), () => Promise.reject(new TypeError('down')), json(200, { ok: 1 })]);
    expect((await a.api.request({ method: 'GET', path: 'http://elsewhere/next?page=2' })).ok).toBe(true);
    expect(a.seen.map((s) => s.url)).toEqual(Array(3).fill('http://elsewhere/next?page=2'));

    const b = client([json(503, {}), json(200, {})]);
    expect(await b.api.request({ method: 'POST', path: '/x' })).toMatchObject({ ok: false, failure: 'http', status: 503 });
    const c = client([json(404, { message: 'Not found.' }), json(200, {})]);
    expect(await c.api.request({ method: 'GET', path: '/x' })).toMatchObject({ ok: false, status: 404 });
    expect(c.seen).toHaveLength(1);
  });

  it('times out, and reports a 401 for the token it used', async () => {
    // A server that never answers: the request is aborted after timeoutMs.
    const hanging = ((_u: string, init: RequestInit) =>
      new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as unknown as typeof fetch;
    const api = createApiClient({
      fetch: hanging, clock: systemClock, random: () => 0, base: () => 'http://x/api', token: () => null, appVersion: () => 'v', timeoutMs: 20, onUnauthorized: () => {},
    });
    expect(await api.request({ method: 'POST', path: '/x' })).toEqual({ ok: false, failure: 'timeout' });

    const u = client([json(401, { message: 'Unauthenticated.' })]);
    expect(await u.api.request({ method: 'GET', path: '/user' })).toMatchObject({ ok: false, status: 401 });
    expect(u.unauthorized).toEqual(['tok']);
  });

  it('backs off exponentially with jitter, within bounds', () => {
    expect(backoffDelay(0, { random: () => 0 })).toBe(100);
    expect(backoffDelay(0, { random: () => 1 })).toBe(400);
    expect(backoffDelay(3, { random: () => 1 })).toBe(3200);
    expect(backoffDelay(20, { random: () => 1 })).toBe(10_000);
  });
});
