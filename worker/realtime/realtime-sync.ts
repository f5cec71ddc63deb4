import { z } from 'zod';
import * as E from '../../db/entities.ts';
import type { TableChange } from '../../db/mirror.ts';
import type { Row } from '../../db/schema.ts';
import { backoffDelay } from '../retry/backoff.ts';
import { deriveIn, type SyncContext } from '../sync/context.ts';
import { parseReply } from '../sync/validate.ts';
import { eventListenName } from './conventions.ts';
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
 * What a channel's events keep fresh, re-read when they may have been missed: the inbox (its list,
 * home and unread counts) or one conversation's newest page. `first`: the inbox channel's first
 * subscription, when only what was read before it needs reading again.
 */
export type CatchUp = { kind: 'inbox'; first?: boolean } | { kind: 'conversation'; id: number };

/** One channel joined on the current client. */
interface Joined {
  target: CatchUp;
  bind(client: RealtimeClient): void;
  /** Its subscription succeeded once on this client: the next success is a re-subscription. */
  subscribed: boolean;
  /** Events may have been sent while it was deaf (a failed subscription, a client restarted): catch up at the next success. */
  missed: boolean;
  attempt: number;
  retry: unknown;
}

/** A failed subscription is tried again after 1 s, then up to every 30 s (with jitter). */
const RESUBSCRIBE = { baseMs: 1000, maxMs: 30_000 };

/**
 * How long a conversation's first read waits for its channel to be subscribed (an auth request and
 * a round trip): past it the newest page is read anyway, and read again once the channel hears.
 */
export const FIRST_READ_WAIT_MS = 3000;

/**
 * The one realtime connection of the browser: the user's inbox channel while signed in, and a
 * conversation's channel while some tab shows it. Whenever a channel's events may have been missed
 * it asks the engine to catch up on what that channel keeps fresh, once the channel is subscribed
 * again (not when the socket reconnects: the channels are subscribed again only after that, and a
 * read in between would miss what is sent meanwhile). A subscription that fails (its authorization
 * request failed) is tried again with backoff: pusher-js leaves the channel deaf until the socket
 * reconnects.
 */
export class RealtimeSync {
  private client: RealtimeClient | null = null;
  private state: RealtimeState = 'disconnected';
  private readonly conversations = new Set<number>();
  private readonly joined = new Map<string, Joined>();
  private userId: number | null = null;
  private online = true;
  /** The current client said it is disconnected (it could not connect, or lost its socket): a subscription would wait for it. */
  private socketDown = false;
  /**
   * Conversations whose first read waits for their channel's first answer: the timer that reads
   * them anyway. Kept across a client's restart (its channels are joined again), cleared by an
   * answer or an unwatch.
   */
  private readonly firstReads = new Map<number, unknown>();
  private eventNames: RealtimeOptions['eventNames'];

  constructor(
    private readonly ctx: SyncContext,
    private readonly factory: RealtimeFactory | undefined,
    private readonly hooks: { onState(s: RealtimeState): void; catchUp(what: CatchUp): void; hint(h: DataChanged): void },
  ) {}

  get current(): RealtimeState {
    return this.state;
  }

  start(o: RealtimeOptions, userId: number): void {
    // The same user's socket started again (a new token, new settings): what the old one would have
    // brought meanwhile is read once the new one's channels are subscribed.
    const restarted = this.client !== null && this.userId === userId;
    this.stop();
    if (!this.factory) return;
    const client = (this.client = this.factory(o));
    this.userId = userId;
    this.eventNames = o.eventNames;
    this.socketDown = false;
    client.onState((s) => {
      this.socketDown = s === 'disconnected';
      this.setState(s);
    });
    this.join(`User.${userId}.Inbox`, { kind: 'inbox' }, restarted, (c) => {
      c.listen(`User.${userId}.Inbox`, this.event('InboxUpdated'), (d) => void this.onInbox(d).catch((e) => this.ctx.log.warn('[engine] inbox event not stored:', e)));
      // Another party changed the user's home, classes or calendar: re-read them now rather than at the next poll.
      c.listen(`User.${userId}.Inbox`, this.event('DataChanged'), (d) => {
        const h = parseReply(dataChangedEvent, d, 'realtime:DataChanged', this.ctx.reportInvalid);
        if (h) this.hooks.hint(h);
      });
    });
    // Whatever was read of them came before this client's channels: each is read again once it hears.
    for (const id of this.conversations) this.listenConversation(id, true);
    if (!this.online) client.disconnect();
  }

