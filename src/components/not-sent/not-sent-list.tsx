import { useMemo, useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { Conversation } from '../../../db/entities.ts';
import type { MutationName } from '../../../db/engine-api.ts';
import type { OutboxEntry } from '../../../db/rows.ts';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { discardMutation, retryMutation } from '../../lib/engine/optimistic.ts';
import { conversationsCollection, outboxCollection } from '../../lib/engine/tables.ts';
import { t, tMessage, useI18n } from '../../lib/i18n/index.ts';
import { AppIcon } from '../ui/icons.tsx';

/** An outbox entry the user is asked about: not sent (`failed`), or refused by the server and to be sent again by itself (`queued` with an error). */
export const needsAttention = (o: OutboxEntry) => o.status === 'failed' || !!o.error;

/** The change is one of this class's (its report, its join link). */
const ofClass = (o: OutboxEntry, classId: number) => 'classId' in o.mutation && o.mutation.classId === classId;

/** What the change was, in the user's words ("Working hours", "Message to Ustadha Amina"). */
export function whatItWas(o: OutboxEntry, conversations: ReadonlyMap<number, Conversation>): string {
  const m = o.mutation;
  switch (m.name) {
    case 'sendMessage': {
      const title = conversations.get(m.conversationId)?.title;
      return title ? t('shell.notSentMessageTo', { name: title }) : t('shell.notSentMessage');
    }
    case 'saveSchedule':
      return t('shell.notSentSchedule');
    case 'saveClassReport':
    case 'editClassReport':
      return t('shell.notSentClassReport');
    case 'saveJoinUrl':
      return t('shell.notSentJoinUrl');
    case 'readNotifications':
      return t('shell.notSentReadNotifications');
    default:
      return m.name;
  }
}

/**
 * The changes that are not on their way (issue 26): each with what it was, why its last send
 * failed, Retry (sent again under the same Idempotency-Key) and Discard (its optimistic state is
 * undone). `names` keeps those of one screen (Working Hours lists its own), `classId` those of one
 * class (its dialog lists its report and join link). A change the server refused with a 502/503 is
 * listed too, saying it will be sent again by itself.
 */
export function NotSentList({ names, classId, empty }: { names?: readonly MutationName[]; classId?: number; empty?: boolean }) {
  useI18n();
  const { data: outbox } = useLiveQuery((q) => q.from({ o: outboxCollection }));
  const { data: convs } = useLiveQuery((q) => q.from({ c: conversationsCollection }));
  const conversations = useMemo(() => new Map((convs ?? []).map((c) => [c.id, c])), [convs]);
  const entries = useMemo(
    () => (outbox ?? [])
      .filter((o) => needsAttention(o) && (!names || names.includes(o.mutation.name)) && (classId === undefined || ofClass(o, classId)))
      .sort((a, b) => a.seq - b.seq),
    [outbox, names, classId],
  );
  if (entries.length === 0) return empty ? <Text color="fg.muted">{t('shell.notSentNone')}</Text> : null;
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t('shell.notSentTitle')} data-testid="not-sent-list">
      {entries.map((o) => (
        <NotSentItem key={o.id} entry={o} what={whatItWas(o, conversations)} />
      ))}
    </Stack>
  );
}

function NotSentItem({ entry, what }: { entry: OutboxEntry; what: string }) {
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const failed = entry.status === 'failed';
  const why = entry.error ? tMessage(entry.error.message) : t('msg.actionFailed');
  const act = (kind: 'retry' | 'discard') => async () => {
    setBusy(kind);
    try {
      await (kind === 'retry' ? retryMutation(entry.id) : discardMutation(entry.id));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderColor={failed ? 'border.error' : 'border'} rounded="l2" p="3" bg="surface">
      <Stack gap="2">
        <HStack gap="2" alignItems="start">
          <AppIcon name={failed ? 'alert' : 'clock'} boxSize="4" mt="0.5" color={failed ? 'fg.error' : 'fg.muted'} />
          <Stack gap="0.5" minW="0">
            <Text fontWeight="semibold">{what}</Text>
            <Text fontSize="sm" color={failed ? 'fg.error' : 'fg.muted'}>{why}</Text>
            {!failed && <Text fontSize="sm" color="fg.muted">{t('shell.notSentWillRetry')}</Text>}
          </Stack>
        </HStack>
        <HStack gap="2" justifyContent="end">
          <Button size="sm" variant="outline" onClick={act('discard')} loading={busy === 'discard'} disabled={busy !== null} aria-label={t('shell.notSentDiscardWhat', { name: what })}>
            {t('shell.notSentDiscard')}
          </Button>
          <Button size="sm" colorPalette="brand" data-not-sent-retry onClick={act('retry')} loading={busy === 'retry'} disabled={busy !== null} aria-label={t('shell.notSentRetryWhat', { name: what })}>
            {t('shell.notSentRetry')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
