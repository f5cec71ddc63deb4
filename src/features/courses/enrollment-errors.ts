import type { EngineError, Result } from '../../../db/engine-api.ts';

/**
 * Enrolment never waits in the outbox (ARCHITECTURE.md rule 7): offline it fails at once with this
 * message rather than the generic one, so the user knows to reconnect and press again.
 */
export const OFFLINE_MESSAGE = "You're offline. Enrolment needs a connection: please try again when you're back online.";

/** The message for a failed enrol / update / finish: offline, the first 422 field message, else the action's fallback. */
export function enrollmentErrorMessage(error: EngineError, fallback: string): string {
  if (error.kind === 'offline') return OFFLINE_MESSAGE;
  if (error.status === 422 || error.kind === 'validation') {
    const first = error.fields ? Object.values(error.fields).find((m) => m.length)?.[0] : undefined;
    return first ?? (error.message || fallback);
  }
  return fallback;
}

/** A result's message when it failed, null when it succeeded. */
export const resultError = (r: Result<unknown>, fallback: string): string | null =>
  r.ok ? null : enrollmentErrorMessage(r.error, fallback);
