import type { EngineError } from '../../../db/engine-api.ts';
import { CODE_MESSAGES } from '../../lib/messages.ts';

/**
 * The message for a failed money action, decided by code and kind, never by text: a business
 * code's catalogue message; offline, the engine's own wording (the action was not sent); a 422,
 * its first field message; anything else, the screen's fallback from the catalogue.
 */
export function moneyErrorMessage(e: EngineError, fallback: string): string {
  if (e.code && CODE_MESSAGES[e.code]) return CODE_MESSAGES[e.code]!;
  if (e.kind === 'offline') return e.message || fallback;
  if (e.kind === 'validation' && e.fields) return Object.values(e.fields)[0]?.[0] ?? fallback;
  return fallback;
}
