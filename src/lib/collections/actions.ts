import { createOptimisticAction, type Transaction } from '@tanstack/db';
import type { User } from '../../../db/entities.ts';
import type { MutateData, Mutation } from '../../../db/engine-api.ts';
import { pendingMessageRow, type KvRow } from '../../../db/rows.ts';
import { getEngine } from '../engine.ts';
import { classesCollection, kvCollection, messagesCollection, notificationsCollection, rescheduleRequestsCollection } from './tables.ts';

/** A fresh mutation id (also its Idempotency-Key and, for a text, its client_key). */
export const newMutationId = (): string =>
  globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

type WithoutId<M> = M extends unknown ? Omit<M, 'id'> & { id?: string } : never;
export type MutationInput = WithoutId<Mutation>;

/**
 * Sends a mutation through the engine. Resolves with the server's reply once the mirror holds it
 * and this tab's collections show it; rejects with an EngineCallError whose `.engineError.message`
 * is the spec's wording. A replayable mutation made offline resolves with `queued: true`.
 */
export function runMutation(m: MutationInput): Promise<MutateData> {
  return getEngine().run({ ...m, id: m.id ?? newMutationId() } as Mutation);
}

/** Applies an optimistic change, then the mutation; the change is replaced by the worker's (or rolled back on rejection). */
function optimistic<V extends { id: string }>(onMutate: (v: V) => void, toMutation: (v: V) => Mutation) {
  const action = createOptimisticAction<V>({
    onMutate,
    mutationFn: async (v) => getEngine().run(toMutation(v)),
  });
  return action;
}

const userOf = (): Pick<User, 'id' | 'name' | 'avatar'> | null => {
  const s = getEngine().getState().session;
  return s.status === 'signed-in' ? s.user : null;
};

const sendMessageAction = optimistic<{ id: string; conversationId: number; text: string }>(
  (v) => messagesCollection.insert(pendingMessageRow(v, userOf(), Date.now())),
  (v) => ({ name: 'sendMessage', ...v }),
);

/**
 * Sends a text: it shows at once as pending; offline it waits in the outbox (surviving reloads)
 * and goes when the network returns. Await `tx.isPersisted.promise` for the outcome.
 */
export function sendMessage(conversationId: number, text: string): { id: string; tx: Transaction } {
  const id = newMutationId();
  return { id, tx: sendMessageAction({ id, conversationId, text }) };
}

const readNotificationsAction = optimistic<{ id: string }>(
  () => {
    for (const n of notificationsCollection.toArray) if (!n.read) notificationsCollection.update(n.id, (d) => void (d.read = true));
    if (kvCollection.has('user')) {
      kvCollection.update('user', (d: KvRow) => {
        const u = d.value as User;
        u.notifications_count = 0;
        for (const n of u.notifications ?? []) n.read = true;
      });
    }
  },
  (v) => ({ name: 'readNotifications', id: v.id }),
);
/** Marks every notification read (the badge clears at once). */
export const readNotifications = (): Transaction => readNotificationsAction({ id: newMutationId() });

const saveJoinUrlAction = optimistic<{ id: string; classId: number; join_url: string }>(
  (v) => {
    if (classesCollection.has(v.classId)) classesCollection.update(v.classId, (d) => void (d.join_url = v.join_url));
  },
  (v) => ({ name: 'saveJoinUrl', ...v }),
);
export const saveJoinUrl = (classId: number, join_url: string): Transaction => saveJoinUrlAction({ id: newMutationId(), classId, join_url });

const decideRescheduleAction = optimistic<{ id: string; requestId: number; action: 'approve' | 'reject' }>(
  (v) => {
    if (rescheduleRequestsCollection.has(v.requestId)) rescheduleRequestsCollection.delete(v.requestId);
  },
  (v) => ({ name: 'decideReschedule', ...v }),
);
/** Approves or rejects a reschedule request: it leaves the list at once; the moved classes arrive with the reply. */
export const decideReschedule = (requestId: number, action: 'approve' | 'reject'): Transaction =>
  decideRescheduleAction({ id: newMutationId(), requestId, action });

/** Drops an unsent or failed mutation (and its pending row). */
export const discardMutation = (id: string) => getEngine().discard(id);
/** Sends a failed mutation again. */
export const retryMutation = (id: string) => getEngine().retry(id);
