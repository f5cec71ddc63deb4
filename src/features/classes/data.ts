import type { Class, RescheduleRequest } from '../../../db/entities.ts';

/**
 * TEMPORARY: the live reads of the classes screens, to be wired to the engine's collections
 * (src/lib/collections) once they land. Every screen reads only through these hooks.
 */
export function useClass(_id: number | null): Class | undefined {
  return undefined;
}

export function usePendingRequests(): RescheduleRequest[] {
  return [];
}

export interface ClassListState {
  items: Class[];
  hasMore: boolean;
  loading: boolean;
  /** The mirror has answered (an empty list is really empty, not unread). */
  loaded: boolean;
  loadMore: () => void;
}

export function useClassList(_kind: 'coming-classes' | 'classes-history'): ClassListState {
  return { items: [], hasMore: false, loading: false, loaded: true, loadMore: () => {} };
}
