import { eq } from '@tanstack/react-db';
import { useCallback, useEffect, useRef, useState } from 'react';
import { draftKey } from '../../../db/engine-api.ts';
import { newId } from '../../../db/ids.ts';
import { getEngine } from './connect.ts';
import { useLiveQuery } from './live-query.ts';
import { kvCollection } from './tables.ts';

/** A draft as the mirror keeps it: the value, and which control wrote it (its own echo is not news). */
interface Stored<T> {
  v: T;
  by: string;
}

/** How long typing may pause before the draft is written (and when the page hides, at once). */
const SAVE_AFTER_MS = 200;

/**
 * State that is a draft kept in the user's mirror (EngineApi.saveDraft) under `key`: it starts
 * from what was typed last (before a switch, a reload, a restart), follows what another tab types
 * into the same draft, and is written as the user types (after a short pause, and at once when the
 * page hides or the control goes). `clear()` after sending: every tab's copy empties. Render the
 * control with `key={key}`: one hook, one draft.
 */
export function useDraftState<T>(key: string, empty: T): [T, (v: T) => void, { clear(): void; restored: boolean }] {
  const [me] = useState(newId);
  const { data } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, draftKey(key))));
  const stored = (data?.[0]?.value as Stored<T> | undefined) ?? undefined;
  const [value, setValue] = useState<T>(empty);
  const [seen, setSeen] = useState<Stored<T> | undefined>(undefined);
  const [restored, setRestored] = useState(false);
  // What the mirror says, adopted during render when it is news: another tab's typing, or the draft
  // left by an earlier visit. This control's own writes come back as echoes and are not adopted (an
  // older echo would undo the last keystrokes).
  if (stored !== seen) {
    setSeen(stored);
    if (stored && stored.by !== me) {
      setValue(stored.v);
      setRestored(true);
    }
  }

  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const p = pending.current;
    pending.current = null;
    if (!p) return;
    try {
      void getEngine().saveDraft(key, { v: p.value, by: me } satisfies Stored<T>).catch(() => {});
    } catch {
      /* no engine (a test rendering the control alone): the typing stays on screen only */
    }
  }, [key, me]);

  const set = useCallback(
    (v: T) => {
      setValue(v);
      pending.current = { value: v };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
    [flush],
  );
  const clear = useCallback(() => {
    set(empty);
    flush();
  }, [set, flush, empty]);

  useEffect(() => {
    const hide = () => flush();
    addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', hide);
    return () => {
      removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', hide);
      flush();
    };
  }, [flush]);

  return [value, set, { clear, restored }];
}
