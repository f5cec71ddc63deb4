import { Box, Center, Flex, Heading, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import type { Conversation } from '../../../db/entities.ts';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../app/session-context.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { CONVERSATION_PARAM } from '../../lib/links.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView, PendingConversation } from './conversation-view.tsx';
import { useConversationMessages, useConversations, useInboxActions } from './data.ts';
import { InboxIcon } from './icons.tsx';

/** The open conversation lives in the address (`/inbox?c=12`, src/lib/links.ts), so reload, back and links keep it. */
const PARAM = CONVERSATION_PARAM;

/**
 * Fills the window from where the panes start (under the top bar, and under any banner shown
 * above the screen: "Account not confirmed", the announcement) down to the bottom, above the
 * phone bottom navigation. `--pane-top` is measured; the navbar heights stand in until it is.
 */
const PANE_HEIGHT = {
  base: 'calc(100dvh - var(--pane-top, {sizes.navbarPhone}) - 64px - env(safe-area-inset-bottom))',
  md: 'calc(100dvh - var(--pane-top, {sizes.navbar}))',
};

/** Keeps `--pane-top` on the element at its distance from the top of the page. */
function usePaneTop(ref: React.RefObject<HTMLElement | null>, mounted: boolean) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const top = `${Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY))}px`;
      if (el.style.getPropertyValue('--pane-top') !== top) el.style.setProperty('--pane-top', top);
    };
    update();
    // Banners above come and go: the page's size changes with them.
    const ro = new ResizeObserver(update);
    ro.observe(document.body);
    window.addEventListener('resize', update);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref, mounted]);
}

/**
 * The inbox: the conversation list with the open conversation beside it from md up; on phones
 * one or the other, the conversation full screen with a back button.
 */
export default function InboxPage() {
  const user = useUser();
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(PARAM));
  const openId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

  const list = useConversations();
  const open = openId === null ? undefined : list.conversations.find((c) => c.id === openId);

  const pane = useRef<HTMLDivElement>(null);
  usePaneTop(pane, user !== null);
  const select = useCallback((id: number) => setParams({ [PARAM]: String(id) }), [setParams]);
  const back = useCallback(() => setParams({}), [setParams]);

  if (!user) return null;
  const showList = !phone || openId === null;

  return (
    <Flex ref={pane} h={PANE_HEIGHT} minH="0" overflow="hidden" bg="surface">
      {/* The screen's heading, for screen readers (the panes fill the window: no room for a title). */}
      <Heading as="h1" srOnly>
        {t('route.inbox')}
      </Heading>
      {showList && (
        <Box w={{ base: '100%', md: '320px', lg: '360px' }} flexShrink={0} borderEndWidth={{ md: '1px' }} minH="0">
          {!list.ready && list.failed ? (
            // Nothing mirrored and the first page could not be read: nothing to list or search yet.
            <LoadError onRetry={list.loadMore} retrying={list.loadingMore} />
          ) : (
            <ConversationList
              conversations={list.conversations}
              ready={list.ready}
              selectedId={openId}
              onSelect={select}
              hasMore={list.hasMore}
              loadingMore={list.loadingMore}
              onEndReached={list.loadMore}
            />
          )}
        </Box>
      )}
      {openId !== null ? (
        <Box
          flex="1"
          minW="0"
          minH="0"
          // Full screen on phones: above the top bar and the bottom navigation.
          position={{ base: 'fixed', md: 'static' }}
          inset={{ base: '0', md: 'auto' }}
          zIndex={{ base: 'banner', md: 'auto' }}
          bg="page"
        >
          <OpenConversation key={openId} conversationId={openId} conversation={open} myId={user.id} onBack={phone ? back : undefined} />
        </Box>
      ) : (
        !phone && <NothingOpen />
      )}
    </Flex>
  );
}

interface OpenProps {
  conversationId: number;
  /** Undefined until its row is in the mirror: a conversation beyond the loaded pages arrives with its first page. */
  conversation: Conversation | undefined;
  myId: number;
  onBack?: () => void;
}

/**
 * Watches the conversation (live messages) while it is open; the engine fetches its newest page,
 * which marks it seen. Its frame shows at once: the header from the list's row (skeletons until the
 * row is there), the mirror's messages, or bubbles' skeletons while the first page loads.
 */
function OpenConversation({ conversationId, conversation, myId, onBack }: OpenProps) {
  const messages = useConversationMessages(conversationId);
  const actions = useInboxActions(conversationId);
  if (!conversation) {
    return <PendingConversation failed={messages.failed} onRetry={messages.retry} retrying={messages.loadingOlder} onBack={onBack} />;
  }
  return (
    <ConversationView
      conversation={conversation}
      items={messages.items}
      ready={messages.ready}
      failed={messages.failed}
      onRetryLoad={messages.retry}
      retrying={messages.loadingOlder}
      myId={myId}
      hasMore={messages.hasMore}
      atStart={messages.atStart}
      loadingOlder={messages.loadingOlder}
      onLoadOlder={messages.loadOlder}
      onSend={actions.send}
      onSendImage={actions.sendImage}
      onRetry={actions.retry}
      onDiscard={actions.discard}
      onBack={onBack}
    />
  );
}

function NothingOpen() {
  const { t } = useI18n();
  return (
    <Center flex="1" bg="page">
      <Stack align="center" color="fg.muted" gap="2">
        <InboxIcon name="chat" boxSize="10" />
        <Text>{t('inbox.selectConversation')}</Text>
      </Stack>
    </Center>
  );
}
