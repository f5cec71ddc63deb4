import { useCallback, useRef, useState } from 'react';
import type { EngineError, MutateData, Mutation, MutationName, Result } from '../../../db/engine-api.ts';
import { newId } from '../../../db/ids.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { successMessage } from '../../../db/mutations.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { Attempt } from './attempt.ts';
import { getEngine } from './connect.ts';

type Of<K extends MutationName> = Extract<Mutation, { name: K }>;
/** A mutation as a screen writes it: everything but the id, which the write API gives. */
export type MutationBody<K extends MutationName> = Omit<Of<K>, 'id' | 'name'>;

/**
 * The one way a tab writes: sends `m` through the engine and answers once this tab shows the
 * mirror's state that followed (the server's reply, or the rollback). Never throws: a failure is
 * `{ ok: false, error }`, whose `message` is already the catalogue's wording for this mutation
 * (the worker words it from `db/mutations.ts`). `useMutation` is the same for a control.
 */
export function mutate<K extends MutationName>(name: K, body: MutationBody<K>, id: string = newId()): Promise<Result<MutateData>> {
  return getEngine().mutate({ ...body, name, id } as Mutation);
}

export interface RunOptions {
  /** Shown when the server accepted it: the policy's message by default; null shows none (the screen says more itself). */
  success?: string | null;
  /** A different message for a failure (return undefined for the engine's own); null shows none (the form shows it in place). */
  error?: (e: EngineError) => string | null | undefined;
  /** What makes two tries "the same attempt" for `attempt` mutations (default: the body). */
  key?: unknown;
}

/** Applies a change to this tab's collections at once, then sends `m`; answers like `mutate` (optimistic.ts builds these). */
export type Optimistic<K extends MutationName> = (m: Of<K>) => Promise<Result<MutateData>>;

export interface MutationControl<K extends MutationName> {
  /**
   * Runs the mutation once (a second call while one runs answers null: a double click sends
   * once), shows the success or error message, and answers the result.
   */
  run(body: MutationBody<K>, opts?: RunOptions): Promise<Result<MutateData> | null>;
  /** Several calls that form one attempt (the card flow), under the same guard; undefined while one runs. */
  guard<T>(fn: (attempt: Attempt) => Promise<T>): Promise<T | undefined>;
  busy: boolean;
}

/**
 * Attempts outlive the dialog that started them: closing the dialog after a lost reply and trying
 * again is still a retry of the same attempt (same payload, same key), so it cannot charge twice.
 */
const attempts = new Map<string, Attempt>();
const attemptOf = (name: string) => {
  let a = attempts.get(name);
  if (!a) attempts.set(name, (a = new Attempt(newId)));
  return a;
};

/**
 * The write API for a control. `optimistic` (from optimistic.ts) shows the change in this tab's
 * collections before the engine answers. `attempt: true` (money) keeps one Idempotency-Key for every retry of
 * the same payload until the server has answered for good, so a retry after a lost reply cannot
 * apply twice; other mutations get a fresh id per press. A replayable mutation made offline is kept
 * in the outbox and says so.
 */
export function useMutation<K extends MutationName>(name: K, opts: { attempt?: boolean; optimistic?: Optimistic<K> } = {}): MutationControl<K> {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const sameAttempt = opts.attempt === true;
  const optimistic = opts.optimistic;

  const guard = useCallback(async <T,>(fn: (attempt: Attempt) => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    try {
      return await fn(attemptOf(name));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [name]);

  const run = useCallback(
    async (body: MutationBody<K>, o: RunOptions = {}): Promise<Result<MutateData> | null> => {
      const r = await guard(async (attempt) => {
        const id = sameAttempt ? attempt.idFor(o.key ?? body) : newId();
        const res = optimistic ? await optimistic({ ...body, name, id } as Of<K>) : await mutate(name, body, id);
        if (sameAttempt) attempt.settle(res.ok ? null : res.error);
        return res;
      });
      if (!r) return null;
      if (r.ok) {
        const message = r.data.queued ? MESSAGES.queued : o.success === undefined ? successMessage({ ...body, name, id: '' } as Mutation) : o.success;
        if (message) notify(r.data.queued ? 'info' : 'success', message);
      } else {
        const custom = o.error?.(r.error);
        const message = custom === undefined ? r.error.message : custom;
        if (message) notify('error', message);
      }
      return r;
    },
    [guard, name, sameAttempt, optimistic],
  );

  return { run, guard, busy };
}
