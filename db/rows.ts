import type { EngineError, Mutation } from './engine-api.ts';
import type { z } from 'zod';
import type { messageRow, ScheduleRow, Transaction, User } from './entities.ts';

/**
 * The shapes of the mirror's own rows (those that are not a server entity as it came), shared by
 * the worker that writes them and the tabs that read them.
 */

/** `kv` table: one document per key (`home`, `user`, `wallet`, `salary`, `salary-previous`, `class-duration-items`). */
export interface KvRow<T = unknown> {
  key: string;
  value: T;
}

/** `lists` table: a paged list's order and where reading got to (`links.next`, null at the end). */
export interface ListRow {
  key: string;
  ids: (number | string)[];
  next: string | null;
  /** A search list's last read (Unix ms): the worker keeps the latest few and drops the older ones. */
  at?: number;
}

/** `calendarMonths` table: which classes the last GET /calendar of a month returned. */
export interface CalendarMonthRow {
  month: string;
  ids: number[];
}

/** `messages` table: a server message, or an unsent one (`id: 'pending:<mutationId>'`, `pending: true`). */
// Type-only (the schema lives in entities.ts), so the tabs' bundle does not carry zod for it.
export type MessageRow = z.infer<typeof messageRow>;

/** `transactions` table: the three lists of GET /history/transactions in one table. */
export type TransactionRow = Transaction & { key: string; kind: 'recharges' | 'class_payments' | 'wallet_logs' };

/** `teacherSchedule` table: working-hour rows keyed by position. */
export type ScheduleRowStored = ScheduleRow & { key: number };

/**
 * `outbox` table: a mutation on its way (`queued`: waiting for the network, or, with `error`, to be
 * sent again after a 502/503/504) or not sent (`failed`: not retried by itself; the user retries or
 * discards it). `error` is why its last send failed.
 */
export interface OutboxEntry {
  id: string;
  seq: number;
  mutation: Mutation;
  status: 'queued' | 'failed';
  attempts: number;
  createdAt: number;
  error?: EngineError;
}

export const pendingMessageId = (mutationId: string) => `pending:${mutationId}`;

/**
 * The row shown while a text waits to be sent; the worker stores the same row in the mirror, so
 * the tab's optimistic copy and the stored one share a key and swap without a flicker.
 */
export function pendingMessageRow(m: { id: string; conversationId: number; text: string }, user: Pick<User, 'id' | 'name' | 'avatar'> | null, nowMs: number): MessageRow {
  return {
    id: pendingMessageId(m.id),
    conversation_id: m.conversationId,
    type: 'text',
    text: m.text,
    image_url: null,
    audio: null,
    download: null,
    sender: { id: user?.id ?? 0, name: user?.name ?? '', avatar: user?.avatar ?? null, support: false },
    sender_type: 'user',
    created_at_timestamp: Math.floor(nowMs / 1000),
    client_key: m.id,
    pending: true,
  };
}
