import { createOptimisticAction } from '@tanstack/db';
import type { User } from '../../../db/entities.ts';
import type { MutateData, Mutation, MutationName, Result } from '../../../db/engine-api.ts';
import { policyOf } from '../../../db/mutations.ts';
import { pendingMessageRow } from '../../../db/rows.ts';
import { EngineCallError } from './client.ts';
import { getEngine } from './connect.ts';
import type { Optimistic } from './mutation.ts';
import { classesCollection, messagesCollection, rescheduleRequestsCollection } from './tables.ts';

type Of<K extends MutationName> = Extract<Mutation, { name: K }>;

/**
 * Writes whose change shows in this tab's collections before the engine has it (a text, a join
 * link, a decided request), for `useMutation(name, { optimistic })` (or, for the chat's texts,
 * called as they are): a TanStack optimistic transaction around the engine's one `mutate` path.
 * The change is replaced by the worker's once the mirror holds the reply, or rolled back on a
 * rejection; the answer is the same `Result` as `mutate`'s, with the engine's worded error.
 * (Replayable writes the worker applies to the mirror at once, such as "mark notifications read",
 * need no layer here.)
 */
function optimistic<K extends MutationName>(onMutate: (m: Of<K>) => void): Optimistic<K> {
  const results = new Map<string, Result<MutateData>>();
  const action = createOptimisticAction<Of<K>>({
    onMutate,
    mutationFn: async (m) => {
      const r = await getEngine().mutate(m);
      results.set(m.id, r);
      if (!r.ok) throw new EngineCallError(r.error); // rolls the change back
      return r.data;
    },
  });
  return async (m) => {
    await action(m).isPersisted.promise.catch(() => {});
    const r = results.get(m.id) ?? { ok: false, error: { kind: 'server', message: policyOf(m.name).failure } };
    results.delete(m.id);
    return r;
  };
}

const userOf = (): Pick<User, 'id' | 'name' | 'avatar'> | null => {
  const s = getEngine().getState().session;
  return s.status === 'signed-in' ? s.user : null;
};

/** A text shows at once as pending; offline it waits in the outbox (surviving reloads) and goes when the network returns. */
export const optimisticText = optimistic<'sendMessage'>((m) => messagesCollection.insert(pendingMessageRow(m, userOf(), Date.now())));

/** The class shows its new join link at once. */
export const optimisticJoinUrl = optimistic<'saveJoinUrl'>((m) => {
  if (classesCollection.has(m.classId)) classesCollection.update(m.classId, (d) => void (d.join_url = m.join_url));
});

/**
 * An attended class shows "Attended" at once (dialog, lists, calendar), before the server's reply;
 * a refusal (no report, short balance) rolls it back.
 */
export const optimisticAttended = optimistic<'markAttended'>((m) => {
  if (classesCollection.has(m.classId)) {
    classesCollection.update(m.classId, (d) => {
      d.attended = true;
      d.can_mark_attended = false;
    });
  }
});

/** A decided request leaves the list at once; the moved classes arrive with the reply. */
export const optimisticDecision = optimistic<'decideReschedule'>((m) => {
  if (rescheduleRequestsCollection.has(m.requestId)) rescheduleRequestsCollection.delete(m.requestId);
});

/** Drops an unsent or failed mutation (and its pending row). */
export const discardMutation = (id: string) => getEngine().discard(id);
/** Sends a failed mutation again. */
export const retryMutation = (id: string) => getEngine().retry(id);
