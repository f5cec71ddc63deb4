import { eq } from '@tanstack/react-db';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { useCallback, useMemo } from 'react';
import type { Conversation } from '../../../db/entities.ts';
import type { EngineError } from '../../../db/engine-api.ts';
import type { OutboxEntry } from '../../../db/rows.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { newId } from '../../../db/ids.ts';
import { mutate } from '../../lib/engine/mutation.ts';
import { discardMutation, optimisticText, retryMutation } from '../../lib/engine/optimistic.ts';
import { useConversations as useConversationRows, useMessages } from '../../lib/engine/hooks.ts';
import { outboxCollection } from '../../lib/engine/tables.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { tooLargeToUpload } from '../../../db/uploads.ts';
import { orderMessages, sortConversations, type MessageItem, type MessageRow } from './order.ts';

/**
 * The inbox's live reads and writes over the engine's collections: every part of the screen
 * reads only through these hooks, and nothing here waits on the network to show what the mirror
 * holds.
 */

export interface ConversationsState {
  /** Newest activity first. */
  conversations: Conversation[];
  ready: boolean;
  /** The last page asked for could not be read (`loadMore` asks again). */
  failed: EngineError | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

export interface MessagesState {
  items: MessageItem[];
  /**
   * The mirror's messages were read and it holds some, or the first page was fetched once: an empty
   * list is really empty. Until then a skeleton (or, once `failed`, the error).
   */
  ready: boolean;
  /** Nothing stored and the first page could not be fetched: why. */
  failed: EngineError | null;
  /** Asks for the first page again (after `failed`); `loadingOlder` while it is in flight. */
  retry(): void;
  /** Older messages can be fetched (known once the first page was read). */
  hasMore: boolean;
  /** The first page was read and nothing older remains: the beginning is on screen. */
  atStart: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
}

export interface InboxActions {
  send(text: string): void;
  sendImage(file: File): Promise<void>;
  retry(mutationId: string): void;
  discard(mutationId: string): void;
}

export function useConversations(): ConversationsState {
  const { conversations: rows, fetched, hasMore, loading, loadMore, failed } = useConversationRows();
  const conversations = useMemo(() => sortConversations(rows), [rows]);
  return { conversations, ready: fetched || rows.length > 0, failed, hasMore, loadingMore: loading, loadMore };
}

/** Unsent messages that failed for good, by mutation id (the outbox keeps the reason). */
function useFailed(): Map<string, OutboxEntry> {
  const { data } = useLiveQuery((q) => q.from({ o: outboxCollection }).where(({ o }) => eq(o.status, 'failed')), []);
  return useMemo(() => new Map(data.map((o) => [o.id, o])), [data]);
}

/**
 * The open conversation's messages. Mounting watches it (its realtime channel, and a refresh of
 * the newest page, which the server counts as "seen"); unmounting stops.
 */
export function useConversationMessages(conversationId: number): MessagesState {
  const { messages, loaded, fetched, hasMore, loading, loadMore, failed: loadFailed } = useMessages(conversationId);
  const failed = useFailed();
  const items = useMemo(() => {
    const rows = (messages as MessageRow[]).map((m) => {
      const f = m.pending && m.client_key ? failed.get(m.client_key) : undefined;
      return f ? { ...m, failed: true, error: f.error?.message ?? MESSAGES.actionFailed } : m;
    });
    return orderMessages(rows);
  }, [messages, failed]);
  // Not before the mirror's messages were read: a conversation seen before shows them, not "empty".
  const ready = loaded && (fetched || items.length > 0);
  return {
    items,
    ready,
    failed: !ready ? loadFailed : null,
    retry: loadMore,
    hasMore: fetched && hasMore,
    atStart: fetched && !hasMore,
    loadingOlder: loading,
    loadOlder: loadMore,
  };
}

export function useInboxActions(conversationId: number): InboxActions {
  const send = useCallback((text: string) => {
    // Shows at once as pending; offline it waits in the outbox. A refusal (a closed conversation)
    // rolls the pending row back and says why.
    // Not a control's action: a second text may go while the first is on its way (no busy guard).
    void optimisticText({ id: newId(), name: 'sendMessage', conversationId, text }).then((r) => {
      if (!r.ok) notify('error', r.error.message);
    });
  }, [conversationId]);

  const sendImage = useCallback(async (file: File) => {
    // No local type check: the server decides what is an image and its first 422 message says why
    // (spec: "a 422 shows the first image error message"); the generic upload error is left for
    // failures that say nothing more. Images are not queued: offline this fails at once with the engine's "needs a connection".
    // A file over the upload limit is refused here, before a byte of it is sent (the server would read
    // 5 MB to answer 422, or refuse the body with 413).
    if (tooLargeToUpload(file)) {
      notify('error', MESSAGES.uploadImageTooLarge);
      return;
    }
    const r = await mutate('sendImage', { conversationId, image: file });
    if (!r.ok) notify('error', r.error.message);
  }, [conversationId]);

  const retry = useCallback((id: string) => void retryMutation(id), []);
  const discard = useCallback((id: string) => void discardMutation(id), []);
  return { send, sendImage, retry, discard };
}
