import type { z } from 'zod';
import type { AppSettings, User } from '../../db/entities.ts';
import type { EngineError, Result } from '../../db/engine-api.ts';
import { MESSAGES } from '../../db/messages.ts';
import type { ApiClient } from '../transport/api-client.ts';
import { toEngineError } from '../transport/errors.ts';
import type { Clock, Logger } from '../ports.ts';
import type { Writer } from './writer.ts';
import type { DeriveContext } from '../../db/derive.ts';
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
  markSynced(): void;
}

export const invalidReplyError = (): EngineError => ({ kind: 'invalid-reply', message: MESSAGES.loadFailed });

/** What a reply of this session is read in (db/derive.ts): the user's timezone, and what the caller adds. */
export const deriveIn = (ctx: SyncContext, more: DeriveContext = {}): DeriveContext => ({ timezone: ctx.user()?.timezone, ...more });

/** GET a path and validate it. */
export async function getValid<S extends z.ZodType>(ctx: SyncContext, path: string, schema: S, derive: DeriveContext = {}): Promise<Result<z.infer<S>>> {
  const reply = await ctx.api.request({ method: 'GET', path });
  if (!reply.ok) return { ok: false, error: toEngineError(reply, null) };
  const data = parseReply(schema, reply.body, path, ctx.reportInvalid, deriveIn(ctx, derive));
  if (data === null) return { ok: false, error: invalidReplyError() };
  return { ok: true, data };
}

/** What a revalidated GET brought: a new reply (`keep()` once it is stored), or nothing new (a 304). */
export type Fresh<T> = { changed: true; data: T; keep: () => void } | { changed: false };

/**
 * GET a path with the ETag of the reply stored last (If-None-Match) and validate what comes back.
 * A `304` is "nothing new": no parse and no write; the caller still counts the resource as
 * refreshed. The new reply's tag is remembered only through `keep()`, after the caller wrote it.
 */
export async function getIfChanged<S extends z.ZodType>(ctx: SyncContext, path: string, schema: S): Promise<Result<Fresh<z.infer<S>>>> {
  const reply = await ctx.api.request({ method: 'GET', path }, { revalidate: true });
  if (!reply.ok) return { ok: false, error: toEngineError(reply, null) };
  if (reply.notModified) return { ok: true, data: { changed: false } };
  const data = parseReply(schema, reply.body, path, ctx.reportInvalid, deriveIn(ctx));
  if (data === null) return { ok: false, error: invalidReplyError() };
  return { ok: true, data: { changed: true, data, keep: reply.keep ?? (() => undefined) } };
}
