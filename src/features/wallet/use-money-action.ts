import { useCallback, useRef, useState } from 'react';
import type { EngineError, MutateData, Mutation } from '../../../db/engine-api.ts';
import { mutationId, useEngine } from '../../app/session-context.tsx';
import { Attempt } from './attempt.ts';

type Body = Mutation extends infer M ? (M extends Mutation ? Omit<M, 'id'> : never) : never;
export type MoneyResult = { ok: true; data: MutateData } | { ok: false; error: EngineError };

/**
 * Attempts outlive the dialog that started them: closing the dialog after a lost reply and trying
 * again is still a retry of the same attempt (same payload, same key), so it cannot charge twice.
 */
const attempts = new Map<string, Attempt>();
const attemptOf = (action: string) => {
  let a = attempts.get(action);
  if (!a) attempts.set(action, (a = new Attempt(mutationId)));
  return a;
};

/**
 * One money action for a dialog: never two requests at once (a double click sends once), and a
 * retry of the same attempt reuses its mutation id, the Idempotency-Key, so a retry after a lost
 * reply cannot charge twice. The engine never queues these: offline they fail at once.
 */
export function useMoneyAction(action: 'card' | 'manual' | 'borrow' | 'transfer') {
  const engine = useEngine();
  const attempt = attemptOf(action);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  /** `key` is what makes two tries "the same attempt" (defaults to the body itself). */
  const run = useCallback(
    async (body: Body, key: unknown = body): Promise<MoneyResult | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      try {
        const id = attempt.idFor(key);
        const r = await engine.mutate({ ...body, id } as Mutation);
        attempt.settle(r.ok ? null : r.error);
        return r;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [engine, attempt],
  );

  /** Several calls that form one attempt (the card flow): the caller sequences them. Undefined while one runs. */
  const guard = useCallback(async <T,>(fn: (attempt: Attempt) => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    try {
      return await fn(attempt);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [attempt]);

  return { run, guard, busy };
}

