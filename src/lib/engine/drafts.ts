import { eq } from '@tanstack/react-db';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { draftKey } from '../../../db/engine-api.ts';
import { newId } from '../../../db/ids.ts';
import { DRAFT_JOURNAL_KEY } from './client.ts';
import { getEngine, safeLocalStorage as storage } from './connect.ts';
import { useLiveQuery } from './live-query.ts';
import { kvCollection } from './tables.ts';

/** A draft as the mirror keeps it: the value, which control wrote it (its own echo is not news), and when. */
interface Stored<T> {
  v: T;
  by: string;
  /** Epoch ms of the keystroke: a journal entry (below) older than the mirror's draft is not replayed. */
  at?: number;
}

/**
 * The journal of last keystrokes. When the page goes away (a reload, a closed tab), the last
 * keystrokes are sent to the engine, but the engine may not live to store them: the shared worker
 * ends with its last tab. So they are also written, synchronously, to this device's storage
 * (`DRAFT_JOURNAL_KEY`, per user), and the next start of the app hands to the engine whichever is
 * newer than the mirror's copy. An ended session forgets the journal (client.ts).
 */
interface Journal {
  user: number;
  drafts: Record<string, Stored<unknown>>;
}


function readJournal(s: Storage): Journal | null {
  try {
    const j = JSON.parse(s.getItem(DRAFT_JOURNAL_KEY) ?? 'null') as Journal | null;
    return j && typeof j.user === 'number' && j.drafts && typeof j.drafts === 'object' ? j : null;
  } catch {
    return null;
  }
}

function journal(key: string, stored: Stored<unknown>): void {
  const s = storage();
  const session = getEngine().getState().session;
  if (!s || session.status !== 'signed-in') return;
  const j = readJournal(s);
  const drafts = j?.user === session.user.id ? j.drafts : {};
  try {
    s.setItem(DRAFT_JOURNAL_KEY, JSON.stringify({ user: session.user.id, drafts: { ...drafts, [key]: stored } } satisfies Journal));
  } catch {
    /* storage full or refused: the engine's copy is all there is */
  }
}

/**
 * The journal as this page found it, read once (the replay below forgets it in storage), until the
 * replay has handed it to the engine: a control that mounts later finds its draft in the mirror.
 */
let found: Journal | null | undefined;
function journalAtStart(): Journal | null {
  if (found === undefined) {
    const s = storage();
    found = s ? readJournal(s) : null;
  }
  return found;
}

/**
 * The last keystrokes of `key` that the page before left in the journal, for the signed-in user
 * only. (The engine is asked only when there is a journal: a control rendered alone has none.)
 */
function journalled<T>(key: string): Stored<T> | undefined {
  const j = journalAtStart();
  if (!j) return undefined;
  const session = getEngine().getState().session;
  return session.status === 'signed-in' && session.user.id === j.user ? (j.drafts[key] as Stored<T> | undefined) : undefined;
}

let replayed: Promise<void> | null = null;

/** Hands the journal's drafts that are newer than the mirror's to the engine, once per page. */
export function replayDraftJournal(): Promise<void> {
  replayed ??= (async () => {
    const s = storage();
    const j = journalAtStart();
    if (!s || !j) return void s?.removeItem(DRAFT_JOURNAL_KEY);
    const engine = getEngine();
    await engine.started;
    const session = engine.getState().session;
    if (session.status === 'signed-in' && session.user.id === j.user) {
      const rows = (await engine.snapshot('kv')) as { key: string; value: unknown }[];
      for (const [key, entry] of Object.entries(j.drafts)) {
        const inMirror = rows.find((r) => r.key === draftKey(key))?.value as Stored<unknown> | undefined;
        if ((entry.at ?? 0) > (inMirror?.at ?? 0)) await engine.saveDraft(key, entry);
      }
    }
    s.removeItem(DRAFT_JOURNAL_KEY);
  })()
    .catch(() => {})
    .finally(() => (found = null));
  return replayed;
}

/** How long typing may pause before the draft is written (and when the page hides, at once). */
const SAVE_AFTER_MS = 200;

/**
 * State that is a draft kept in the user's mirror (EngineApi.saveDraft) under `key`: it starts
 * from what was typed last (before a switch, a reload, a restart), follows what another tab types
 * into the same draft, and is written as the user types (after a short pause, and at once when the
 * page hides or the control goes). `clear()` after sending: every tab's copy empties. Another `key`
 * starts from that key's draft (or `empty`).
 */
export function useDraftState<T>(key: string, empty: T): [T, (v: T) => void, { clear(): void; restored: boolean }] {
  const [me, setMe] = useState(newId);
  const { data } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, draftKey(key))), [key]);
  // (Right after a change of key the query may still answer for the old one: that is not this draft.)
  const row = data?.[0];
  const inMirror = row?.key === draftKey(key) ? (row.value as Stored<T>) : undefined;
  // Right after a reload the mirror's copy can be a keystroke behind (it is written 200 ms after
  // typing); the journal has the last ones, and the engine gets them only once it has started. They
  // are shown from the first frame, not a moment later.
  const early = useMemo(() => journalled<T>(key), [key]);
  const stored = early && (early.at ?? 0) > (inMirror?.at ?? 0) ? early : inMirror;
  const [value, setValue] = useState<T>(empty);
  /** When this control was last typed into: a copy older than that is not adopted (it would undo the typing). */
  const [typedAt, setTypedAt] = useState(0);
  const [seen, setSeen] = useState<Stored<T> | undefined>(undefined);
  const [restored, setRestored] = useState(false);
  // Another draft (the dialog now edits another report, or the same one again): start from nothing,
  // and its stored copy follows, this control's own earlier writes included (a new writer id).
  const [forKey, setForKey] = useState(key);
  if (forKey !== key) {
    setForKey(key);
    setMe(newId());
    setValue(empty);
    setSeen(undefined);
    setRestored(false);
    setTypedAt(0);
  }
  // What the mirror says, adopted during render when it is news: another tab's typing, or the draft
  // left by an earlier visit. This control's own writes come back as echoes and are not adopted (an
  // older echo would undo the last keystrokes).
  if (stored !== seen) {
    setSeen(stored);
    if (stored && stored.by !== me && (stored.at ?? Infinity) > typedAt) {
      setValue(stored.v);
      setRestored(true);
    }
  }

  const pending = useRef<Stored<T> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Sends what was typed since the last save; `leaving`: the page goes away, so the journal keeps it too. */
  const flush = useCallback((leaving = false) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const p = pending.current;
    pending.current = null;
    if (!p) return;
    try {
      if (leaving) journal(key, p);
      void getEngine().saveDraft(key, p).catch(() => {});
    } catch {
      /* no engine (a test rendering the control alone): the typing stays on screen only */
    }
  }, [key]);

  const set = useCallback(
    (v: T) => {
      const at = Date.now();
      setValue(v);
      setTypedAt(at);
      pending.current = { v, by: me, at };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
    [flush, me],
  );
  const clear = useCallback(() => {
    set(empty);
    setRestored(false);
    flush();
  }, [set, flush, empty]);

  useEffect(() => void replayDraftJournal(), []);
  useEffect(() => {
    const hide = () => flush(document.visibilityState === 'hidden');
    const leave = () => flush(true);
    addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hide);
    return () => {
      removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hide);
      flush();
    };
  }, [flush]);

  return [value, set, { clear, restored }];
}
