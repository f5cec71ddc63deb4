import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Conversation } from '../../../db/entities.ts';
import { listKeyId, searchText, type EngineError, type ListKey } from '../../../db/engine-api.ts';
import type { ListRow } from '../../../db/rows.ts';
import { useOnline } from '../../app/session-context.tsx';
import { getEngine } from '../../lib/engine/connect.ts';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { listsCollection } from '../../lib/engine/tables.ts';
import { filterConversations } from './order.ts';

/**
 * The inbox search over every conversation, not only the pages read so far. The local filter
 * (the spec's: the title) answers at once from what the mirror holds; after a pause in typing the
 * server is asked (`GET /conversations?search=`, through the engine's list `{kind: 'conversations',
 * search}`), which writes what it finds into the mirror, and those join the list. Asking the server
 * rather than reading every page first: one small request per search, whatever the number of
 * conversations, where reading all pages would cost a teacher with 2,000 conversations 40 requests
 * before the first answer (and again whenever the list changed).
 */

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

/** What the server said for one search text. */
export interface SearchAnswer {
  text: string;
  error: EngineError | null;
}

export interface SearchView {
  /** A search is typed (else the list is the whole list). */
  active: boolean;
  /** What the list shows, newest activity first: the local matches and the server's. */
  shown: readonly Conversation[];
  /** The server is being asked (or will be, once typing pauses): local results only so far. */
  searching: boolean;
  /** The server answered for this text: an empty `shown` is really "No Conversation Found". */
  answered: boolean;
  /** Only this device's conversations were searched: offline, or the server could not be asked (`failed` says why). */
  incomplete: boolean;
  offline: boolean;
  failed: EngineError | null;
  /** The server has more results than it sent so far. */
  hasMore: boolean;
}

export interface SearchInputs {
  conversations: readonly Conversation[];
  /** As typed. */
  query: string;
  /** The typed text the local filter has caught up with (a deferred value). */
  deferred: string;
  /** The text the server is asked about: the typed one after the pause. */
  asked: string;
  answer: SearchAnswer | null;
  /** The lists row of the asked text, when the mirror holds one. */
  row: ListRow | undefined;
  online: boolean;
}

/** The rules of what the search shows, apart from React (tests/unit). */
export function searchView({ conversations, query, deferred, asked, answer, row, online }: SearchInputs): SearchView {
  const text = searchText(query);
  const local = searchText(deferred);
  if (!text) {
    return { active: false, shown: filterConversations(conversations, deferred), searching: false, answered: false, incomplete: false, offline: !online, failed: null, hasMore: false };
  }
  const answerFor = asked === text && answer?.text === text ? answer : null;
  // GET /conversations?search= is not a call the spec lists (it filters by title on the device): a
  // backend without it (404) leaves the search to this device, quietly.
  const serverError = answerFor?.error && answerFor.error.status !== 404 ? answerFor.error : null;
  const failed = online ? serverError : null;
  // The server's results are those of the text on screen: never an earlier text's while typing on.
  const found = row && asked === local ? new Set(row.ids) : null;
  // The server answered, but what it found is not on screen yet (its row reaches this tab's
  // collection a moment after the answer, and the local filter may still be on an earlier text):
  // still searching, not "No Conversation Found" (it flashed before the conversation found, in CI).
  const arriving = !!answerFor && answerFor.error === null && found === null;
  const answered = online && !!answerFor && serverError === null && !arriving;
  const matching = new Set(filterConversations(conversations, deferred).map((c) => c.id));
  const shown = conversations.filter((c) => matching.has(c.id) || !!found?.has(c.id));
  return {
    active: true,
    shown,
    searching: online && (!answerFor || arriving),
    answered,
    incomplete: !online || failed !== null,
    offline: !online,
    failed,
    hasMore: answered && !!row && row.next !== null,
  };
}

/** The text after typing paused for `ms` (blank at once: clearing the box needs no wait). */
function useDebounced(text: string, ms: number): string {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setValue(text), text ? ms : 0);
    return () => clearTimeout(t);
  }, [text, ms]);
  return value;
}

export interface ConversationSearch extends SearchView {
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

/** The search of the inbox's list over `conversations` (every one the mirror holds, newest activity first). */
export function useConversationSearch(conversations: readonly Conversation[], query: string, deferred: string): ConversationSearch {
  const online = useOnline();
  const asked = useDebounced(searchText(query), SEARCH_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);

  // Each text is asked once (again on retry, or when the network returns); the engine answers a
  // text asked moments ago from the reply it just read.
  useEffect(() => {
    if (!asked || !online) return;
    const list: ListKey = { kind: 'conversations', search: asked };
    void getEngine()
      .loadMore(list, { fromStart: true })
      .then((r) => setAnswer({ text: asked, error: r.ok ? null : r.error }));
  }, [asked, online, attempt]);

  const key = asked ? listKeyId({ kind: 'conversations', search: asked }) : null;
  // The lists table is small (a few lists and the latest searches): read whole, picked by key.
  const { data: lists } = useLiveQuery((q) => q.from({ l: listsCollection }), []);
  const row = useMemo(() => (key ? (lists as ListRow[]).find((l) => l.key === key) : undefined), [lists, key]);

  const view = useMemo(
    () => searchView({ conversations, query, deferred, asked, answer, row, online }),
    [conversations, query, deferred, asked, answer, row, online],
  );

  const [loadingMore, setLoadingMore] = useState(false);
  const busy = useRef(false);
  const loadMore = useCallback(() => {
    if (!asked || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    void getEngine()
      .loadMore({ kind: 'conversations', search: asked })
      .then((r) => {
        if (!r.ok) setAnswer({ text: asked, error: r.error });
      })
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  }, [asked]);
  const retry = useCallback(() => {
    setAnswer(null);
    setAttempt((n) => n + 1);
  }, []);

  return { ...view, loadingMore, loadMore, retry };
}
