import type { MiddlewareHandler } from 'hono';
import type { Env } from './context.ts';

/**
 * Fault injection for tests (off by default): added latency (on every API path, or on those
 * starting with one of `latencyPaths`, e.g. `/api/calendar`) and a share of 500 replies on the API.
 */
export function faults(): MiddlewareHandler<Env> {
  return async (c, next) => {
    const f = c.get('app').config.faults;
    const slow = !f.latencyPaths?.length || f.latencyPaths.some((p) => c.req.path.startsWith(p));
    if (f.latencyMs > 0 && slow) await new Promise((r) => setTimeout(r, f.latencyMs));
    if (f.failRate > 0 && Math.random() < f.failRate && !c.req.path.startsWith('/api/test/')) {
      return c.json({ message: 'Injected failure' }, 500);
    }
    return next();
  };
}
