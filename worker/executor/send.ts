import type { EngineError, Mutation } from '../../db/engine-api.ts';
import type { TableChange } from '../../db/mirror.ts';
import { MUTATION_SPECS, InvalidReply } from '../mutations/index.ts';
import type { MutationSpec } from '../mutations/spec.ts';
import type { SyncContext } from '../sync/context.ts';
import { invalidReplyError } from '../sync/context.ts';
import { writeFailure } from '../retry/backoff.ts';
import { toEngineError } from '../transport/errors.ts';

export type SendOutcome =
  /** Accepted: `changes` are what the reply means for the mirror (not yet written). */
  | { kind: 'done'; reply: unknown; changes: TableChange[]; spec: MutationSpec<Mutation> }
  /** The server said no (4xx): roll back, show `error`. */
  | { kind: 'rejected'; error: EngineError }
  /** Accepted, but the reply does not fit its schema: nothing is written, the error is reported. */
  | { kind: 'invalid'; error: EngineError; spec: MutationSpec<Mutation> }
  /**
   * Not accepted, and not refused for good (retry/backoff.ts `writeFailure`): `unreachable` (it did
   * not reach the server), `unavailable` (502/503/504: try again by itself later) or `failed` (a 500:
   * not again by itself). A resend uses the same Idempotency-Key.
   */
  | { kind: 'failed'; error: EngineError; failure: 'unreachable' | 'unavailable' | 'failed' }
  | { kind: 'unauthorized'; error: EngineError };

/** What the engine does for a mutation (its request, how its reply lands); its policy is `policyOf` in db/mutations.ts. */
export const mutationSpecOf = (m: Mutation) => MUTATION_SPECS[m.name] as MutationSpec<Mutation>;

/**
 * Sends one mutation with its id as Idempotency-Key (a resend after a lost reply is answered
 * with the first reply and changes nothing) and turns the reply into mirror changes.
 */
export async function sendMutation(ctx: SyncContext, m: Mutation): Promise<SendOutcome> {
  const spec = mutationSpecOf(m);
  const req = await spec.request(m, ctx);
  const reply = await ctx.api.request({ ...req, idempotencyKey: m.id }, { retries: 0 });
  if (!reply.ok) {
    const error = toEngineError(reply, m.name);
    if (reply.failure === 'http' && reply.status === 401) return { kind: 'unauthorized', error };
    const failure = writeFailure(reply);
    if (failure === 'rejected') return { kind: 'rejected', error };
    return { kind: 'failed', error, failure };
  }
  try {
    const changes = spec.apply ? await spec.apply(reply.body, m, ctx) : [];
    return { kind: 'done', reply: reply.body, changes, spec };
  } catch (e) {
    if (e instanceof InvalidReply) return { kind: 'invalid', error: invalidReplyError(), spec };
    throw e;
  }
}
