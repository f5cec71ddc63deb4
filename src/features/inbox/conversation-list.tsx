import { Box, Center, Input, InputGroup, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { Conversation } from '../../../db/entities.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { ConversationItem } from './conversation-item.tsx';
import { InboxIcon } from './icons.tsx';
import { filterConversations } from './order.ts';

export interface ConversationListProps {
  /** Already sorted, newest activity first. */
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
 * The searchable, virtualised conversation list: only the visible rows exist in the DOM, and the
 * search filters in memory behind a deferred value, so typing stays responsive with thousands.
 */
export function ConversationList({ conversations, ready, selectedId, onSelect, hasMore, loadingMore, onEndReached }: ConversationListProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => filterConversations(conversations, deferred), [conversations, deferred]);
  const stale = deferred !== query;
  const endReached = useCallback(() => {
    if (hasMore && !loadingMore && !deferred.trim()) onEndReached();
  }, [hasMore, loadingMore, deferred, onEndReached]);

  return (
    <Stack gap="0" h="100%" minH="0">
      <Box p="3" borderBottomWidth="1px">
        <InputGroup startElement={<InboxIcon name="search" boxSize="4" />}>
          <Input
            type="search"
            placeholder="Search"
            aria-label="Search conversations"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            size="sm"
          />
        </InputGroup>
      </Box>
      <Box flex="1" minH="0" opacity={stale ? 0.7 : 1} role="list" aria-label="Conversations" aria-busy={!ready}>
        {!ready ? (
          <Placeholders />
        ) : shown.length === 0 ? (
          <Center p="6">
            <Text color="fg.muted">{MESSAGES.noConversation}</Text>
          </Center>
        ) : (
          <Virtuoso
            style={{ height: '100%' }}
            data={shown as Conversation[]}
            computeItemKey={(_, c) => c.id}
            increaseViewportBy={{ top: 200, bottom: 400 }}
            endReached={endReached}
            itemContent={(_, c) => (
              <div role="listitem">
                <ConversationItem conversation={c} selected={c.id === selectedId} onSelect={onSelect} />
              </div>
            )}
            components={{ Footer: loadingMore ? LoadingFooter : undefined }}
          />
        )}
      </Box>
    </Stack>
  );
}

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
