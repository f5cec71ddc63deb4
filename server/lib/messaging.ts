import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from './context.ts';
import { bool } from '../db/index.ts';
import { addMessage } from '../seed/factory.ts';
import { unreadInboxCount } from './user.ts';
import { broadcastInboxUpdated, broadcastNewMessage } from '../realtime/events.ts';

/** Conversations and messages: the `Conversation` and `Message` resources of server/API.md, and posting. */

export const MESSAGES_PER_PAGE = 30;
export const CONVERSATIONS_PER_PAGE = 50;
export const MAX_TEXT_LENGTH = 5000;

export interface MessageRow {
  id: number; conversation_id: number; sender_id: number; type: string; text: string | null; image_url: string | null;
  audio: string | null; download: string | null; client_key: string | null; created_at: number;
  sender_name: string; sender_avatar: string | null; sender_kind: string;
}

export interface ConversationRow {
  id: number; title: string; avatar: string | null; closed: number; created_at: number; updated_at: number; seen: number;
}

const MESSAGE_SELECT = `SELECT m.*, u.name AS sender_name, u.avatar AS sender_avatar, u.kind AS sender_kind
  FROM messages m JOIN users u ON u.id = m.sender_id`;

const seconds = (ms: number) => Math.floor(ms / 1000);

export function serializeMessage(m: MessageRow) {
  const kind = m.sender_kind === 'admin' ? 'admin' : m.sender_kind === 'support' ? 'support' : 'user';
  return {
    id: m.id,
    conversation_id: m.conversation_id,
    type: m.type as 'text' | 'image' | 'audio' | 'video',
    text: m.text,
    image_url: m.image_url,
    audio: m.audio,
    download: m.download,
    sender: { id: m.sender_id, name: m.sender_name, avatar: m.sender_avatar, support: kind !== 'user' },
    sender_type: kind,
    created_at_timestamp: seconds(m.created_at),
    client_key: m.client_key,
  };
}
export type MessageResource = ReturnType<typeof serializeMessage>;

export function serializeConversation(c: ConversationRow, last: MessageRow | null | undefined) {
  return {
    id: c.id,
    title: c.title,
    avatar: c.avatar,
    seen: bool(c.seen),
    closed: bool(c.closed),
    created_at_timestamp: seconds(c.created_at),
    updated_at_timestamp: seconds(c.updated_at),
    last_message: last ? serializeMessage(last) : null,
  };
}
export type ConversationResource = ReturnType<typeof serializeConversation>;

export function messageById(app: AppContext, id: number): MessageRow | undefined {
  return app.db.prepare(`${MESSAGE_SELECT} WHERE m.id = ?`).get(id) as MessageRow | undefined;
}

/** The conversation with the member's own `seen` flag, or undefined when the user is not a member. */
export function memberConversation(app: AppContext, conversationId: number, userId: number): ConversationRow | undefined {
  return app.db
    .prepare(
      `SELECT c.*, cm.seen FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
       WHERE cm.conversation_id = ? AND cm.user_id = ?`,
    )
    .get(conversationId, userId) as ConversationRow | undefined;
}

/** Last message of each conversation in one query: MAX(id) per conversation rides the (conversation_id, id) index. */
export function lastMessages(app: AppContext, conversationIds: number[]): Map<number, MessageRow> {
  const out = new Map<number, MessageRow>();
  if (!conversationIds.length) return out;
  const rows = app.db
    .prepare(
      `${MESSAGE_SELECT} WHERE m.id IN (
         SELECT (SELECT MAX(x.id) FROM messages x WHERE x.conversation_id = j.value) FROM json_each(?) j)`,
    )
    .all(JSON.stringify(conversationIds)) as MessageRow[];
  for (const r of rows) out.set(r.conversation_id, r);
  return out;
}

/** The conversation as `userId` sees it, or null when not a member. */
export function conversationFor(app: AppContext, conversationId: number, userId: number): ConversationResource | null {
  const c = memberConversation(app, conversationId, userId);
  if (!c) return null;
  return serializeConversation(c, lastMessages(app, [c.id]).get(c.id));
}

/** The longest `search` text `GET /conversations` accepts. */
export const MAX_SEARCH_LENGTH = 100;

/** Databases that have `fold_case`: SQLite's own lower() folds ASCII only, the client folds every script. */
const folding = new WeakSet<AppContext['db']>();
function withFolding(db: AppContext['db']): AppContext['db'] {
  if (!folding.has(db)) {
    db.function('fold_case', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : null));
    folding.add(db);
  }
  return db;
}

/**
 * One page of the user's conversations, newest activity first. With `search`, only those whose
 * title contains it, or where another member's name does (the other party), case-insensitively.
 */
