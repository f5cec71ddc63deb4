import type { MiddlewareHandler } from 'hono';
import type { Env } from './context.ts';
import { bearerOf, userByToken } from './auth.ts';

const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Honours `Idempotency-Key` on writes: the first reply for (user, key) is stored and replayed for
 * any repeat, which changes nothing. Requests with the same (user, key) run one at a time, in
 * arrival order: a repeat waits for the one before it, then either replays its stored reply or,
 * when that one stored nothing (a 5xx or a 429, so a retry may run again), runs itself. However
 * many retries queue behind a failed first attempt, at most one of them runs to a stored success.
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
        .prepare('SELECT status, body, content_type, created_at FROM idempotency_keys WHERE user_id = ? AND key = ?')
        .get(user.id, key) as { status: number; body: string; content_type: string; created_at: number } | undefined;
      if (stored && app.now() - stored.created_at < KEEP_MS) {
        return new Response(stored.body, {
          status: stored.status,
          headers: { 'content-type': stored.content_type, 'idempotent-replayed': 'true' },
        });
      }
      await next();
      const res = c.res;
      if (res.status < 500 && res.status !== 429) {
        const text = await res.clone().text();
        app.db
          .prepare(
            `INSERT OR REPLACE INTO idempotency_keys (user_id, key, method, path, status, body, content_type, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(user.id, key, c.req.method, c.req.path, res.status, text, res.headers.get('content-type') ?? 'application/json', app.now());
      }
    } finally {
      release();
      if (queues.get(slot) === tail) queues.delete(slot);
    }
  };
}
