import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../worker/transport/api-client.ts';
import { backoffDelay } from '../../../worker/retry/backoff.ts';
import { systemClock } from '../../../worker/ports.ts';

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

  it('revalidates a GET with the tag of the stored reply, once the caller kept it; a 304 is "not modified"', async () => {
    const tagged = (etag: string | null, status = 200) => () =>
      new Response(status === 304 ? null : JSON.stringify({ n: 1 }), { status, headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) } });
    const { api, seen } = client([tagged('W/"a"'), tagged('W/"a"'), tagged('W/"a"', 304), tagged(null), tagged(null), tagged('W/"b"'), tagged('W/"b"')]);
    const header = (i: number) => (seen[i]!.init.headers as Record<string, string>)['If-None-Match'];

    const first = await api.request({ method: 'GET', path: '/home' }, { revalidate: true });
    expect(first).toMatchObject({ ok: true, status: 200, body: { n: 1 }, etag: 'W/"a"' });
    expect(seen[0]!.init.cache).toBe('no-store');
    expect(header(0)).toBeUndefined();
    // Not kept (say, the reply did not fit): the next read is a full one.
    await api.request({ method: 'GET', path: '/home' }, { revalidate: true }).then((r) => r.ok && r.keep?.());
    expect(header(1)).toBeUndefined();
    const third = await api.request({ method: 'GET', path: '/home' }, { revalidate: true });
    expect(header(2)).toBe('W/"a"');
    expect(third).toEqual({ ok: true, status: 304, body: undefined, notModified: true });
    // A reply without a tag forgets the one kept: the backend stopped sending them.
    await api.request({ method: 'GET', path: '/home' }, { revalidate: true }).then((r) => r.ok && r.keep?.());
    expect(header(3)).toBe('W/"a"');
    await api.request({ method: 'GET', path: '/home' }, { revalidate: true });
    expect(header(4)).toBeUndefined();
    // A session that ended while the request ran keeps nothing; other calls never send a tag.
    const late = await api.request({ method: 'GET', path: '/home' }, { revalidate: true });
    api.validators.clear();
    if (late.ok) late.keep?.();
    expect(api.validators.size).toBe(0);
    await api.request({ method: 'GET', path: '/home' });
    expect(header(6)).toBeUndefined();
  });

  it('a 304 to a request that sent no tag is a failure, not "nothing new"', async () => {
    const { api } = client([() => new Response(null, { status: 304 })]);
    expect(await api.request({ method: 'GET', path: '/x' }, { retries: 0 })).toMatchObject({ ok: false, failure: 'http', status: 304 });
  });

  it('backs off exponentially with jitter, within bounds', () => {
    expect(backoffDelay(0, { random: () => 0 })).toBe(100);
    expect(backoffDelay(0, { random: () => 1 })).toBe(400);
    expect(backoffDelay(3, { random: () => 1 })).toBe(3200);
    expect(backoffDelay(20, { random: () => 1 })).toBe(10_000);
  });
});
