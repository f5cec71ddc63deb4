import type { z } from 'zod';
import type { User } from '../../db/entities.ts';
import type { CallRequest, Mutation, MutationName } from '../../db/engine-api.ts';
import type { TableChange } from '../../db/mirror.ts';
import type { Row } from '../../db/schema.ts';
import type { DeriveContext } from '../../db/derive.ts';
import { deriveIn, type SyncContext } from '../sync/context.ts';
import { parseReply } from '../sync/validate.ts';

export type MutationOf<K extends MutationName> = Extract<Mutation, { name: K }>;

/** Thrown by `apply` when the reply does not fit its schema (already reported). */
export class InvalidReply extends Error {}

/**
 * What one mutation means for the engine: the request it sends, how its reply lands in the
 * mirror, and the local state shown while it waits (queued ones). What is particular to it beyond
 * that (queueing, refreshes, wording) is its policy: db/mutations.ts.
 */
export interface MutationSpec<M extends Mutation> {
  request(m: M, ctx: SyncContext): CallRequest | Promise<CallRequest>;
  apply?(reply: unknown, m: M, ctx: SyncContext): TableChange[] | Promise<TableChange[]>;
  optimistic?(m: M, ctx: SyncContext): TableChange[] | Promise<TableChange[]>;
  /** A reply that carries a new token (password change revokes the others). */
  newToken?(reply: unknown): string | null;
}

export type MutationSpecs = { [K in MutationName]: MutationSpec<MutationOf<K>> };

/** Validates a mutation reply; throws InvalidReply (reported) when it does not fit. */
export function valid<S extends z.ZodType>(schema: S, reply: unknown, path: string, ctx: SyncContext, derive: DeriveContext = {}): z.infer<S> {
  const v = parseReply(schema, reply, path, ctx.reportInvalid, deriveIn(ctx, derive));
  if (v === null) throw new InvalidReply(path);
  return v;
}

/**
 * A reply with no `data`: it says nothing beyond "done". The spec shows no answer for many actions
 * ("not shown"): the action succeeded, and the caller patches what it surely means.
 */
export const saysNothing = (reply: unknown): boolean => !reply || typeof reply !== 'object' || (reply as { data?: unknown }).data == null;

/** Changes the signed-in user's stored document in place. */
export const patchUser = (fn: (u: User) => Partial<User>): TableChange => ({
  table: 'kv',
  patches: [{ key: 'user', apply: (r) => r && { ...r, value: { ...(r.value as User), ...fn(r.value as User) } } }],
});

export const patchRow = (table: TableChange['table'], key: number | string, fn: (r: Row) => Row): TableChange => ({
  table,
  patches: [{ key, apply: (r) => (r ? fn(r) : undefined) }],
});

export const kvRow = (key: string, value: unknown): Row => ({ key, value });
