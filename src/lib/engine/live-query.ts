import type { Context, InitialQueryBuilder, QueryBuilder } from '@tanstack/db';
import { useLiveQuery as useTanStackLiveQuery } from '@tanstack/react-db';
import { useRef, type DependencyList } from 'react';

/**
 * How long a live query outlives its last subscriber. TanStack's default (1 ms) drops a query as
 * soon as its screen is hidden (kept screens disconnect their effects, see app/kept-screens.tsx),
 * and the screen shown again would start over: not ready, skeletons, a virtual list measuring
 * from nothing. Kept alive, the query follows the mirror's diffs while hidden (no React render)
 * and the screen shows its current rows in the frame it is shown.
 */
export const LIVE_QUERY_GC_MS = 10 * 60_000;

/**
 * The app's one way to read the mirror in a screen: `useLiveQuery((q) => q.from({ c: classesCollection }), [])`.
 * The values the query reads come last, as an effect's dependencies do:
 * `useLiveQuery((q) => q.from({ c: coursesCollection }).where(({ c }) => eq(c.id, id)), [id])`
 * (ESLint checks the list: react-hooks/exhaustive-deps). They are the query's identity (TanStack
 * DB's `queryKey`): the query is built again only when one of them changes. Without it, TanStack DB
 * built every reading component's query and hashed it on every render (`getStableValueHash`, about
 * a fifth of the render of a warm visit to the calendar).
 */
export function useLiveQuery<TContext extends Context>(query: (q: InitialQueryBuilder) => QueryBuilder<TContext>, deps: DependencyList) {
  return useSameWhileUnchanged(useTanStackLiveQuery({ query, gcTime: LIVE_QUERY_GC_MS, queryKey: deps }));
}

/** The same for a query that may have nothing to read yet (`undefined`): its result is then undefined. */
export function useOptionalLiveQuery<TContext extends Context>(query: (q: InitialQueryBuilder) => QueryBuilder<TContext> | undefined | null, deps: DependencyList) {
  return useSameWhileUnchanged(useTanStackLiveQuery({ query, gcTime: LIVE_QUERY_GC_MS, queryKey: deps }));
}

interface Shaped {
  data: unknown;
  status: string;
}

/**
 * The previous result while its rows are the same objects in the same order. A query that
 * re-subscribes (its screen shown again) answers a new result object for the same rows; passing
 * it on would recompute every memo below and re-render a whole calendar for nothing.
 */
function useSameWhileUnchanged<R extends Shaped>(result: R): R {
  /* eslint-disable react-hooks/refs -- a memo by value: the ref only remembers the last result
     answered, and answering the same one for the same rows is right in any render React keeps or
     throws away. The state-based alternative renders every reading component twice per change. */
  const last = useRef(result);
  const prev = last.current;
  if (prev !== result && prev.status === result.status && sameRows(prev.data, result.data)) return prev;
  last.current = result;
  return result;
  /* eslint-enable react-hooks/refs */
}

function sameRows(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
