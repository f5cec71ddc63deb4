import { Button, Center, Text } from '@chakra-ui/react';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { MessageBubble } from './message-bubble.tsx';
import { FIRST_INDEX, nextFirstIndex, type MessageItem } from './order.ts';

/** Spec section 9: older messages load within 100 px of the top. */
const LOAD_THRESHOLD_PX = 100;

export interface MessageListProps {
  items: MessageItem[];
  myId: number;
  /** Older messages exist on the server (known once the first page was read). */
  hasMore: boolean;
  /** Everything down to the first message is loaded. */
  atStart: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onOpenImage(src: string, download: string | null): void;
  onRetry(mutationId: string): void;
  onDiscard(mutationId: string): void;
}

export interface MessageListHandle {
  scrollToBottom(): void;
}

interface HeaderContext {
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
}

/**
 * Above the oldest loaded message: Load More Messages while older ones exist. It keeps its height
 * once everything is loaded, so the last older page does not shift the view; Start Of Conversation
 * is drawn with the first message instead, so a short conversation aligned to the bottom shows
 * it right above its first message rather than at the top of an empty pane.
 */
function Header({ context }: { context?: HeaderContext }) {
  return (
    <Center h="14">
      {context?.hasMore && (
        <Button size="xs" variant="outline" loading={context.loadingOlder} onClick={context.onLoadOlder}>
          Load More Messages
        </Button>
      )}
    </Center>
  );
}

function StartOfConversation() {
  return (
    <Center pt="2">
      <Text fontSize="xs" color="fg.muted">Start Of Conversation</Text>
    </Center>
  );
}

function Footer() {
  return <div style={{ height: 12 }} />;
}

const COMPONENTS = { Header, Footer };

/**
 * A reverse virtualised list: newest at the bottom, older pages prepended without a jump
 * (`firstItemIndex` goes down by exactly the number of rows that appeared above the old first
 * one). Rows are keyed by their stable key, so a pending row turns into the sent one in place.
 */
export const MessageList = forwardRef<MessageListHandle, MessageListProps>(function MessageList(
  { items, myId, hasMore, atStart, loadingOlder, onLoadOlder, onOpenImage, onRetry, onDiscard },
  ref,
) {
  const virtuoso = useRef<VirtuosoHandle>(null);
  const keys = useMemo(() => items.map((i) => i.key), [items]);

  // Adjusted during render (React's "state from props" pattern) so data and index change together.
  const [anchor, setAnchor] = useState({ firstKey: keys[0], index: FIRST_INDEX });
  let firstIndex = anchor.index;
  if (keys[0] !== anchor.firstKey) {
    firstIndex = nextFirstIndex(anchor.firstKey, keys, anchor.index);
    setAnchor({ firstKey: keys[0], index: firstIndex });
  }

  const runStarts = useMemo(() => {
    const s = new Set<string>();
    items.forEach((it, i) => {
      if (i === 0 || items[i - 1]!.row.sender.id !== it.row.sender.id) s.add(it.key);
    });
    return s;
  }, [items]);

  useImperativeHandle(ref, () => ({
    scrollToBottom: () => virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' }),
  }), []);

  // Near the top with more to load: load, and keep loading while still near the top afterwards
  // (a short first page may not fill the screen, and atTopStateChange only fires on a change).
  const atTop = useRef(false);
  const load = useCallback(() => {
    if (hasMore && !loadingOlder) onLoadOlder();
  }, [hasMore, loadingOlder, onLoadOlder]);
  useEffect(() => {
    if (atTop.current) load();
  }, [load]);

  const context = useMemo(() => ({ hasMore, loadingOlder, onLoadOlder: load }), [hasMore, loadingOlder, load]);

  return (
    <Virtuoso
      ref={virtuoso}
      style={{ height: '100%' }}
      data={items}
      context={context}
      firstItemIndex={firstIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      computeItemKey={(_, item) => item.key}
      alignToBottom
      followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
      atTopThreshold={LOAD_THRESHOLD_PX}
      atTopStateChange={(v) => {
        atTop.current = v;
        if (v) load();
      }}
      increaseViewportBy={{ top: 400, bottom: 200 }}
      components={COMPONENTS}
      itemContent={(_, item) => (
        <>
          {atStart && item.key === keys[0] && <StartOfConversation />}
          <MessageBubble
            item={item}
            mine={item.state !== 'sent' || item.row.sender.id === myId}
            runStart={runStarts.has(item.key)}
            onOpenImage={onOpenImage}
            onRetry={onRetry}
            onDiscard={onDiscard}
          />
        </>
      )}
    />
  );
});
