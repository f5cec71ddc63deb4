import { z } from 'zod';
import * as E from '../../db/entities.ts';
import type { TableChange } from '../../db/mirror.ts';
import type { Row } from '../../db/schema.ts';
import type { SyncContext } from '../sync/context.ts';
import { parseReply } from '../sync/validate.ts';
import { dataChangedEvent, type DataChanged } from './hints.ts';
import type { RealtimeClient, RealtimeFactory, RealtimeOptions, RealtimeState } from './realtime-client.ts';

const inboxEvent = z.looseObject({ data: E.conversation, unread_inbox_count: z.number().int().nonnegative() });
const messageEvent = z.looseObject({ data: E.message });

/** Writes of a server message: the message, the unsent row it replaces, and the conversation's last activity. */
export function messageChanges(m: E.Message): TableChange[] {
  return [
    { table: 'messages', upserts: [m as Row], deletes: m.client_key ? [`pending:${m.client_key}`] : [] },
    {
      table: 'conversations',
      patches: [{ key: m.conversation_id, apply: (c) => {
        if (!c) return undefined;
        const newer = ((c.last_message as { id?: number } | null)?.id ?? 0) <= m.id;
        return newer ? { ...c, last_message: m, updated_at_timestamp: Math.max(Number(c.updated_at_timestamp ?? 0), m.created_at_timestamp) } : c;
      } }],
    },
  ];
}

/**
 * The one realtime connection of the browser: the user's inbox channel while signed in, and a
 * conversation's channel while some tab shows it. After the socket comes back it asks the engine
 * to catch up on what may have been missed.
 */
export class RealtimeSync {
  private client: RealtimeClient | null = null;
  private state: RealtimeState = 'disconnected';
  private everConnected = false;
  private readonly conversations = new Set<number>();
  private online = true;

  constructor(
    private readonly ctx: SyncContext,
    private readonly factory: RealtimeFactory | undefined,
    private readonly hooks: { onState(s: RealtimeState): void; catchUp(): void; hint(h: DataChanged): void },
  ) {}

  get current(): RealtimeState {
    return this.state;
  }

  start(o: RealtimeOptions, userId: number): void {
    this.stop();
    if (!this.factory) return;
    const client = (this.client = this.factory(o));
    client.onState((s) => this.setState(s));
    client.listen(`User.${userId}.Inbox`, 'InboxUpdated', (d) => void this.onInbox(d).catch((e) => this.ctx.log.warn('[engine] inbox event not stored:', e)));
    // Another party changed the user's home, classes or calendar: re-read them now rather than at the next poll.
    client.listen(`User.${userId}.Inbox`, 'DataChanged', (d) => {
      const h = parseReply(dataChangedEvent, d, 'realtime:DataChanged', this.ctx.reportInvalid);
      if (h) this.hooks.hint(h);
    });
    for (const id of this.conversations) this.listenConversation(id);
    if (!this.online) client.disconnect();
  }

  stop(): void {
    this.client?.destroy();
    this.client = null;
    this.everConnected = false;
    this.setState('disconnected');
  }

  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (!this.client) return;
    if (online) this.client.connect();
    else this.client.disconnect();
  }

  watchConversation(id: number): void {
    if (this.conversations.has(id)) return;
    this.conversations.add(id);
    if (this.client) this.listenConversation(id);
  }

  unwatchConversation(id: number): void {
    if (!this.conversations.delete(id)) return;
    this.client?.leave(`Conversation.${id}`);
  }

  private listenConversation(id: number) {
    this.client?.listen(`Conversation.${id}`, 'NewConversationMessage', (d) => void this.onMessage(d).catch((e) => this.ctx.log.warn('[engine] message event not stored:', e)));
  }

  private setState(s: RealtimeState) {
    const was = this.state;
    if (s === was) return;
    this.state = s;
    this.hooks.onState(s);
    if (s === 'connected') {
      if (this.everConnected) this.hooks.catchUp();
      this.everConnected = true;
    }
  }

  private async onInbox(raw: unknown) {
    const e = parseReply(inboxEvent, raw, 'realtime:InboxUpdated', this.ctx.reportInvalid);
    const w = this.ctx.writer();
    if (!e || !w) return;
    await w.commit([
      { table: 'conversations', upserts: [e.data as Row] },
      { table: 'kv', patches: [{ key: 'user', apply: (r) => r && { ...r, value: { ...(r.value as object), unread_inbox_count: e.unread_inbox_count } } }] },
    ]);
  }

  private async onMessage(raw: unknown) {
    const e = parseReply(messageEvent, raw, 'realtime:NewConversationMessage', this.ctx.reportInvalid);
    const w = this.ctx.writer();
    if (!e || !w) return;
    await w.commit(messageChanges(e.data));
  }
}
