import { Avatar, Box, Center, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Conversation } from '../../../db/entities.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { Composer } from './composer.tsx';
import { InboxIcon } from './icons.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { MessageList, type MessageListHandle } from './message-list.tsx';
import type { MessageItem } from './order.ts';
import { safeMediaUrl } from './text.ts';

/** Spec section 9: the view scrolls to the bottom 100 ms after sending. */
const SCROLL_AFTER_SEND_MS = 100;

export interface ConversationViewProps {
  conversation: Conversation;
  items: MessageItem[];
  /** The first page is in the mirror (or was fetched): until then a spinner, not an empty conversation. */
  ready: boolean;
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
  const { conversation: c, items, ready, onBack } = props;
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
  const avatar = safeMediaUrl(c.avatar);

  return (
    <Stack gap="0" h="100%" minH="0" bg="page">
      <HStack px="3" py="2" gap="3" borderBottomWidth="1px" bg="surface" minH="14">
        {onBack && (
          <IconButton aria-label="Back" variant="ghost" size="sm" onClick={onBack}>
            <InboxIcon name="back" />
          </IconButton>
        )}
        <Avatar.Root size="sm">
          <Avatar.Fallback name={c.title} />
          {avatar && <Avatar.Image src={avatar} alt="" />}
        </Avatar.Root>
        <Text as="h2" fontWeight="semibold" truncate dir="auto">{c.title}</Text>
      </HStack>
      <Box flex="1" minH="0" role="log" aria-label="Messages" aria-live="polite">
        {!ready && items.length === 0 ? (
          <Center h="100%"><Spinner /></Center>
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
          <Text fontSize="sm">{MESSAGES.conversationClosed}</Text>
        </HStack>
      ) : (
        <Composer onSend={send} onSendImage={sendImage} />
      )}
      <ImageViewer src={viewing?.src ?? null} download={viewing?.download} onClose={() => setViewing(null)} />
    </Stack>
  );
}
