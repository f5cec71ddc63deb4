import { Avatar, Box, HStack, IconButton, Skeleton, SkeletonCircle, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { EngineError } from '../../../db/engine-api.ts';
import type { Conversation } from '../../../db/entities.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { LoadError } from '../../components/ui/load-state.tsx';
import { Composer } from './composer.tsx';
import { InboxIcon } from './icons.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { MessageList, type MessageListHandle } from './message-list.tsx';
import { MessagesSkeleton } from './messages-skeleton.tsx';
import type { MessageItem } from './order.ts';
import { safeMediaUrl } from './text.ts';

/** Spec section 9: the view scrolls to the bottom 100 ms after sending. */
const SCROLL_AFTER_SEND_MS = 100;

export interface ConversationViewProps {
  conversation: Conversation;
  items: MessageItem[];
  /** The first page is in the mirror (or was fetched): until then a skeleton, not an empty conversation. */
  ready: boolean;
  /** Not ready, and the first page could not be read: why (a Retry asks again). */
  failed?: EngineError | null;
  onRetryLoad?: () => void;
  retrying?: boolean;
  myId: number;
  hasMore: boolean;
  atStart: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onSend(text: string): void;
  onSendImage(file: File): Promise<void>;
  onRetry(mutationId: string): void;
  onDiscard(mutationId: string): void;
  /** Phones only: back to the list. */
  onBack?: () => void;
}

export function ConversationView(props: ConversationViewProps) {
  const { conversation: c, items, ready, failed, onBack } = props;
  const { t } = useI18n();
  const list = useRef<MessageListHandle>(null);
  const [viewing, setViewing] = useState<{ src: string; download: string | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const scrollSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => list.current?.scrollToBottom(), SCROLL_AFTER_SEND_MS);
  }, []);
  const { onSend, onSendImage } = props;
  const send = useCallback((text: string) => {
    onSend(text);
    scrollSoon();
  }, [onSend, scrollSoon]);
  const sendImage = useCallback(async (file: File) => {
    await onSendImage(file);
    scrollSoon();
  }, [onSendImage, scrollSoon]);
  const openImage = useCallback((src: string, download: string | null) => setViewing({ src, download }), []);
  const closeViewer = useCallback(() => setViewing(null), []);
  const avatar = safeMediaUrl(c.avatar);

  return (
    <Stack gap="0" h="100%" minH="0" bg="page">
      <ConversationTitle title={c.title} avatar={avatar} onBack={onBack} />
      <Box flex="1" minH="0" role="log" aria-label={t('inbox.messages')} aria-live="polite">
        {!ready && items.length === 0 ? (
          failed ? <MessagesLoadError failed={failed} onRetry={props.onRetryLoad} retrying={props.retrying} /> : <MessagesSkeleton />
        ) : (
          <MessageList
            key={c.id}
            ref={list}
            items={items}
            myId={props.myId}
            hasMore={props.hasMore}
            atStart={props.atStart}
            loadingOlder={props.loadingOlder}
            onLoadOlder={props.onLoadOlder}
            onOpenImage={openImage}
            onRetry={props.onRetry}
            onDiscard={props.onDiscard}
          />
        )}
      </Box>
      {c.closed ? (
        <HStack justify="center" gap="2" py="3" borderTopWidth="1px" bg="surface" color="fg.muted" role="status">
          <InboxIcon name="lock" boxSize="4" />
          <Text fontSize="sm">{t('msg.conversationClosed')}</Text>
        </HStack>
      ) : (
        <Composer key={c.id} conversationId={c.id} onSend={send} onSendImage={sendImage} />
      )}
      <ImageViewer src={viewing?.src ?? null} download={viewing?.download} onClose={closeViewer} />
    </Stack>
  );
}

/**
 * Who the conversation is with. Memo'd, as the composer and the image viewer are: a message sent
 * or received renders the view again for its list, and nothing of these changed.
 */
const ConversationTitle = memo(function ConversationTitle({ title, avatar, onBack }: { title: string; avatar: string | null; onBack?: () => void }) {
  return (
    <ConversationHeader onBack={onBack}>
      <Avatar.Root size="sm">
        <Avatar.Fallback name={title} />
        {avatar && <Avatar.Image src={avatar} alt="" />}
      </Avatar.Root>
      <Text as="h2" fontWeight="semibold" truncate dir="auto">{title}</Text>
    </ConversationHeader>
  );
});

/** The bar above the messages: back (phones), then who the conversation is with. */
function ConversationHeader({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <HStack px="3" py="2" gap="3" borderBottomWidth="1px" bg="surface" minH="14">
      {onBack && (
        <IconButton aria-label={t('inbox.back')} variant="ghost" size="sm" onClick={onBack}>
          <InboxIcon name="back" />
        </IconButton>
      )}
      {children}
    </HStack>
  );
}

/** The messages could not be read: a conversation the server does not know (or not for this user) is not found; anything else failed, with a Retry. */
export function MessagesLoadError({ failed, onRetry, retrying }: { failed: EngineError; onRetry?: () => void; retrying?: boolean }) {
  return failed.status === 404 || failed.status === 403 ? (
    <LoadError message={MESSAGES.noConversation} />
  ) : (
    <LoadError onRetry={onRetry} retrying={retrying} />
  );
}

/**
 * A conversation opened before its row is in the mirror (a link, a reload before the list's first
 * page): the frame at once, the header and the messages as skeletons until the first page brings
 * them, or the reason it could not.
 */
export function PendingConversation({ failed, onRetry, retrying, onBack }: { failed: EngineError | null; onRetry?: () => void; retrying?: boolean; onBack?: () => void }) {
  const { t } = useI18n();
  return (
    <Stack gap="0" h="100%" minH="0" bg="page">
      <ConversationHeader onBack={onBack}>
        {failed ? null : (
          <>
            <SkeletonCircle size="8" />
            <Skeleton h="4" w="40" />
          </>
        )}
      </ConversationHeader>
      <Box flex="1" minH="0" role="log" aria-label={t('inbox.messages')} aria-live="polite">
        {failed ? <MessagesLoadError failed={failed} onRetry={onRetry} retrying={retrying} /> : <MessagesSkeleton />}
      </Box>
    </Stack>
  );
}
