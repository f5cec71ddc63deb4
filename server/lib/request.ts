import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import { ApiError } from './errors.ts';
import type { Env } from './context.ts';
import { readRequestBody } from './body.ts';

/**
 * Reads a JSON or form body (multipart included) as a plain object; an empty body is `{}`. The
 * limits and the 400/413 answers live in body.ts.
 */
export function readBody(c: Context): Promise<Record<string, unknown>> {
  return readRequestBody(c as Context<Env>);
}

/** A positive integer path parameter, or 404. */
export function idParam(c: Context, name = 'id'): number {
  const v = c.req.param(name);
  if (!v || !/^\d{1,12}$/.test(v)) throw new ApiError(404, { message: 'Not found.' });
  return Number(v);
}

/** Absolute URL of this request with some query parameters replaced: what `links.next` carries. */
export function urlWith(c: Context, params: Record<string, string | number | null>): string {
  const u = new URL(c.req.url);
  for (const [k, v] of Object.entries(params)) {
    if (v === null) u.searchParams.delete(k);
    else u.searchParams.set(k, String(v));
  }
  return u.toString();
}

/** Laravel-style page envelope for an offset-paged query. */
export function paged<T>(c: Context, rows: T[], page: number, perPage: number, total: number) {
  const hasNext = page * perPage < total;
  return {
    data: rows,
    links: { next: hasNext ? urlWith(c, { page: page + 1 }) : null },
    meta: { current_page: page, per_page: perPage, total },
  };
}

export function pageParam(c: Context): number {
  const p = Number(c.req.query('page') ?? '1');
  return Number.isInteger(p) && p >= 1 && p <= 1_000_000 ? p : 1;
}

const trusted = (c: Context) => !!(c as Context<Env>).get('app')?.config.trustProxy;
const firstOf = (h: string | undefined) => h?.split(',')[0]?.trim() || undefined;

/**
 * The client's address: the socket's peer, or with `TRUST_PROXY` the last `X-Forwarded-For` entry
 * (the one our proxy appended), as `addressKey` groups it.
 */
export function clientAddress(c: Context): string {
  let ip: string | undefined;
  if (trusted(c)) ip = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  ip ??= (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
  return addressKey(ip);
}

/**
 * The key an address is counted by (rate limits, the hash queue's lanes): an IPv4 address as is; an
 * IPv4-mapped IPv6 address (`::ffff:10.1.2.3`, `::ffff:a01:203`) as its IPv4; any other IPv6 address
 * by its /64 (`2001:db8:1:2::/64`), whatever its notation: compressed or not, upper or lower case,
 * leading zeros, an IPv4 tail, a zone (`%eth0`), brackets. One host usually holds a whole /64, so
 * counting single IPv6 addresses would give it 2^64 allowances (issue 29: `2001:db8:1:2::1` and
 * `2001:db8:1:2::2`, as Node reports them, were two addresses). Anything else is kept as given.
 */
export function addressKey(raw: string): string {
  let ip = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  ip = ip.replace(/%.*$/, '');
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(ip);
  if (v4port) ip = v4port[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return raw.slice(0, 100);
  const g = ipv6Groups(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  }
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`isIPv6`), `::` and an IPv4 tail expanded. */
function ipv6Groups(ip: string): number[] {
  let tail: number[] = [];
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    tail = [(a << 8) | b, (c << 8) | d];
    ip = ip.slice(0, v4.index);
    if (ip.endsWith(':') && !ip.endsWith('::')) ip = ip.slice(0, -1);
  }
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [head, rest] = ip.includes('::') ? ip.split('::') as [string, string] : [ip, undefined];
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  const zeros = new Array<number>(8 - front.length - back.length - tail.length).fill(0);
  return [...front, ...zeros, ...back, ...tail];
}

/**
 * The public origin for URLs written into replies: `PUBLIC_URL` when set; with `TRUST_PROXY` the
 * proxy's `X-Forwarded-Proto`/`X-Forwarded-Host`; else this request's own URL. Never stored unless it
 * comes from `PUBLIC_URL` or a trusted proxy: see `storedUrl`.
 */
export function publicOrigin(c: Context): string {
  const configured = (c as Context<Env>).get('app')?.config.publicUrl;
  if (configured) return configured.replace(/\/+$/, '');
  const u = new URL(c.req.url);
  if (trusted(c)) {
    const proto = firstOf(c.req.header('x-forwarded-proto'));
    let host = firstOf(c.req.header('x-forwarded-host'));
    if (host && !/^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) host = undefined;
    return `${proto === 'https' || proto === 'http' ? proto : u.protocol.replace(':', '')}://${host ?? u.host}`;
  }
  return u.origin;
}

/**
 * A URL of this server that is stored (an uploaded image's): absolute from `PUBLIC_URL` or a trusted
 * proxy, else relative to the API's origin. A request's own Host or X-Forwarded-Host never picks the
 * host other people's browsers load it from.
 */
export function storedUrl(c: Context, pathname: string): string {
  const cfg = (c as Context<Env>).get('app')?.config;
  return cfg?.publicUrl || cfg?.trustProxy ? `${publicOrigin(c)}${pathname}` : pathname;
}

/**
 * A number from a JSON number or a numeric string (forms send strings); NaN for anything else. Never
 * calls a body value's own `toString`/`valueOf` (`{"id": {"toString": 1}}` must not throw).
 */
export function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}
