import type { z } from 'zod';
import type { AppSettings, User } from '../../db/entities.ts';
import type { EngineError, Result } from '../../db/engine-api.ts';
import { MSG } from '../../db/messages.ts';
import type { ApiClient } from '../transport/api-client.ts';
import { toEngineError } from '../transport/errors.ts';
import type { Clock, Logger } from '../engine/deps.ts';
import type { Writer } from './writer.ts';
import { parseReply, type ReportInvalid } from './validate.ts';

/** What the sync modules (resources, lists, realtime, outbox) share: passed in, never imported. */
export interface SyncContext {
  api: ApiClient;
  clock: Clock;
  log: Logger;
  reportInvalid: ReportInvalid;
  /** The signed-in user's writer, or null as a guest (a reply arriving after sign-out is dropped). */
  writer(): Writer | null;
  user(): User | null;
  settings(): AppSettings | null;
  /** Background refreshes a write asks for (home after a reschedule decision, notifications after a payment). */
  refreshLater(resource: import('../../db/engine-api.ts').Resource): void;
  markSynced(): void;
}

export const invalidReplyError = (): EngineError => ({ kind: 'invalid-reply', message: MSG.invalidReply });

/** GET a path and validate it. */
export async function getValid<S extends z.ZodType>(ctx: SyncContext, path: string, schema: S): Promise<Result<z.infer<S>>> {
  const reply = await ctx.api.request({ method: 'GET', path });
  if (!reply.ok) return { ok: false, error: toEngineError(reply, null, MSG.fetch) };
  const data = parseReply(schema, reply.body, path, ctx.reportInvalid);
  if (data === null) return { ok: false, error: invalidReplyError() };
  return { ok: true, data };
}