  stop(): void {
    for (const j of this.joined.values()) this.clearRetry(j);
    this.joined.clear();
    this.client?.destroy();
    this.client = null;
    this.setState('disconnected');
  }

  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (!this.client) return;
    if (online) this.client.connect();
    else this.client.disconnect();
  }

  /**
   * A conversation shown by some tab: its channel is subscribed first and its newest page read
   * after, so a message sent in between reaches us one way or the other (read before the
   * subscription, it would reach neither: a Pusher server keeps nothing). The read waits for the
   * channel's first answer, at most `FIRST_READ_WAIT_MS`; with no socket up, it happens now and
   * again once the channel hears.
   */
  watchConversation(id: number): boolean {
    if (this.conversations.has(id)) return false;
    this.conversations.add(id);
    const target: CatchUp = { kind: 'conversation', id };
    if (!this.client) {
      this.hooks.catchUp(target);
      return true;
    }
    this.listenConversation(id, true);
    if (!this.online || this.socketDown) {
      this.hooks.catchUp(target);
      return true;
    }
    this.firstReads.set(id, this.ctx.clock.setTimeout(() => {
      this.firstReads.delete(id);
      this.hooks.catchUp(target);
    }, FIRST_READ_WAIT_MS));
    return true;
  }

  unwatchConversation(id: number): void {
    if (!this.conversations.delete(id)) return;
    this.clearFirstRead(id);
    const channel = `Conversation.${id}`;
    const j = this.joined.get(channel);
    if (j) this.clearRetry(j);
    this.joined.delete(channel);
    this.client?.leave(channel);
  }

  /** A conversation's first read no longer waits (its channel answered, or it is no longer watched): answers whether it was waiting. */
  private clearFirstRead(id: number): boolean {
    const timer = this.firstReads.get(id);
    if (timer === undefined) return false;
    this.ctx.clock.clearTimeout(timer);
    this.firstReads.delete(id);
    return true;
  }

  private listenConversation(id: number, missed: boolean) {
    this.join(`Conversation.${id}`, { kind: 'conversation', id }, missed, (c) => {
      c.listen(`Conversation.${id}`, this.event('NewConversationMessage'), (d) => void this.onMessage(d, id).catch((e) => this.ctx.log.warn('[engine] message event not stored:', e)));
    });
  }

  /** The name laravel-echo listens to for an event, in the backend's convention (conventions.ts). */
  private event(name: string): string {
    return eventListenName(name, this.eventNames);
  }

  private join(channel: string, target: CatchUp, missed: boolean, bind: (c: RealtimeClient) => void) {
    if (!this.client) return;
    const j: Joined = { target, bind, subscribed: false, missed, attempt: 0, retry: null };
    this.joined.set(channel, j);
    this.subscribe(this.client, channel, j);
  }

  private subscribe(client: RealtimeClient, channel: string, j: Joined) {
    const current = () => this.client === client && this.joined.get(channel) === j;
    j.bind(client);
    client.onSubscription(channel, (ok) => {
      if (!current()) return;
      if (!ok) {
        // Refused, or its authorization request failed: deaf until subscribed again. A first read
        // waiting for it happens now (and again once the channel hears).
        j.missed = true;
        if (j.target.kind === 'conversation' && this.clearFirstRead(j.target.id)) this.hooks.catchUp(j.target);
        if (j.retry !== null) return;
        j.retry = this.ctx.clock.setTimeout(() => {
          j.retry = null;
          if (!current()) return;
          client.leave(channel);
          this.subscribe(client, channel, j);
        }, backoffDelay(j.attempt++, RESUBSCRIBE));
        return;
      }
      // Subscribed again after a reconnection or a failed attempt: the server delivers this
      // channel's events to us again, and what it sent while we were deaf is read now.
      const catchUp = j.subscribed || j.missed;
      this.clearRetry(j); // pusher-js got there first (a reconnection subscribes every channel again)
      if (j.target.kind === 'conversation') this.clearFirstRead(j.target.id);
      j.subscribed = true;
      j.missed = false;
      j.attempt = 0;
      if (catchUp) this.hooks.catchUp(j.target);
      // The inbox channel's first subscription: the conversation list may have been read before it
      // (the inbox opened with the app), and a message sent in between reached neither.
      else if (j.target.kind === 'inbox') this.hooks.catchUp({ kind: 'inbox', first: true });
    });
  }

  private clearRetry(j: Joined) {
    if (j.retry !== null) this.ctx.clock.clearTimeout(j.retry);
    j.retry = null;
  }

  private setState(s: RealtimeState) {
    if (s === this.state) return;
    this.state = s;
    this.hooks.onState(s);
  }

  private async onInbox(raw: unknown) {
    const e = parseReply(inboxEvent, raw, 'realtime:InboxUpdated', this.ctx.reportInvalid, deriveIn(this.ctx));
    const w = this.ctx.writer();
    if (!e || !w) return;
    await w.commit([
      { table: 'conversations', upserts: [e.data as Row] },
      { table: 'kv', patches: [{ key: 'user', apply: (r) => r && { ...r, value: { ...(r.value as object), unread_inbox_count: e.unread_inbox_count } } }] },
    ]);
  }

  /** A message on conversation `conversationId`'s channel: the spec's message names no conversation, its channel does. */
  private async onMessage(raw: unknown, conversationId: number) {
    const e = parseReply(messageEvent, raw, 'realtime:NewConversationMessage', this.ctx.reportInvalid, deriveIn(this.ctx, { conversationId }));
    const w = this.ctx.writer();
    if (!e || !w) return;
    await w.commit(messageChanges(e.data));
  }
}
