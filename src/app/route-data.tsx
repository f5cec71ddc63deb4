import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EngineError, Resource } from '../../db/engine-api.ts';
import { getEngine } from '../lib/engine/connect.ts';

/** How a screen's own data refresh went: the screen shows the mirror meanwhile and decides what to say. */
export interface RouteData {
  /** Every resource the route keeps fresh has answered once, with data or an error. */
  settled: boolean;
  /** The first failure of the last refresh (offline included), or null. */
  failed: EngineError | null;
}

const Ctx = createContext<RouteData>({ settled: true, failed: null });

/** The route's data state (route-meta.ts `refresh`), the one way a screen learns whether its refresh worked. */
export const useRouteData = (): RouteData => useContext(Ctx);

/**
 * Refreshes the route's resources in the background each time its screen is shown: on mount, and
 * when a kept screen is shown again (a kept screen's effects reconnect). Never blocks the screen.
 */
export function RouteDataProvider({ resources, children }: { resources: Resource[]; children: ReactNode }) {
  const engine = getEngine();
  const key = JSON.stringify(resources);
  const [state, setState] = useState<{ key: string; settled: boolean; failed: EngineError | null }>({ key, settled: resources.length === 0, failed: null });
  useEffect(() => {
    const list = JSON.parse(key) as Resource[];
    if (list.length === 0) return;
    let live = true;
    void Promise.all(list.map((r) => engine.refresh(r))).then((rs) => {
      if (!live) return;
      const failure = rs.find((r) => !r.ok);
      setState({ key, settled: true, failed: failure && !failure.ok ? failure.error : null });
    });
    return () => {
      live = false;
    };
  }, [engine, key]);
  // Another id in the same route (a course page for another course) starts unsettled.
  const current = state.key === key ? state : { key, settled: resources.length === 0, failed: null };
  const value = useMemo<RouteData>(() => ({ settled: current.settled, failed: current.failed }), [current.settled, current.failed]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
