import type { MiddlewareHandler } from 'hono';
import type { Env } from './context.ts';

/** Fault injection for tests (off by default): added latency and a share of 500 replies on the API. */
export function faults(): MiddlewareHandler<Env> {
  return async (c, next) => {
    const f = c.get('app').config.faults;
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, f.latencyMs));
    if (f.failRate > 0 && Math.random() < f.failRate && !c.req.path.startsWith('/api/test/')) {
      return c.json({ message: 'Injected failure' }, 500);
    }
    return next();
  };
}
