import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EngineError, Resource } from '../../db/engine-api.ts';
import type { EngineClient } from '../lib/engine/client.ts';
import { getEngine } from '../lib/engine/connect.ts';
import { useOnline } from './session-context.tsx';

/** How a screen's own data refresh went: the screen shows the mirror meanwhile and decides what to say. */
export interface RouteData {
  /** Every resource the route keeps fresh has answered once, with data or an error. */
  settled: boolean;
  /** The first failure of the last refresh (offline included), or null. */
  failed: EngineError | null;
  /** Asks the server again, now (the screen's Retry); the network coming back does it by itself. */
  retry: () => void;
  /** A retry is in flight (`failed` stays until it answers). */
  retrying: boolean;
}

const NO_RETRY = () => {};
const Ctx = createContext<RouteData>({ settled: true, failed: null, retry: NO_RETRY, retrying: false });

/** The route's data state (route-meta.ts `refresh`), the one way a screen learns whether its refresh worked. */
export const useRouteData = (): RouteData => useContext(Ctx);

/** Refreshes every resource; answers the first failure, or null. */
async function refreshAll(engine: EngineClient, list: Resource[], force: boolean): Promise<EngineError | null> {
  const rs = await Promise.all(list.map((r) => engine.refresh(r, force ? { force } : undefined)));
  const failure = rs.find((r) => !r.ok);
  return failure && !failure.ok ? failure.error : null;
}

interface State {
  key: string;
  settled: boolean;
  failed: EngineError | null;
  retrying: boolean;
}

/**
 * Refreshes the route's resources in the background each time its screen is shown: on mount, and
 * when a kept screen is shown again (a kept screen's effects reconnect). Never blocks the screen.
 * A failed refresh is asked again when the screen's Retry is pressed or the network comes back.
 */
export function RouteDataProvider({ resources, children }: { resources: Resource[]; children: ReactNode }) {
  const engine = getEngine();
  const key = JSON.stringify(resources);
  const [state, setState] = useState<State>({ key, settled: resources.length === 0, failed: null, retrying: false });
  useEffect(() => {
    const list = JSON.parse(key) as Resource[];
    if (list.length === 0) return;
    let live = true;
    void refreshAll(engine, list, false).then((failed) => {
      // The same answer as last time (the screen shown again) keeps the same state: nothing renders.
      if (live) setState((s) => (s.key === key && s.settled && s.failed === null && failed === null && !s.retrying ? s : { key, settled: true, failed, retrying: false }));
    });
    return () => {
      live = false;
    };
  }, [engine, key]);

  const retry = useCallback(() => {
    const list = JSON.parse(key) as Resource[];
    if (list.length === 0) return;
    // An answer for another id of the same route (a course page for another course) is dropped.
    const mine = (next: (s: State) => State) => setState((s) => (s.key === key ? next(s) : s));
    mine((s) => ({ ...s, retrying: true }));
    void refreshAll(engine, list, true).then((failed) => mine(() => ({ key, settled: true, failed, retrying: false })));
  }, [engine, key]);

  // Another id in the same route (a course page for another course) starts unsettled.
  const current = state.key === key ? state : { key, settled: resources.length === 0, failed: null, retrying: false };

  // Back online after a failure (offline included): ask again without waiting for a Retry.
  useBackOnline(retry, current.failed !== null);

  const value = useMemo<RouteData>(
    () => ({ settled: current.settled, failed: current.failed, retry, retrying: current.retrying }),
    [current.settled, current.failed, retry, current.retrying],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** Runs `again` when the network comes back while `failed` (a load that failed asks again by itself). */
export function useBackOnline(again: () => void, failed: boolean): void {
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    const came = online && !wasOnline.current;
    wasOnline.current = online;
    if (came && failed) again();
  }, [online, failed, again]);
}
