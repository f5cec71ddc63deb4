import { Box, Button, Center, Text } from '@chakra-ui/react';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useI18n } from '../../lib/i18n/index.ts';
import { MessageBubble } from './message-bubble.tsx';
import { MessagesSkeleton } from './messages-skeleton.tsx';
import { FIRST_INDEX, nextFirstIndex, type MessageItem } from './order.ts';

/** Spec section 9: older messages load within 100 px of the top. */
const LOAD_THRESHOLD_PX = 100;
/**
 * Once the user scrolls up, the next older page is fetched while they are still this many screens
 * from the top, so it is in the list when they get there (a page of 30 messages is one to three
 * screens; the fetch and the render take well under the time it takes to scroll that far).
 */
const PREFETCH_SCREENS = 3;
/** A message row's usual height (a one-line bubble and the gap above it), the list's estimate for rows not yet measured. */
const DEFAULT_ROW_PX = 64;
/** Scrolling counts as paused after this long without a scroll event. */
const SCROLL_IDLE_MS = 120;
/** Frames in a row without the list moving or changing height before a pause counts as settled. */
const STILL_FRAMES = 2;
/** A page held back while the user scrolls is shown anyway once they are this many screens from the top. */
const SHOW_HELD_SCREENS = 1;

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
  /** The beginning was reached by loading older pages: the marker takes the button's place. */
  startInHeader: boolean;
  onLoadOlder(): void;
}

/**
 * Above the oldest loaded message, in a slot of fixed height: Load More Messages while older ones
 * exist, then Start Of Conversation in its place once they are all loaded, so reaching the start
 * never shifts the view. A conversation that fit in its first page has no button: its marker is
 * drawn with the first message instead, so a short conversation aligned to the bottom shows it
 * right above its first message rather than at the top of an empty pane.
 */
function Header({ context }: { context?: HeaderContext }) {
  const { t } = useI18n();
  return (
    <Center h="14">
      {context?.hasMore ? (
        <Button size="xs" variant="outline" loading={context.loadingOlder} onClick={context.onLoadOlder}>
          {t('inbox.loadMore')}
        </Button>
      ) : context?.startInHeader ? (
        <StartOfConversation />
      ) : null}
    </Center>
  );
}

