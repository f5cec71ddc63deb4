import { useLiveQuery } from '../../lib/collections/live-query.ts';
import type { Child } from '../../../db/entities.ts';
import { childrenCollection } from '../../lib/collections/tables.ts';
import { useKvValue } from '../wallet/data.ts';

/** The parent's child accounts as the mirror holds them, by name. */
export function useChildren(): { children: Child[]; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ c: childrenCollection }).orderBy(({ c }) => c.name, 'asc'));
  return { children: (data ?? []) as Child[], loaded: isReady };
}

/** GET /childs `meta.cap_running` (kv `children-meta`): while true, new child accounts cannot be created. */
export function useCapRunning(): boolean {
  const { value } = useKvValue<{ cap_running?: boolean }>('children-meta');
  return value?.cap_running === true;
}
