import type { Context, InitialQueryBuilder, QueryBuilder } from '@tanstack/db';
import { useLiveQuery as useTanStackLiveQuery } from '@tanstack/react-db';

/**
 * How long a live query outlives its last subscriber. TanStack's default (1 ms) drops a query as
 * soon as its screen is hidden (kept screens disconnect their effects, see app/kept-screens.tsx),
 * and the screen shown again would start over: not ready, skeletons, a virtual list measuring
 * from nothing. Kept alive, the query follows the mirror's diffs while hidden (no React render)
 * and the screen shows its current rows in the frame it is shown.
 */
export const LIVE_QUERY_GC_MS = 10 * 60_000;

/** The app's one way to read the mirror in a screen: `useLiveQuery((q) => q.from({ c: classesCollection }))`. */
export function useLiveQuery<TContext extends Context>(query: (q: InitialQueryBuilder) => QueryBuilder<TContext>) {
  return useTanStackLiveQuery({ query, gcTime: LIVE_QUERY_GC_MS });
}

/** The same for a query that may have nothing to read yet (`undefined`): its result is then undefined. */
export function useOptionalLiveQuery<TContext extends Context>(query: (q: InitialQueryBuilder) => QueryBuilder<TContext> | undefined | null) {
  return useTanStackLiveQuery({ query, gcTime: LIVE_QUERY_GC_MS });
}
