import { useMemo, useState } from 'react';
import { Alert, Button, Card, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useRouteData } from '../../app/route-data.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { NotSentList } from '../../components/not-sent/not-sent-list.tsx';
import { useDraftState } from '../../lib/engine/drafts.ts';
import { useMutation } from '../../lib/engine/mutation.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { HoursRowFields } from './hours-row.tsx';
import { canSave, emptyRow, payloadOf, rowProblems, rowsFromSchedule, type HoursRow } from './rules.ts';
import { useTeacherSchedule } from './data.ts';

/**
 * Working Hours (teachers): fixed weekly times. The form starts from the saved rows (padded to
 * three) as soon as the mirror has them. Saving goes through the outbox: offline it is kept and
 * sent when the network returns, and the page says so; a save the server answered with an error
 * says so at once (the spec's "Error occurred during saving your changes"), and a save that was not
 * sent is listed above the form with Retry and Discard (issue 26). A failed load says so above the rows, and
 * with none mirrored the form waits for a Retry: saving a blank form over hours that could not be
 * read would erase them.
 */
const SCHEDULE_MUTATIONS = ['saveSchedule'] as const;

export function TeacherSchedulePage() {
  const { t, locale } = useI18n();
  const { rows: saved, phase, failed } = useTeacherSchedule();
  const { retry, retrying } = useRouteData();
  const loaded = phase === 'data' || phase === 'empty';
  // What the teacher is editing is a draft in the mirror: a reload, a restart or another tab shows
  // it again until it is saved. Until they edit, the form follows the saved schedule (a later poll
  // never overwrites typing).
  const [edited, setEdited, draft] = useDraftState<HoursRow[] | null>('working-hours', null);
  const fromSaved = useMemo(() => rowsFromSchedule(loaded ? saved : []), [loaded, saved]);
  const rows = edited ?? fromSaved;
  const [queued, setQueued] = useState(false);
  const { run, busy } = useMutation('saveSchedule');

  const update = (i: number, row: HoursRow) => setEdited(rows.map((r, j) => (j === i ? row : r)));
  const remove = (i: number) => setEdited(rows.filter((_, j) => j !== i));
  const add = () => setEdited([...rows, emptyRow()]);
  // The messages are worded in the language: a switch words them again.
  const problems = useMemo(() => (locale ? rowProblems(rows) : []), [rows, locale]);
  const save = async () => {
    // A row that ends before it starts or overlaps another is not sent: its message is on the row.
    const bad = problems.findIndex((p) => p !== null);
    if (bad >= 0) {
      document.querySelector<HTMLInputElement>(`input[data-hours-to="${bad + 1}"]`)?.focus();
      return;
    }
    setQueued(false);
    const r = await run({ schedule: payloadOf(rows) });
    if (!r) return;
    // Handed to the outbox (sent, queued, or kept as not sent with Retry and Discard): the draft has
    // done its work. A refusal (a 422) leaves it, for the teacher to correct.
    if (r.ok || r.error.kind === 'server') draft.clear();
    if (r.ok) setQueued(!!r.data.queued);
  };

  return (
    <PageContainer maxW="4xl">
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size="2xl">{t('schedule.title')}</Heading>
          <Text color="fg.muted">
            {t('schedule.subtitle')}
          </Text>
        </Stack>
        {failed && loaded && <LoadError variant="inline" onRetry={retry} retrying={retrying} />}
        {queued && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('schedule.queued')}</Alert.Title>
          </Alert.Root>
        )}
        <NotSentList names={SCHEDULE_MUTATIONS} />
        {phase === 'error' ? (
          <LoadError onRetry={retry} retrying={retrying} />
        ) : (
          <Card.Root bg="surface">
            <Card.Body>
              {!loaded && <HStack mb="3"><Spinner size="sm" /><Text color="fg.muted">{t('schedule.loading')}</Text></HStack>}
              <Stack gap="4">
                {rows.map((row, i) => (
                  <HoursRowFields key={row.key} row={row} index={i} problem={problems[i]} onChange={(r) => update(i, r)} onRemove={() => remove(i)} />
                ))}
              </Stack>
            </Card.Body>
            <Card.Footer gap="3" flexWrap="wrap">
              <Button variant="outline" onClick={add}>{t('schedule.addRow')}</Button>
              <Button colorPalette="brand" onClick={save} disabled={!loaded || !canSave(rows, busy)} loading={busy}>
                {t('schedule.save')}
              </Button>
              {/* The kept draft has a way back: the saved hours again, in every tab. */}
              {edited !== null && (
                <Button variant="ghost" onClick={() => draft.clear()} disabled={busy}>
                  {t('schedule.discardEdits')}
                </Button>
              )}
            </Card.Footer>
          </Card.Root>
        )}
      </Stack>
    </PageContainer>
  );
}
export default TeacherSchedulePage;
