import { useLiveQuery } from '@tanstack/react-db';
import type { Child } from '../../../db/entities.ts';
import { childrenCollection } from '../../lib/collections/tables.ts';
import { useKvValue } from '../wallet/data.ts';

/** The parent's child accounts as the mirror holds them, by name. */
export function useChildren(): { children: Child[]; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ c: childrenCollection }).orderBy(({ c }) => c.name, 'asc'));
  return { children: (data ?? []) as Child[], loaded: isReady };
}

/**
 * GET /childs `meta.cap_running`: while true, new child accounts cannot be created. The engine
 * does not store the list's meta yet; it is read from kv `children-meta` once it does, and is
 * false (creation shown) until then, as the reference server always answers.
 */
export function useCapRunning(): boolean {
  const { value } = useKvValue<{ cap_running?: boolean }>('children-meta');
  return value?.cap_running === true;
}
