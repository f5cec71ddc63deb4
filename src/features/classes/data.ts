import { eq, useLiveQuery } from '@tanstack/react-db';
import type { Class, RescheduleRequest } from '../../../db/entities.ts';
import { classesCollection, rescheduleRequestsCollection, useListItems, useRefresh } from '../../lib/collections/index.ts';

/**
 * The live reads of the classes screens, all from the mirror: a screen seen before renders at
 * once, and the engine's replies, polls and other tabs' writes update it in place.
 */

/** One class; refreshed in the background when a dialog opens it. */
export function useClass(id: number | null): Class | undefined {
  useRefresh(id == null ? null : { kind: 'class', id });
  const { data } = useLiveQuery(
    (q) => q.from({ c: classesCollection }).where(({ c }) => eq(c.id, id ?? -1)).findOne(),
    [id],
  );
  return data as Class | undefined;
}

/** Pending reschedule requests waiting for this user (kept by the home poll; a decision removes one at once). */
export function usePendingRequests(): RescheduleRequest[] {
  const { data } = useLiveQuery((q) => q.from({ r: rescheduleRequestsCollection }));
  return ((data ?? []) as RescheduleRequest[]).filter((r) => r.status === 'pending');
}

export interface ClassListState {
  items: Class[];
  hasMore: boolean;
  loading: boolean;
  /** The first page has been fetched at least once on this device. */
  loaded: boolean;
  loadMore: () => void;
}

/** A teacher's coming classes or history, in server order, paged on demand and kept in the mirror. */
export function useClassList(kind: 'coming-classes' | 'classes-history'): ClassListState {
  const s = useListItems({ kind });
  return { items: s.items as Class[], hasMore: s.hasMore, loading: s.loading, loaded: s.fetched || s.items.length > 0, loadMore: s.loadMore };
}
