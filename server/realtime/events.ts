import type { AppContext } from '../lib/context.ts';
import { shapeRealtime } from '../lib/spec-minimal.ts';

/**
 * The realtime events as Laravel broadcasts them: by default the event name is the event class with its
 * namespace (laravel-echo's `.listen('InboxUpdated')` prefixes `App\Events\`); with
 * `BROADCAST_EVENT_NAMES=alias` it is the name the event gives in `broadcastAs()` (`InboxUpdated`, which
 * laravel-echo hears as `.listen('.InboxUpdated')`). The channel is the `private-` form of the name in
 * routes/channels.php. Payloads follow server/API.md (Realtime).
 */
export const INBOX_UPDATED = 'App\\Events\\InboxUpdated';
export const NEW_CONVERSATION_MESSAGE = 'App\\Events\\NewConversationMessage';

/** The name an event goes out under in the server's mode (`class`: `App\Events\X`, `alias`: `X`). */
export function eventName(app: AppContext, className: string): string {
  return app.config.broadcastEventNames === 'alias' ? className.replace(/^App\\Events\\/, '') : className;
}

export const inboxChannel = (userId: number) => `private-User.${userId}.Inbox`;
export const conversationChannel = (conversationId: number) => `private-Conversation.${conversationId}`;

/** Tells a user their inbox changed: `{data: Conversation, unread_inbox_count}` on `private-User.{id}.Inbox`. */
export function broadcastInboxUpdated(app: AppContext, userId: number, conversation: unknown, unreadInboxCount: number): void {
  const payload = shapeRealtime(app, 'InboxUpdated', { data: conversation, unread_inbox_count: unreadInboxCount });
  app.broadcaster.publish(inboxChannel(userId), eventName(app, INBOX_UPDATED), payload);
}

/** A new message in a conversation: `{data: Message}` on `private-Conversation.{id}`. */
export function broadcastNewMessage(app: AppContext, conversationId: number, message: unknown): void {
  app.broadcaster.publish(conversationChannel(conversationId), eventName(app, NEW_CONVERSATION_MESSAGE), shapeRealtime(app, 'NewConversationMessage', { data: message }));
}

/**
 * A hint that something the user's home, classes or calendar show changed by another party's action:
 * `{reason, home, classes: [{id, dates}]}` on `private-User.{id}.Inbox` (the one private channel every
 * signed-in client already holds). It carries no data: the client re-reads the named resources.
 */
export const DATA_CHANGED = 'App\\Events\\DataChanged';

export interface DataChangedHint {
  /** What happened, for logs (`reschedule_requested`, `class_canceled`, ...); clients must not depend on it. */
  reason: string;
  /** `GET /home` changed. */
  home: boolean;
  /** Classes that changed, each with the local dates (recipient's timezone) it occupied before and after. */
  classes: { id: number; dates: string[] }[];
}

export function broadcastDataChanged(app: AppContext, userId: number, hint: DataChangedHint): void {
  // SPEC_MINIMAL: the spec knows no such event; the client polls.
  if (shapeRealtime(app, 'DataChanged', hint) === null) return;
  app.broadcaster.publish(inboxChannel(userId), eventName(app, DATA_CHANGED), hint);
}
