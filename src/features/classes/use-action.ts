import { useCallback, useRef, useState } from 'react';
import type { MutateData, Mutation } from '../../../db/engine-api.ts';
import { mutationId, useEngine } from '../../app/session-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { actionErrorMessage, type ActionFamily } from './errors.ts';

/** Shown when a replayable change was kept in the outbox (offline): it goes when the network returns. */
export const QUEUED = 'Saved on this device. It will be sent when you are back online.';

type Body = Mutation extends infer M ? (M extends Mutation ? Omit<M, 'id'> : never) : never;

export interface RunOptions {
  family: ActionFamily;
  /** Shown when the server accepted it. */
  success?: string;
  /** Replaces the default message for a failure; return null to show the default. */
  onError?: (e: import('../../../db/engine-api.ts').EngineError) => string | null;
}

/**
 * Runs one engine mutation for a control: tracks `busy` (the control disables itself), shows the
 * catalogue's success or error message, and answers the reply, or null when it failed. The engine
 * has already applied the change to the mirror when the promise resolves, so the screen shows
 * the server's state without a flicker.
 */
export function useAction() {
  const engine = useEngine();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(
    async (body: Body, opts: RunOptions): Promise<MutateData | null> => {
      if (inFlight.current) return null; // a double click sends once
      inFlight.current = true;
      setBusy(true);
      try {
        const r = await engine.mutate({ ...body, id: mutationId() } as Mutation);
        if (!r.ok) {
          notify('error', opts.onError?.(r.error) ?? actionErrorMessage(r.error, opts.family));
          return null;
        }
        if (r.data.queued) notify('info', QUEUED);
        else if (opts.success) notify('success', opts.success);
        return r.data;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [engine],
  );
  return { run, busy };
}