export function listConversations(app: AppContext, userId: number, page: number, perPage = CONVERSATIONS_PER_PAGE, search = '') {
  const q = search.trim().toLowerCase();
  const db = q ? withFolding(app.db) : app.db;
  const match = q
    ? `AND (instr(fold_case(c.title), @q) > 0 OR EXISTS (
         SELECT 1 FROM conversation_members o JOIN users u ON u.id = o.user_id
         WHERE o.conversation_id = c.id AND o.user_id <> @user AND instr(fold_case(u.name), @q) > 0))`
    : '';
  const args = { user: userId, ...(q ? { q } : {}) };
  const total = (db
    .prepare(`SELECT COUNT(*) AS n FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id WHERE cm.user_id = @user ${match}`)
    .get(args) as { n: number }).n;
  const rows = db
    .prepare(
      `SELECT c.*, cm.seen FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
       WHERE cm.user_id = @user ${match} ORDER BY c.updated_at DESC, c.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...args, limit: perPage, offset: (page - 1) * perPage }) as ConversationRow[];
  const last = lastMessages(app, rows.map((r) => r.id));
  return { rows: rows.map((r) => serializeConversation(r, last.get(r.id))), total };
}

/** A page of messages newest first, older than `before` when given; `hasMore` when older ones remain. */
export function messagePage(app: AppContext, conversationId: number, before: number | null) {
  const rows = app.db
    .prepare(`${MESSAGE_SELECT} WHERE m.conversation_id = ? AND m.id < ? ORDER BY m.id DESC LIMIT ?`)
    .all(conversationId, before ?? Number.MAX_SAFE_INTEGER, MESSAGES_PER_PAGE + 1) as MessageRow[];
  const hasMore = rows.length > MESSAGES_PER_PAGE;
  const page = rows.slice(0, MESSAGES_PER_PAGE);
  return { messages: page.map(serializeMessage), hasMore, oldestId: page.at(-1)?.id ?? null };
}

const memberIds = (app: AppContext, conversationId: number) =>
  (app.db.prepare('SELECT user_id FROM conversation_members WHERE conversation_id = ? ORDER BY user_id').all(conversationId) as {
    user_id: number;
  }[]).map((r) => r.user_id);

/** Tells the user's devices how their inbox looks now: the conversation as they see it and their unread count. */
export function publishInbox(app: AppContext, conversationId: number, userId: number): void {
  const conv = conversationFor(app, conversationId, userId);
  if (!conv) return;
  broadcastInboxUpdated(app, userId, conv, unreadInboxCount(app, userId));
}

/** Marks the conversation seen for the member; when that changed anything, their inbox is told. */
export function markSeen(app: AppContext, conversationId: number, userId: number): boolean {
  const r = app.db
    .prepare('UPDATE conversation_members SET seen = 1 WHERE conversation_id = ? AND user_id = ? AND seen = 0')
    .run(conversationId, userId);
  if (r.changes > 0) publishInbox(app, conversationId, userId);
  return r.changes > 0;
}

export interface NewMessage {
  conversationId: number; senderId: number; type: 'text' | 'image'; text?: string | null; image_url?: string | null;
  download?: string | null; client_key?: string | null;
}

/**
 * Stores a message (the conversation's activity moves, the sender has seen it, every other member has
 * not), then broadcasts it on the conversation channel and the new inbox state to every member,
 * the sender included so their other devices follow.
 */
export function postMessage(app: AppContext, m: NewMessage): MessageResource {
  const id = app.db.transaction(() =>
    addMessage(
      app.db,
      {
        conversation_id: m.conversationId, sender_id: m.senderId, type: m.type, text: m.text ?? null,
        image_url: m.image_url ?? null, download: m.download ?? null, client_key: m.client_key ?? null,
      },
      app.now(),
    ),
  )();
  const message = serializeMessage(messageById(app, id)!);
  broadcastNewMessage(app, m.conversationId, message);
  for (const userId of memberIds(app, m.conversationId)) publishInbox(app, m.conversationId, userId);
  return message;
}

/** The image kind by its first bytes (PNG, JPEG, GIF, WebP), whatever the file name or declared type says. */
export function sniffImage(buf: Uint8Array): 'png' | 'jpg' | 'gif' | 'webp' | null {
  const starts = (sig: number[], at = 0) => buf.length >= at + sig.length && sig.every((b, i) => buf[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Saves an upload under a random name with the given extension; answers the file name. */
export function saveUpload(app: AppContext, bytes: Uint8Array, ext: string): string {
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  fs.mkdirSync(app.uploadsDir, { recursive: true });
  fs.writeFileSync(path.join(app.uploadsDir, name), bytes);
  return name;
}
