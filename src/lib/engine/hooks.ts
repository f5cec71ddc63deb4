import { eq } from '@tanstack/react-db';
import { useLiveQuery } from './live-query.ts';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Class, ClassReport, Conversation } from '../../../db/entities.ts';
import { listKeyId, type EngineError, type ListKey, type Resource, type WatchKey } from '../../../db/engine-api.ts';
import type { KvRow, MessageRow } from '../../../db/rows.ts';
import { getEngine, type EngineClient } from './connect.ts';
import { classReportsCollection, classesCollection, conversationsCollection, kvCollection, listsCollection, messagesCollection } from './tables.ts';

/** A document of the `kv` table (`home`, `user`, `wallet`, `salary`, `salary-previous`, `class-duration-items`), and whether the mirror was read. */
export function useKv<T>(key: string): { value: T | undefined; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, key)).findOne(), [key]);
  return { value: (data as KvRow | undefined)?.value as T | undefined, loaded: isReady };
}

/**
 * The signed-in user's id as the engine knows it (null for a guest). The snapshot is the id itself,
 * not the engine's state: a state change that leaves the id alone (a status, a count, a credit) is no
 * change here, so it re-renders nothing, and a kept screen rendered while hidden (React renders it at
 * idle priority when a context above it changes on navigation) finds nothing new.
 */
const signedInId = (client: EngineClient): number | null => {
  const s = client.getState().session;
  return s.status === 'signed-in' ? s.user.id : null;
};
function useSignedInId(): number | null {
  const client = getEngine();
  const id = useCallback(() => signedInId(client), [client]);
  return useSyncExternalStore(client.subscribeState, id, id);
}

/** Keeps `key` fresh while the calling screen is mounted (a calendar month's polling, a conversation's channel). */
export function useWatch(key: WatchKey | null): void {
  const id = key ? JSON.stringify(key) : null;
  useEffect(() => {
    if (!id) return;
    const k = JSON.parse(id) as WatchKey;
    const client = getEngine();
    void client.watch(k);
    return () => void client.unwatch(k);
  }, [id]);
}

/** Refreshes a resource in the background when the screen opens; the screen shows what the mirror has meanwhile. */
export function useRefresh(resource: Resource | null): void {
  const id = resource ? JSON.stringify(resource) : null;
  useEffect(() => {
    if (id) void getEngine().refresh(JSON.parse(id) as Resource);
  }, [id]);
}

export interface PagedState {
  hasMore: boolean;
  loading: boolean;
  /** The first page was fetched at least once (on this device). */
  fetched: boolean;
  /** Why the last fetch of this list failed (null once one succeeds). */
  failed: EngineError | null;
  loadMore(): void;
}

const NONE_IN_FLIGHT: ReadonlySet<string> = new Set();

/**
 * A paged list's progress, and its loadMore. On mount the first page is fetched when none is
 * stored, or re-read in the background when one is (the screen shows the stored one meanwhile).
 */
