import type { Conversation, Message } from '../../../db/entities.ts';

/**
 * Pure ordering and keying of the inbox's lists, kept apart from React so the rules that decide
 * what the user sees (newest activity first, the pending row turning into the sent one in place,
 * the reverse list's first index) are tested directly.
 */

/** A conversation's last activity in Unix seconds. */
export const activityOf = (c: Conversation): number =>
  Math.max(c.updated_at_timestamp ?? 0, c.last_message?.created_at_timestamp ?? 0, c.created_at_timestamp);

/** Newest activity first; ties by id, newest first, so the order never flickers. */
export function sortConversations(list: readonly Conversation[]): Conversation[] {
  return [...list].sort((a, b) => activityOf(b) - activityOf(a) || b.id - a.id);
}

/** Case-insensitive title search; an empty query keeps everything. */
export function filterConversations(list: readonly Conversation[], query: string): readonly Conversation[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return list;
  return list.filter((c) => c.title.toLocaleLowerCase().includes(q));
}

/** A message row of the mirror: a server message, or an unsent one (`pending: true`, id `pending:<mutationId>`). */
export type MessageRow = Pick<
  Message,
  'conversation_id' | 'type' | 'text' | 'image_url' | 'audio' | 'download' | 'sender' | 'sender_type' | 'created_at_timestamp' | 'client_key'
> & {
  id: number | string;
  pending?: boolean;
  /** The outbox entry behind a pending row (also its client_key). */
  mutationId?: string | null;
  /** Set when the server refused it or it could not be sent: the user may retry or remove it. */
  error?: { message: string } | string | null;
  failed?: boolean;
};

export interface MessageItem {
  /** Stable across pending → sent: the client_key both rows share, else the server id. */
  key: string;
  row: MessageRow;
  state: 'sent' | 'pending' | 'failed';
  /** For retry and remove. */
  mutationId: string | null;
}

const isPending = (r: MessageRow) => r.pending === true || typeof r.id === 'string';

const mutationIdOf = (r: MessageRow) => r.mutationId ?? r.client_key ?? String(r.id).replace(/^pending:/, '');

/** The mutation id is the Idempotency-Key, which the server hands back as client_key. */
export function messageKey(r: MessageRow): string {
  if (isPending(r)) return `k:${mutationIdOf(r)}`;
  return r.client_key ? `k:${r.client_key}` : `m:${r.id}`;
}

/**
 * The item of a row, the same object for the same row: the mirror keeps a row's object while it is
 * unchanged, so a new message re-renders its own bubble, not every bubble in view (they are memo'd
 * on their item).
 */
const items = new WeakMap<MessageRow, MessageItem>();
export function toItem(r: MessageRow): MessageItem {
  let item = items.get(r);
  if (item) return item;
  const pending = isPending(r);
  const mutationId = pending ? mutationIdOf(r) : null;
  const failed = pending && (r.failed === true || !!r.error);
  item = { key: messageKey(r), row: r, state: failed ? 'failed' : pending ? 'pending' : 'sent', mutationId };
  items.set(r, item);
  return item;
}

/**
 * Oldest first (the list shows the newest at the bottom). Server messages by id; unsent ones after
 * them in the order they were written. A server copy wins over a pending row with the same
 * client_key, so a reply and a realtime echo arriving together never show twice.
 */
export function orderMessages(rows: readonly MessageRow[]): MessageItem[] {
  const byKey = new Map<string, MessageRow>();
  for (const r of rows) {
    const k = messageKey(r);
    const seen = byKey.get(k);
    if (!seen || (isPending(seen) && !isPending(r))) byKey.set(k, r);
  }
  const sent: MessageRow[] = [];
  const unsent: MessageRow[] = [];
  for (const r of byKey.values()) (isPending(r) ? unsent : sent).push(r);
  sent.sort((a, b) => (a.id as number) - (b.id as number));
  unsent.sort((a, b) => a.created_at_timestamp - b.created_at_timestamp || String(a.id).localeCompare(String(b.id)));
  return [...sent, ...unsent].map(toItem);
}

/** react-virtuoso's first index starts high and only ever goes down by the number of prepended rows. */
export const FIRST_INDEX = 1_000_000;

/**
 * The reverse list's `firstItemIndex` after the data changed: lowered by exactly the number of rows
 * that appeared above the row that used to be first. Appends, in-place replacements and removals
 * below leave it alone; if the old first row is gone, it is left unchanged (nothing to anchor on).
 */
export function nextFirstIndex(prevFirstKey: string | undefined, keys: readonly string[], prevIndex: number): number {
  if (prevFirstKey === undefined) return prevIndex;
  const at = keys.indexOf(prevFirstKey);
  return at > 0 ? Math.max(1, prevIndex - at) : prevIndex;
}
