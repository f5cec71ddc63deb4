import { useCallback, useEffect, useMemo, useState } from 'react';
import { eq } from '@tanstack/react-db';
import { useLiveQuery, useOptionalLiveQuery } from '../../lib/engine/live-query.ts';
import type { Class, RescheduleRequest } from '../../../db/entities.ts';
import type { EngineError } from '../../../db/engine-api.ts';
import { classesCollection, getEngine, rescheduleRequestsCollection, useListItems } from '../../lib/engine/index.ts';
import { useNow } from '../../lib/use-now.ts';
import { isWaiting, selectClassList } from './rules.ts';

/**
 * The live reads of the classes screens, all from the mirror: a screen seen before renders at
 * once, and the engine's replies, polls and other tabs' writes update it in place.
 */

export interface ClassLoad {
  klass: Class | undefined;
  /** Why the class could not be read from the server (null while it is, or once it was). */
  failed: EngineError | null;
  retrying: boolean;
  retry: () => void;
}

/**
 * One class for its dialog: from the mirror at once, and read from the server each time the dialog
 * opens it (its status moves with the clock). A class opened by its address may not be mirrored
 * yet: it shows when the reply comes, or the reason it could not be read (not found, offline).
 */
export function useClassLoad(id: number | null): ClassLoad {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ id: number; attempt: number; error: EngineError | null } | null>(null);
  useEffect(() => {
    if (id == null) return;
    let live = true;
    void getEngine().refresh({ kind: 'class', id }).then((r) => {
      if (live) setResult({ id, attempt, error: r.ok ? null : r.error });
    });
    return () => {
      live = false;
    };
  }, [id, attempt]);
  const { data } = useOptionalLiveQuery((q) => (id == null ? undefined : q.from({ c: classesCollection }).where(({ c }) => eq(c.id, id)).findOne()), [id]);
  const mine = result && result.id === id ? result : null;
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { klass: data as Class | undefined, failed: mine?.error ?? null, retrying: mine !== null && mine.attempt !== attempt, retry };
}

/** Pending reschedule requests waiting for this user (kept by the home poll; a decision removes one at once). */
export function usePendingRequests(): RescheduleRequest[] {
  const { data } = useLiveQuery((q) => q.from({ r: rescheduleRequestsCollection }), []);
  return useMemo(() => ((data ?? []) as RescheduleRequest[]).filter(isWaiting).sort((a, b) => a.id - b.id), [data]);
}

export interface ClassListState {
  items: Class[];
  hasMore: boolean;
  loading: boolean;
  /** The first page has been fetched at least once on this device. */
  loaded: boolean;
  /** The last page asked for could not be read (`loadMore` asks again). */
  failed: EngineError | null;
  loadMore: () => void;
}

/**
 * A teacher's coming classes or history, paged on demand and kept in the mirror. A coming list
 * stored on an earlier visit may hold classes that have ended or were canceled since: they are left
 * out here, as the server would. The history is what has happened: classes whose time is over
 * (a class canceled ahead of its time is not history until then), newest first.
 */
export function useClassList(kind: 'coming-classes' | 'classes-history'): ClassListState {
  const s = useListItems({ kind });
  const now = useNow(60_000);
  const items = useMemo(() => selectClassList(s.items as Class[], kind, now), [s.items, kind, now]);
  return { items, hasMore: s.hasMore, loading: s.loading, loaded: s.fetched || s.items.length > 0, failed: s.failed, loadMore: s.loadMore };
}
