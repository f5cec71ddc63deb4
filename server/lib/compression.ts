import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * Compresses replies with node:zlib: brotli when the client accepts it, else gzip. Only text-like
 * types (JSON, JS, CSS, HTML, SVG, ...) of at least `threshold` bytes; never a reply that is
 * already encoded, a 204/206/304, a HEAD, or one marked `Cache-Control: no-transform`. The body is
 * compressed whole (off the main thread, in libuv's pool) and sent with its `Content-Length`.
 * Immutable files (hashed client assets) are compressed once per server run and kept.
 *
 * Hono's own `compress` (CompressionStream) works on Node 20 too, but has no brotli, which makes
 * JSON about a fifth smaller again than gzip does.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|ecmascript|xml|manifest\+json|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml|font\/(?:otf|ttf))/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const IMMUTABLE = /(?:^|,)\s*immutable\s*(?:,|$)/i;

export type Encoding = 'br' | 'gzip';

/** The encoding to use for an `Accept-Encoding` header: brotli over gzip at equal preference; null for identity. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const v = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(v) ? v : 0);
  }
  const of = (e: string) => q.get(e) ?? q.get('*') ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

function encode(enc: Encoding, raw: Uint8Array): Promise<Buffer> {
  if (enc === 'gzip') return gzip(raw, { level: 6 });
  return brotli(raw, {
    params: {
      // Quality 5 is about gzip's speed with a clearly smaller result; 11 is far too slow per request.
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
    },
  });
}

export function compression(opts: { threshold?: number; keepImmutable?: number } = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  const keepMax = opts.keepImmutable ?? 200;
  const kept = new Map<string, Buffer>();
  return async (c, next) => {
    await next();
    const res = c.res;
    const status = res.status;
    if (c.req.method === 'HEAD' || !res.body || status < 200 || status === 204 || status === 206 || status === 304) return;
    if (res.headers.has('Content-Encoding') || NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    const vary = res.headers.get('Vary');
    if (!vary) res.headers.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) res.headers.set('Vary', `${vary}, Accept-Encoding`);
    const enc = chooseEncoding(c.req.header('Accept-Encoding'));
    const declared = Number(res.headers.get('Content-Length') ?? NaN);
    if (!enc || declared < threshold) return;
    const immutable = status === 200 && IMMUTABLE.test(res.headers.get('Cache-Control') ?? '');
    const key = `${enc} ${c.req.path}`;
    let out = immutable ? kept.get(key) : undefined;
    if (out) await res.body.cancel();
    else {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (raw.byteLength < threshold) {
        c.res = new Response(raw, res);
        return;
      }
      out = await encode(enc, raw);
      if (immutable) {
        if (kept.size >= keepMax) kept.delete(kept.keys().next().value!);
        kept.set(key, out);
      }
    }
    c.res = new Response(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength), res);
    // Hono copies the old reply's headers onto the new one: set the encoded length after.
    c.res.headers.set('Content-Encoding', enc);
    c.res.headers.set('Content-Length', String(out.byteLength));
  };
}
