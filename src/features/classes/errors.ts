import type { EngineError } from '../../../db/engine-api.ts';
import { MESSAGES, messageForCode } from '../../lib/messages.ts';

/**
 * Which message a failed class action shows (shell spec section 8). Decided by the error's kind
 * and business code: cancel and reschedule show "Monthly limit exceeded" on LIMIT_EXCEEDED (a JSON
 * code or a plain-text body) and otherwise the server's own message when it sent one; join has its own
 * message; every other action shows the generic one. Offline failures keep the engine's message,
 * which says the action needs the network.
 */
export type ActionFamily = 'change' | 'join' | 'other';

export function actionErrorMessage(error: EngineError, family: ActionFamily): string {
  if (error.kind === 'offline') return error.message;
  if (family === 'join') return messageForCode(error.code, MESSAGES.joinFailed);
  if (family === 'change') {
    if (error.code) return messageForCode(error.code, error.kind === 'rejected' && error.message ? error.message : MESSAGES.actionFailed);
    if (error.kind === 'validation') return firstMessage(error) ?? MESSAGES.actionFailed;
    // Any other refusal: the engine's message is the code's wording, the server's own message
    // (JSON or plain text), else the generic one (db/messages.ts rejectionMessage).
    if (error.kind === 'rejected') return error.message || MESSAGES.actionFailed;
    return MESSAGES.actionFailed;
  }
  return MESSAGES.actionFailed;
}

/** The first field message of a 422, else its top-level message. */
export function firstMessage(error: EngineError): string | null {
  for (const list of Object.values(error.fields ?? {})) if (list?.[0]) return list[0];
  return error.message || null;
}
