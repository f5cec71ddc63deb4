import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { Conversation } from '../../../db/entities.ts';
import type { MutationName } from '../../../db/engine-api.ts';
import type { OutboxEntry } from '../../../db/rows.ts';
import { useOnline } from '../../app/session-context.tsx';
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
 * listed too, saying it will be sent again by itself. `intro` is shown above the changes, and only
 * while there are some: with none left, `empty` says every change has been sent, and nothing else.
 */
export function NotSentList({ names, classId, empty, intro }: { names?: readonly MutationName[]; classId?: number; empty?: boolean; intro?: ReactNode }) {
  useI18n();
  const online = useOnline();
  const { data: outbox } = useLiveQuery((q) => q.from({ o: outboxCollection }), []);
  const { data: convs } = useLiveQuery((q) => q.from({ c: conversationsCollection }), []);
  const conversations = useMemo(() => new Map((convs ?? []).map((c) => [c.id, c])), [convs]);
  // The entries retried here: queued again, they are on their way, not sent. They stay listed
  // (as sending) until they leave the outbox (sent) or fail again, so the list never says
  // "Every change has been sent." while the server has not answered yet.
  const [retried, setRetried] = useState<ReadonlySet<string>>(NO_IDS);
  const onRetry = useCallback((id: string) => setRetried((r) => new Set(r).add(id)), []);
  const entries = useMemo(
    () => (outbox ?? [])
      .filter((o) => (needsAttention(o) || retried.has(o.id)) && (!names || names.includes(o.mutation.name)) && (classId === undefined || ofClass(o, classId)))
      .sort((a, b) => a.seq - b.seq),
    [outbox, names, classId, retried],
  );
  if (entries.length === 0) return empty ? <Text color="fg.muted" role="status">{t('shell.notSentNone')}</Text> : null;
  const list = (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t('shell.notSentTitle')} data-testid="not-sent-list">
      {entries.map((o) => (
        <NotSentItem key={o.id} entry={o} what={whatItWas(o, conversations)} online={online} onRetry={onRetry} />
      ))}
    </Stack>
  );
  return intro ? <Stack gap="4">{intro}{list}</Stack> : list;
}
const NO_IDS: ReadonlySet<string> = new Set();

function NotSentItem({ entry, what, online, onRetry }: { entry: OutboxEntry; what: string; online: boolean; onRetry: (id: string) => void }) {
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const failed = entry.status === 'failed';
  // Retried and queued again, without an answer yet: on its way, or (offline) waiting for the
  // connection, when nothing is in flight and it can still be discarded.
  const queued = !needsAttention(entry);
  const sending = queued && online;
  const why = sending
    ? t('shell.notSentSending')
    : queued ? t('shell.notSentWaiting') : entry.error ? tMessage(entry.error.message) : t('msg.actionFailed');
  const act = (kind: 'retry' | 'discard') => async () => {
    setBusy(kind);
    if (kind === 'retry') onRetry(entry.id);
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
            {!failed && !queued && <Text fontSize="sm" color="fg.muted">{t('shell.notSentWillRetry')}</Text>}
          </Stack>
        </HStack>
        <HStack gap="2" justifyContent="end">
          <Button size="sm" variant="outline" onClick={act('discard')} loading={busy === 'discard'} disabled={busy !== null || sending} aria-label={t('shell.notSentDiscardWhat', { name: what })}>
            {t('shell.notSentDiscard')}
          </Button>
          <Button size="sm" colorPalette="brand" data-not-sent-retry onClick={act('retry')} loading={busy === 'retry' || sending} disabled={busy !== null || queued} aria-label={t('shell.notSentRetryWhat', { name: what })}>
            {t('shell.notSentRetry')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
