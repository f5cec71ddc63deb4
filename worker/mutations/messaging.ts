import * as E from '../../db/entities.ts';
import type { Row } from '../../db/schema.ts';
import { pendingMessageRow } from '../../db/rows.ts';
import { messageChanges } from '../realtime/realtime-sync.ts';
import { patchRow, valid, type MutationSpec, type MutationOf } from './spec.ts';

const messageReply = E.dataOf(E.message);

const delivered = (reply: unknown, conversationId: number, ctx: Parameters<typeof valid>[3]) => {
  // The spec's message names no conversation: it is the one it was sent to.
  const msg = valid(messageReply, reply, `/conversations/${conversationId}`, ctx, { conversationId }).data;
  // Sending marks the conversation seen for its sender.
  return [...messageChanges(msg), patchRow('conversations', msg.conversation_id, (c) => ({ ...c, seen: true }))];
};

export const sendMessage: MutationSpec<MutationOf<'sendMessage'>> = {
  request: (m) => ({ method: 'POST', path: `/conversations/${m.conversationId}`, body: { text: m.text, type: 'text' } }),
  optimistic: (m, ctx) => [{ table: 'messages', upserts: [pendingMessageRow(m, ctx.user(), ctx.clock.now()) as unknown as Row] }],
  apply: (reply, m, ctx) => delivered(reply, m.conversationId, ctx),
};

export const sendImage: MutationSpec<MutationOf<'sendImage'>> = {
  request: async (m, ctx) => {
    // `latest`: the newest message id this device holds, so the server can tell what we missed.
    const w = ctx.writer();
    const ids = w ? (await w.mirror.byIndex('messages', 'conversation_id', m.conversationId)).map((r) => r.id).filter((id): id is number => typeof id === 'number') : [];
    return { method: 'POST', path: `/conversations/${m.conversationId}`, form: { type: 'image', latest: String(ids.length ? Math.max(...ids) : 0), image: m.image } };
  },
  apply: (reply, m, ctx) => delivered(reply, m.conversationId, ctx),
};
