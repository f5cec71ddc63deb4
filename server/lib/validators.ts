import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** Headers a 304 keeps (RFC 9110 §15.4.5); the outer middlewares add Cache-Control and the like afterwards. */
const KEEP_ON_304 = new Set(['etag', 'vary', 'cache-control', 'content-location', 'expires', 'date']);

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Weak comparison (RFC 9110 §13.1.2): does `If-None-Match` name this tag, or `*`? */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const want = opaque(etag);
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((t) => opaque(t) === want);
}

/**
 * Validators on GET replies: a weak `ETag` computed from the reply body (SHA-1 of the JSON as
 * sent, before compression, so it is the same for every encoding: hence weak), and `304 Not
 * Modified` with no body when `If-None-Match` names it. Since the tag is the body's digest, a
 * reply that did not change between two polls has the same tag, and a poll costs a few hundred
 * bytes. Only 200 replies get one; a reply that sets its own ETag keeps it.
 */
export function validators(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    const res = c.res;
    if ((method !== 'GET' && method !== 'HEAD') || res.status !== 200 || !res.body) return;
    let etag = res.headers.get('ETag');
    if (!etag) {
      const body = new Uint8Array(await res.clone().arrayBuffer());
      etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
      res.headers.set('ETag', etag);
    }
    if (!noneMatchHits(c.req.header('If-None-Match'), etag)) return;
    await res.body.cancel();
    c.res = new Response(null, { status: 304, headers: { ETag: etag } });
    // Hono copies the old reply's headers onto the new one: drop what describes a body.
    for (const k of [...c.res.headers.keys()]) if (!KEEP_ON_304.has(k)) c.res.headers.delete(k);
  };
}
