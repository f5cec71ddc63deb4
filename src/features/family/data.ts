import { useLiveQuery } from '../../lib/engine/live-query.ts';
import type { Child } from '../../../db/entities.ts';
import { childrenCollection } from '../../lib/engine/tables.ts';
import { useKv } from '../../lib/engine/hooks.ts';

/** The parent's child accounts as the mirror holds them, by name. */
export function useChildren(): { children: Child[]; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ c: childrenCollection }).orderBy(({ c }) => c.name, 'asc'), []);
  return { children: (data ?? []) as Child[], loaded: isReady };
}

/** GET /childs `meta.cap_running` (kv `children-meta`): while true, new child accounts cannot be created. */
export function useCapRunning(): boolean {
  const { value } = useKv<{ cap_running?: boolean }>('children-meta');
  return value?.cap_running === true;
}
