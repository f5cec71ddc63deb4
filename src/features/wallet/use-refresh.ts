import { useEffect, useState } from 'react';
import type { Resource } from '../../../db/engine-api.ts';
import { useEngine } from '../../app/session-context.tsx';

/**
 * Refreshes a resource in the background when a screen opens; the screen shows the mirror at once
 * and never waits. Answers whether the refresh failed (offline, server error), so a screen with
 * nothing stored can say so instead of loading forever.
 */
export function useRefresh(...resources: Resource[]): { failed: boolean } {
  const engine = useEngine();
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(resources);
  useEffect(() => {
    let live = true;
    void Promise.all(resources.map((r) => engine.refresh(r))).then((rs) => {
      if (live) setFailed(rs.some((r) => !r.ok));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, key]);
  return { failed };
}