function StartOfConversation() {
  const { t } = useI18n();
  return (
    <Center pt="2">
      <Text fontSize="xs" color="fg.muted">{t('inbox.startOfConversation')}</Text>
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
  const scroller = useRef<HTMLElement | null>(null);
  const scrolling = useRef(false);
  const allKeys = useMemo(() => items.map((i) => i.key), [items]);
  const allKeysRef = useRef(allKeys);
  useLayoutEffect(() => void (allKeysRef.current = allKeys), [allKeys]);

  // An older page that arrives while the user is scrolling is held back until the scroll pauses,
  // or until they are within a screen of the top. Virtuoso keeps the view across a prepend exactly,
  // except in a frame where it also corrects the estimate of rows the scroll just revealed: then
  // the view moved by that correction (tens of px). Paused, no correction is pending.
  const [shownFrom, setShownFrom] = useState<string | undefined>(allKeys[0]);
  let start = shownFrom === undefined ? 0 : Math.max(0, allKeys.indexOf(shownFrom));
  // Deliberately read during render: whether a page is held depends on where the user's scroll is
  // right now, which is not React state (a state per scroll event would re-render the list on
  // every frame of a scroll). The hold only ever delays showing rows; the scroll's pause shows them.
  const el = scroller.current;
  // eslint-disable-next-line react-hooks/refs -- see above
  if (start > 0 && !(scrolling.current && el && el.scrollTop > SHOW_HELD_SCREENS * el.clientHeight)) start = 0;
  if (allKeys[start] !== shownFrom) setShownFrom(allKeys[start]);
  const held = start > 0;
  const heldRef = useRef(held);
  useLayoutEffect(() => void (heldRef.current = held), [held]);
  const shown = useMemo(() => (start > 0 ? items.slice(start) : items), [items, start]);
  const keys = useMemo(() => shown.map((i) => i.key), [shown]);
  const showHeld = useCallback(() => {
    if (heldRef.current) setShownFrom(allKeysRef.current[0]);
  }, []);

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
  // Not before the list has first settled at the bottom: while it mounts it passes through the
  // top, which would fetch an older page nobody scrolled to.
  //
  // Ahead of the top: once the user has scrolled up (after settling, and not as the pane's height
  // changed, which moves the scroll position by itself), being within PREFETCH_SCREENS screens of
  // the top loads the next page, one at a time, until that much is above the view again. The page
  // arrives out of view above, where nothing is rendered (no overscan above), so the list only
  // moves the scroll position by its height and the view stays put.
  // A held page is the page ahead: nothing more is fetched until it is shown.
  const atTop = useRef(false);
  const settled = useRef(false);
  /** The user is at the bottom, or was until rows came in below: new rows are followed. */
  const stuck = useRef(true);
  /**
   * New rows at the bottom are followed while the user stays at the bottom: from there until they
   * scroll up themselves. Virtuoso decides from where the scroll is (at the bottom, or its own scroll
   * under way), and its smooth scroll to a new row can end short of the bottom when rows grow
   * meanwhile (react-virtuoso#317, #844): the next message was not followed and stayed below the
   * view, not even drawn (seen at CPU ×4, two messages a second apart: the view 400 px above the
   * bottom, and nobody had scrolled). One function for the life of the list: Virtuoso treats a new
   * `followOutput` value with an unchanged count as a refresh and, for the next 100 ms, scrolls to the
   * bottom if the list stops being at the bottom "because its size increased". An inline arrow is new
   * on every render, so a render during the user's first scroll up (the older page it asks for) armed
   * that, and the revealed rows' measuring (their height above the estimate) then threw the view back
   * to the newest message.
   */
  const followOutput = useCallback((atBottom: boolean) => (atBottom || stuck.current ? ('smooth' as const) : false), []);
  const scrolledUp = useRef(false);
  const last = useRef({ top: 0, height: 0 });
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const frame = useRef(0);
  useEffect(() => () => {
    clearTimeout(idle.current);
    cancelAnimationFrame(frame.current);
  }, []);
  const load = useCallback(() => {
    if (settled.current && hasMore && !loadingOlder && !held) onLoadOlder();
  }, [hasMore, loadingOlder, held, onLoadOlder]);
  const loadRef = useRef(load);
  useLayoutEffect(() => void (loadRef.current = load), [load]);
  useEffect(() => {
    const el = scroller.current;
    if (atTop.current || (el && scrolledUp.current && el.scrollTop <= PREFETCH_SCREENS * el.clientHeight)) load();
  }, [load]);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const { scrollTop: top, clientHeight: height } = el;
    // Up, in a pane of the same height: the user's scroll (rows coming in below move nothing).
    if (top < last.current.top - 1 && height === last.current.height) {
      stuck.current = false;
      if (settled.current) scrolledUp.current = true;
    }
    last.current = { top, height };
    scrolling.current = true;
    clearTimeout(idle.current);
    cancelAnimationFrame(frame.current);
    // Paused: no scroll event for a while, and then a frame in which the list neither moved nor
    // changed height (the rows the scroll revealed are measured and their estimate corrected; on a
    // slow device that takes longer than the pause). Only then is a held page shown.
    idle.current = setTimeout(() => {
      let was = '';
      let stillFrames = 0;
      const still = () => {
        const now = `${el.scrollTop}/${el.scrollHeight}`;
        stillFrames = now === was ? stillFrames + 1 : 0;
        was = now;
        if (stillFrames < STILL_FRAMES) {
          frame.current = requestAnimationFrame(still);
          return;
        }
        scrolling.current = false;
        showHeld();
      };
      still();
    }, SCROLL_IDLE_MS);
    if (top <= SHOW_HELD_SCREENS * height) showHeld();
    if (scrolledUp.current && top <= PREFETCH_SCREENS * height) loadRef.current();
  }, [showHeld]);

  // Once there was something older to load, the start marker belongs to the header's slot.
  const [hadMore, setHadMore] = useState(hasMore);
  if (hasMore && !hadMore) setHadMore(true);
  const startInHeader = atStart && hadMore && !held;
  const context = useMemo(
    () => ({ hasMore: hasMore || held, loadingOlder, startInHeader, onLoadOlder: held ? showHeld : load }),
    [hasMore, held, loadingOlder, startInHeader, load, showHeld],
  );

  // The list measures the pane, estimates its height, scrolls to the newest and only then puts rows
  // in the page: a few frames with nothing in it (its itemsRendered comes before the rows are
  // there). The skeleton stays over it until the first row is in the page.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (drawn || !el) return;
    const check = () => {
      if (el.querySelector('[data-index]')) setDrawn(true);
    };
    const observer = new MutationObserver(check);
    observer.observe(el, { childList: true, subtree: true });
    const frame = requestAnimationFrame(check);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [drawn]);

  return (
    <Box position="relative" h="100%">
      <Virtuoso
        ref={virtuoso}
        style={{ height: '100%' }}
        data={shown}
        context={context}
        firstItemIndex={firstIndex}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        // An estimate (a one-line bubble and its gap) instead of rendering a first row alone to
        // measure it: one pass fewer before the newest rows are drawn, and no lone "probe" row.
        defaultItemHeight={DEFAULT_ROW_PX}
        computeItemKey={(_, item) => item.key}
        alignToBottom
        followOutput={followOutput}
        atTopThreshold={LOAD_THRESHOLD_PX}
        atTopStateChange={(v) => {
          atTop.current = v;
          if (v) load();
        }}
        scrollerRef={(el) => {
          const next = el instanceof HTMLElement ? el : null;
          if (next === scroller.current) return;
          scroller.current?.removeEventListener('scroll', onScroll);
          next?.addEventListener('scroll', onScroll, { passive: true });
          scroller.current = next;
        }}
        atBottomStateChange={(v) => {
          if (v) stuck.current = true;
          const el = scroller.current;
          if (!v || settled.current || !el) return;
          // Settled: really scrolled down to the newest message, or a first page too short to
          // scroll at all (then it is at the top too, and older ones load at once). A bottom state
          // reported while the mount is still at the top of a tall list does not count.
          const short = el.scrollHeight <= el.clientHeight + LOAD_THRESHOLD_PX;
          if (!short && el.scrollTop <= LOAD_THRESHOLD_PX) return;
          settled.current = true;
          if (short) loadRef.current();
        }}
        // No overscan above: older rows rendered above the view before they are measured make
        // Virtuoso misplace the view by their estimate's error (react-virtuoso#947); with none, a
        // prepended page keeps the message at the top exactly where it was (tests/e2e/inbox).
        increaseViewportBy={{ top: 0, bottom: 200 }}
        components={COMPONENTS}
        itemContent={(_, item) => (
          <>
            {atStart && !hadMore && item.key === keys[0] && <StartOfConversation />}
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
      {!drawn && shown.length > 0 && (
        <Box position="absolute" inset="0" bg="page" pointerEvents="none">
          <MessagesSkeleton />
        </Box>
      )}
    </Box>
  );
});
