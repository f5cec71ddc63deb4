import { Box, Button, Center, HStack, Input, InputGroup, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Virtuoso, type ItemProps, type ListProps } from 'react-virtuoso';
import type { Conversation } from '../../../db/entities.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { ConversationItem } from './conversation-item.tsx';
import { cutAlike } from './text.ts';
import { InboxIcon } from './icons.tsx';
import { useConversationSearch, type ConversationSearch } from './search.ts';

/**
 * Rows the list renders before it has measured anything: a screen hidden before its first visit
 * (prepared, src/app/kept-screens.tsx) is rendered while it has no size, and its first frame shown
 * has these conversations (a tall screen of rows) instead of an empty list for a frame.
 */
const FIRST_ROWS = 15;

export interface ConversationListProps {
  /** Every conversation the mirror holds, already sorted, newest activity first. */
  conversations: readonly Conversation[];
  /** False until the mirror answered: show placeholders, not "No Conversation Found". */
  ready: boolean;
  selectedId: number | null;
  onSelect(id: number): void;
  hasMore: boolean;
  loadingMore: boolean;
  onEndReached(): void;
}

/**
 * The searchable, virtualised conversation list: only the visible rows exist in the DOM. The search
 * filters in memory behind a deferred value, so typing stays responsive with thousands, and asks
 * the server after a pause (search.ts): what it finds beyond the pages read joins the list.
 */
export function ConversationList({ conversations, ready, selectedId, onSelect, hasMore, loadingMore, onEndReached }: ConversationListProps) {
  const { t } = useI18n();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const search = useConversationSearch(conversations, query, deferred);
  const shown = search.shown;
  const stale = deferred !== query;
  // Scrolling to the end reads the list's next page, or the search's while searching.
  const more = search.active ? search.hasMore : hasMore;
  const busy = search.active ? search.loadingMore : loadingMore;
  const next = search.active ? search.loadMore : onEndReached;
  const endReached = useCallback(() => {
    if (more && !busy) next();
  }, [more, busy, next]);
  const alike = useMemo(() => cutAlike(shown), [shown]);

  return (
    <Stack gap="0" h="100%" minH="0">
      <Box p="3" borderBottomWidth="1px">
        <InputGroup startElement={<InboxIcon name="search" boxSize="4" />}>
          <Input
            type="search"
            placeholder={t('inbox.search')}
            aria-label={t('inbox.searchConversations')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            size="sm"
          />
        </InputGroup>
        <SearchStatus search={search} />
      </Box>
      <Box flex="1" minH="0" opacity={stale ? 0.7 : 1} aria-busy={!ready}>
        {!ready ? (
          <Placeholders />
        ) : shown.length === 0 ? (
          // "No Conversation Found" only when the server said so (or for the whole list); while it
          // is asked, or when it cannot be, the status above says so.
          !search.active || search.answered ? (
            <Center p="6">
              <Text color="fg.muted">{t('msg.noConversation')}</Text>
            </Center>
          ) : null
        ) : (
          <Virtuoso
            style={{ height: '100%' }}
            data={shown as Conversation[]}
            computeItemKey={(_, c) => c.id}
            initialItemCount={Math.min(shown.length, FIRST_ROWS)}
            increaseViewportBy={{ top: 200, bottom: 400 }}
            endReached={endReached}
            itemContent={(_, c) => <ConversationItem conversation={c} selected={c.id === selectedId} onSelect={onSelect} fullTitle={alike.has(c.id)} />}
            components={busy ? LIST_LOADING : LIST}
          />
        )}
      </Box>
    </Stack>
  );
}

/** Under the search box: asking the server, or why the results may be incomplete (offline, a failure to retry). */
function SearchStatus({ search }: { search: ConversationSearch }) {
  const { t } = useI18n();
  if (!search.active) return null;
  if (search.incomplete) {
    return (
      <HStack mt="2" gap="2" align="start" role="status">
        <Text fontSize="xs" color="fg.muted" flex="1">
          {search.offline ? t('msg.searchOffline') : t('inbox.searchFailed', { failed: t('msg.fetchFailed'), incomplete: t('msg.searchIncomplete') })}
        </Text>
        {!search.offline && (
          <Button size="2xs" variant="outline" onClick={search.retry}>
            {t('inbox.retry')}
          </Button>
        )}
      </HStack>
    );
  }
  if (!search.searching) return null;
  return (
    <HStack mt="2" gap="2" color="fg.muted" role="status" aria-label={t('inbox.searchingLabel')}>
      <Spinner size="xs" />
      <Text fontSize="xs">{t('inbox.searching')}</Text>
    </HStack>
  );
}

/**
 * The list semantics sit on Virtuoso's own list and item elements: the rows it renders are the
 * list's items, and its focusable scroller is outside the list (a list may hold list items only).
 */
function List({ ref, ...props }: ListProps) {
  const { t } = useI18n();
  return <div ref={ref} {...props} role="list" aria-label={t('inbox.conversations')} />;
}

function Item({ item: _, ...props }: ItemProps<Conversation>) {
  return <div {...props} role="listitem" />;
}

const LIST = { List, Item };
const LIST_LOADING = { List, Item, Footer: LoadingFooter };

function LoadingFooter() {
  return (
    <Center py="3">
      <Spinner size="sm" />
    </Center>
  );
}

function Placeholders() {
  return (
    <Stack p="3" gap="4">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h="12" borderRadius="md" />
      ))}
    </Stack>
  );
}

