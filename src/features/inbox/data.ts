import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Conversation, Message } from '../../../db/entities.ts';
import { mutationId, useEngine, useUser } from '../../app/session-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { orderMessages, sortConversations, type MessageItem, type MessageRow } from './order.ts';

/**
 * The inbox's live reads and writes: every screen part reads only through these hooks.
 * TEMPORARY implementation over `engine.call` (plain requests, local state) so the screen can be
 * looked at before src/lib/engine.ts and the collections land; the interface stays.
 */

export interface ConversationsState {
  /** Newest activity first. */
  conversations: Conversation[];
  ready: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

export interface MessagesState {
  items: MessageItem[];
  ready: boolean;
  /** The first page could not be fetched and nothing is stored. */
  failed: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
}

export interface InboxActions {
  send(text: string): void;
  sendImage(file: File): Promise<void>;
  retry(mutationId: string): void;
  discard(mutationId: string): void;
}

type Page<T> = { data: T[]; links?: { next: string | null } };

export function useConversations(): ConversationsState {
  const engine = useEngine();
  const [rows, setRows] = useState<Conversation[]>([]);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void engine.call<Page<Conversation>>({ method: 'GET', path: '/conversations' }).then((r) => {
      if (r.ok) setRows(r.data.data);
      setReady(true);
    });
  }, [engine]);
  const conversations = useMemo(() => sortConversations(rows), [rows]);
  return { conversations, ready, hasMore: false, loadingMore: false, loadMore: () => {} };
}

export function useConversationMessages(conversationId: number): MessagesState {
  const engine = useEngine();
  const [rows, setRows] = useState<MessageRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    void engine.call<Page<Message>>({ method: 'GET', path: `/conversations/${conversationId}` }).then((r) => {
      if (r.ok) {
        setRows(r.data.data);
        setNext(r.data.links?.next ?? null);
      }
      setReady(true);
    });
  }, [engine, conversationId]);
  const loadOlder = useCallback(() => {
    if (!next || loading) return;
    setLoading(true);
    void engine.call<Page<Message>>({ method: 'GET', path: next }).then((r) => {
      if (r.ok) {
        setRows((old) => [...old, ...r.data.data]);
        setNext(r.data.links?.next ?? null);
      }
      setLoading(false);
    });
  }, [engine, next, loading]);
  const items = useMemo(() => orderMessages(rows), [rows]);
  return { items, ready, failed: false, hasMore: next !== null, loadingOlder: loading, loadOlder };
}

export function useInboxActions(conversationId: number): InboxActions {
  const engine = useEngine();
  const user = useUser();
  void user;
  const send = useCallback((text: string) => {
    void engine.mutate({ id: mutationId(), name: 'sendMessage', conversationId, text }).then((r) => {
      if (!r.ok) notify('error', r.error.message || MESSAGES.actionFailed);
    });
  }, [engine, conversationId]);
  const sendImage = useCallback(async (file: File) => {
    if (!file.type.startsWith('image/')) {
      notify('error', MESSAGES.uploadImageFailed);
      return;
    }
    const r = await engine.mutate({ id: mutationId(), name: 'sendImage', conversationId, image: file });
    if (!r.ok) notify('error', r.error.message || MESSAGES.uploadImageFailed);
  }, [engine, conversationId]);
  return { send, sendImage, retry: () => {}, discard: () => {} };
}
