import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from './context.ts';
import { bearerOf, userByToken } from './auth.ts';
import { rawBodyOf } from './body.ts';

const KEEP_MS = 24 * 60 * 60 * 1000;

/** The 422 of a key sent again with another call. */
export const KEY_REUSED =
  'This Idempotency-Key was already used with another request (another method, path or body). Send a new key with a new request.';

interface StoredReply {
  method: string; path: string; request_hash: string; status: number; body: string; content_type: string; created_at: number;
}

/** JSON with its object keys sorted, so that key order and spacing do not make two bodies differ. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The request's body, as compared between two calls with one key ('' when it was not read: an upload streams). */
function fingerprintOf(c: Context): string {
  const raw = rawBodyOf(c);
  if (raw === undefined) return '';
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let text: string | Buffer = raw;
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(c.req.header('content-type') ?? '');
  if (type.includes('multipart/form-data') && boundary) text = raw.toString('latin1').split(boundary[1] ?? boundary[2]!).join('');
  else if (!type.includes('x-www-form-urlencoded')) {
    try {
      text = raw.length ? canonical(JSON.parse(raw.toString('utf8'))) : '';
    } catch {
      /* not JSON: byte for byte */
    }
  }
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * Honours `Idempotency-Key` on writes: the first reply for (user, key) is stored and replayed for
 * any repeat, which changes nothing. Requests with the same (user, key) run one at a time, in
 * arrival order: a repeat waits for the one before it, then either replays its stored reply or,
 * when that one stored nothing (a 5xx or a 429, so a retry may run again), runs itself. However
 * many retries queue behind a failed first attempt, at most one of them runs to a stored success.
 *
 * A key belongs to the call it was first used with: a repeat with another method, path or body
 * answers `422` and changes nothing (issue 29: a key first used to borrow, sent again to transfer to
 * a child, answered the borrow's reply and the child received nothing). The body is compared by a
 * fingerprint: a JSON body whatever its key order and spacing, a multipart one whatever its boundary,
 * any other byte for byte; an upload route's multipart body streams past unread, so there only the
 * method and path are compared.
 */
export function idempotency(): MiddlewareHandler<Env> {
  const queues = new Map<string, Promise<void>>();
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (!key || c.req.method === 'GET' || c.req.method === 'HEAD' || key.length > 200) return next();
    const app = c.get('app');
    const user = userByToken(app.db, bearerOf(c));
    if (!user) return next();
    const slot = `${user.id}:${key}`;
    // A queue per slot: each request waits for the previous one, whatever it ended in.
    const before = queues.get(slot) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = before.then(() => mine);
    queues.set(slot, tail);
    await before;
    try {
      const stored = app.db
        .prepare('SELECT method, path, request_hash, status, body, content_type, created_at FROM idempotency_keys WHERE user_id = ? AND key = ?')
        .get(user.id, key) as StoredReply | undefined;
      const fingerprint = fingerprintOf(c);
      if (stored && app.now() - stored.created_at < KEEP_MS) {
        if (stored.method !== c.req.method || stored.path !== c.req.path || (stored.request_hash && stored.request_hash !== fingerprint)) {
          return c.json({ message: KEY_REUSED, errors: { idempotency_key: [KEY_REUSED] } }, 422);
        }
        return new Response(stored.body, {
          status: stored.status,
          headers: { 'content-type': stored.content_type, 'idempotent-replayed': 'true' },
        });
      }
      await next();
      const res = c.res;
      // Not kept: a server error or a 429 (a retry may run), a 413 (the call never reached its route).
      if (res.status < 500 && res.status !== 429 && res.status !== 413) {
        const text = await res.clone().text();
        app.db
          .prepare(
            `INSERT OR REPLACE INTO idempotency_keys (user_id, key, method, path, request_hash, status, body, content_type, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(user.id, key, c.req.method, c.req.path, fingerprint, res.status, text, res.headers.get('content-type') ?? 'application/json', app.now());
      }
    } finally {
      release();
      if (queues.get(slot) === tail) queues.delete(slot);
    }
  };
}
