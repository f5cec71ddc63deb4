import type { MiddlewareHandler } from 'hono';
import type { Env } from './context.ts';
import { bearerOf, userByToken } from './auth.ts';

const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Honours `Idempotency-Key` on writes: the first reply for (user, key) is stored and replayed for
 * any repeat, which changes nothing. A repeat that arrives while the first is still running waits
 * for it (a double click, or a retry after a lost reply, must never apply twice). 5xx replies are
 * not stored, so a retry after a server failure runs again.
 */
export function idempotency(): MiddlewareHandler<Env> {
  const inFlight = new Map<string, Promise<void>>();
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (!key || c.req.method === 'GET' || c.req.method === 'HEAD' || key.length > 200) return next();
    const app = c.get('app');
    const user = userByToken(app.db, bearerOf(c));
    if (!user) return next();
    const slot = `${user.id}:${key}`;
    const running = inFlight.get(slot);
    if (running) await running;

    const stored = app.db
      .prepare('SELECT status, body, content_type, created_at FROM idempotency_keys WHERE user_id = ? AND key = ?')
      .get(user.id, key) as { status: number; body: string; content_type: string; created_at: number } | undefined;
    if (stored && app.now() - stored.created_at < KEEP_MS) {
      return new Response(stored.body, {
        status: stored.status,
        headers: { 'content-type': stored.content_type, 'idempotent-replayed': 'true' },
      });
    }

    let done!: () => void;
    inFlight.set(slot, new Promise<void>((r) => (done = r)));
    try {
      await next();
      const res = c.res;
      if (res.status < 500) {
        const text = await res.clone().text();
        app.db
          .prepare(
            `INSERT OR REPLACE INTO idempotency_keys (user_id, key, method, path, status, body, content_type, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(user.id, key, c.req.method, c.req.path, res.status, text, res.headers.get('content-type') ?? 'application/json', app.now());
      }
    } finally {
      inFlight.delete(slot);
      done();
    }
  };
}
