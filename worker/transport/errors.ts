import type { EngineError, MutationName } from '../../db/engine-api.ts';
import { MESSAGES, isErrorCode, rejectionMessage, textBody } from '../../db/messages.ts';
import { policyOf } from '../../db/mutations.ts';
import type { ApiReply } from './api-client.ts';

type Failure = Extract<ApiReply, { ok: false }>;

/**
 * Turns a failed reply into the EngineError the UI shows: the kind by status, the message from the
 * catalogue. A mutation's failure is worded by its policy (db/mutations.ts); any other call by
 * `fallback`. `code` is set only when the server sent a known business code.
 */
export function toEngineError(f: Failure, name: MutationName | null, fallback: string = MESSAGES.fetchFailed): EngineError {
  const policy = name ? policyOf(name) : null;
  const failure = policy?.failure ?? fallback;
  if (f.failure === 'network') return { kind: 'offline', message: policy?.offline ?? MESSAGES.offline };
  if (f.failure === 'timeout') return { kind: 'timeout', message: failure };
  const status = f.status ?? 0;
  if (status === 401) return { kind: 'unauthorized', status, message: MESSAGES.sessionEnded };
  if (status >= 500) return { kind: 'server', status, message: failure };
  // A plain-text body ("LIMIT_EXCEEDED") carries its code too.
  const body = textBody(f.body) as { code?: unknown; errors?: Record<string, string[]> } | null | undefined;
  const code = isErrorCode(body?.code) ? { code: body.code } : {};
  const message = rejectionMessage(failure, status, body, policy?.showsServerMessage, policy?.codes);
  if (status === 422) return { kind: 'validation', status, message, fields: body?.errors, ...code };
  return { kind: 'rejected', status, ...code, message };
}
