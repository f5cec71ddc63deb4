import type { EngineError, MutationName } from '../../db/engine-api.ts';
import { MSG, firstFieldMessage, rejectionMessage } from '../../db/messages.ts';
import type { ApiReply } from './api-client.ts';

type Failure = Extract<ApiReply, { ok: false }>;

/** Turns a failed reply into the EngineError the UI shows (kind by status, message from the catalogue). */
export function toEngineError(f: Failure, name: MutationName | null, fallback: string = MSG.fetch): EngineError {
  if (f.failure === 'network') return { kind: 'offline', message: MSG.offline };
  if (f.failure === 'timeout') return { kind: 'timeout', message: name ? rejectionMessage(name, 0, null) : fallback };
  const status = f.status ?? 0;
  const body = f.body as { code?: unknown; errors?: Record<string, string[]> } | undefined;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  if (status === 401) return { kind: 'unauthorized', status, message: MSG.unauthorized };
  if (status >= 500) return { kind: 'server', status, message: name ? rejectionMessage(name, status, null) : fallback };
  if (status === 422) {
    return { kind: 'validation', status, message: firstFieldMessage(body) ?? fallback, fields: body?.errors, ...(code ? { code } : {}) };
  }
  return { kind: 'rejected', status, ...(code ? { code } : {}), message: name ? rejectionMessage(name, status, body) : fallback };
}

/** Whether a failure means "try again later" (kept in the outbox) rather than "the server said no". */
export const isTransient = (f: Failure) =>
  f.failure !== 'http' || (f.status ?? 0) >= 500 || f.status === 408 || f.status === 429;