export function usePaging(list: ListKey, autoload = true): PagedState {
  const id = listKeyId(list);
  const { data: row, isReady } = useLiveQuery((q) => q.from({ l: listsCollection }).where(({ l }) => eq(l.key, id)).findOne(), [id]);
  // Whose failure it is: a screen that switches lists (a report filter) does not show the last one's.
  const [failure, setFailure] = useState<{ id: string; error: EngineError } | null>(null);
  // The lists with a page on its way, one request each. Per list: a screen that switches lists (a
  // report filter chosen while the unfiltered first page was still coming) asks for the new one at
  // once; with one flag for all, the new list's first page was never asked for and its skeletons
  // stayed (a CI failure, 30 November).
  const busy = useRef(new Set<string>());
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(NONE_IN_FLIGHT);
  const listJson = JSON.stringify(list);
  const fetchPage = useCallback((fromStart: boolean) => {
    if (busy.current.has(listJson)) return;
    busy.current.add(listJson);
    setInFlight(new Set(busy.current));
    // The first page is read "from the start": the same request as the one a watch makes (a
    // conversation's newest page), so the two are one.
    const key = JSON.parse(listJson) as ListKey;
    void getEngine().loadMore(key, fromStart ? { fromStart } : undefined).then((r) => setFailure(r.ok ? null : { id: listKeyId(key), error: r.error })).finally(() => {
      busy.current.delete(listJson);
      setInFlight(new Set(busy.current));
    });
  }, [listJson]);
  const loading = inFlight.has(listJson);
  const loadMore = useCallback(() => fetchPage(false), [fetchPage]);
  // The first page is fetched once signed in (a screen may mount before the session is known).
  const userId = useSignedInId();
  const hasRow = !!row;
  const revalidated = useRef<string | null>(null);
  useEffect(() => {
    if (!autoload || userId === null || !isReady) return;
    if (!hasRow) {
      revalidated.current = listJson; // the page about to be read is fresh: no re-read after it
      fetchPage(true);
    } else if (revalidated.current !== listJson) {
      revalidated.current = listJson;
      void getEngine().loadMore(JSON.parse(listJson) as ListKey, { fromStart: true });
    }
  }, [autoload, userId, isReady, hasRow, listJson, fetchPage]);
  const failed = failure?.id === id ? failure.error : null;
  return { hasMore: row ? row.next !== null : true, loading, fetched: !!row, failed, loadMore };
}

/** The items of a class or report list (coming classes, history, class reports), in the server's order. */
export function useListItems(list: Extract<ListKey, { kind: 'coming-classes' | 'classes-history' | 'class-reports' }>): PagedState & { items: (Class | ClassReport)[] } {
  const paging = usePaging(list);
  const id = listKeyId(list);
  const { data: row } = useLiveQuery((q) => q.from({ l: listsCollection }).where(({ l }) => eq(l.key, id)).findOne(), [id]);
  const reports = list.kind === 'class-reports';
  const { data: rows } = useLiveQuery((q) => q.from({ r: (reports ? classReportsCollection : classesCollection) as typeof classesCollection }), [reports]);
  const items = useMemo(() => {
    const byId = new Map((rows as { id: number }[]).map((r) => [r.id, r]));
    return (row?.ids ?? []).map((i) => byId.get(i as number)).filter((x): x is Class | ClassReport => !!x);
  }, [rows, row]);
  return { ...paging, items };
}

/** Every conversation this device knows, newest activity first (realtime adds new ones at once). */
export function useConversations(): PagedState & { conversations: Conversation[] } {
  const paging = usePaging({ kind: 'conversations' });
  const { data } = useLiveQuery((q) => q.from({ c: conversationsCollection }), []);
  const conversations = useMemo(
    () => [...data].sort((a, b) => (b.updated_at_timestamp ?? b.created_at_timestamp) - (a.updated_at_timestamp ?? a.created_at_timestamp)),
    [data],
  );
  return { ...paging, conversations };
}

/**
 * A conversation's messages, oldest first, unsent ones last; watched (live) while mounted. `loadMore`
 * fetches older ones. `loaded` once the mirror's messages were read (until then none can be shown).
 */
export function useMessages(conversationId: number): PagedState & { messages: MessageRow[]; loaded: boolean } {
  useWatch({ kind: 'conversation', id: conversationId });
  const paging = usePaging({ kind: 'messages', conversationId });
  const { data, isReady } = useLiveQuery((q) => q.from({ m: messagesCollection }).where(({ m }) => eq(m.conversation_id, conversationId)), [conversationId]);
  const messages = useMemo(
    () => [...data].sort((a, b) => Number(!!a.pending) - Number(!!b.pending) || a.created_at_timestamp - b.created_at_timestamp || (typeof a.id === 'number' && typeof b.id === 'number' ? a.id - b.id : 0)),
    [data],
  );
  return { ...paging, messages, loaded: isReady };
}
