import type { EngineError } from '../../../db/engine-api.ts';
import { MESSAGES } from '../../../db/messages.ts';

/**
 * The first field message of a 422, else the engine's message, else the generic one. A 429 (the
 * server's rate limits on sign-in, confirmation, password reset and registration) says to wait.
 */
export function firstError(e: EngineError, fallback: string = MESSAGES.actionFailed): string {
  if (e.status === 429) return MESSAGES.tooManyAttempts;
  const first = e.fields ? Object.values(e.fields).find((m) => m.length > 0)?.[0] : undefined;
  return first ?? (e.message || fallback);
}

/** Field messages of a 422 keyed by field. */
export function fieldErrors(e: EngineError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.fields ?? {})) if (v[0]) out[k] = v[0];
  return out;
}
