import { useState } from 'react';
import { useDraftState } from '../../../lib/engine/drafts.ts';
import { Button, HStack, Stack } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { useI18n } from '../../../lib/i18n/index.ts';
import { EMPTY_DRAFT, ReportFields, reportDraftError, type ReportDraft } from '../../class-reports/index.ts';

/**
 * The teacher's class report, the same fields as the Edit Class Report dialog (one form):
 * rating in half stars, activity and homework required, notes optional. Replayable: offline it
 * waits in the outbox and is sent when the network returns. What is typed is a draft in the mirror
 * (per class): a reload or a restart while the form is open keeps it, until it is saved.
 */
export function ReportForm({ klass, onDone }: { klass: Class; onDone: () => void }) {
  const { t } = useI18n();
  const { run, busy } = useMutation('saveClassReport');
  const [draft, setDraft, kept] = useDraftState<ReportDraft>(`class-report:${klass.id}`, EMPTY_DRAFT);
  const [tried, setTried] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (reportDraftError(draft)) return;
    const r = await run({
      classId: klass.id, rating: draft.rating, class_activity: draft.class_activity.trim(), homework: draft.homework.trim(),
      notes: draft.teacher_notes.trim(),
    });
    if (!r) return;
    // Handed to the outbox (sent, queued, or listed as not sent): the draft has done its work; a refusal leaves it to correct.
    if (r.ok || r.error.kind === 'server') kept.clear();
    if (!r.ok) return;
    onDone();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('classes.reportFormLabel')}>
      <Stack gap="4">
        <ReportFields draft={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} tried={tried} />
        <HStack gap="2">
          <Button type="submit" colorPalette="brand" loading={busy}>{t('classes.saveReport')}</Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>{t('classes.back')}</Button>
        </HStack>
      </Stack>
    </form>
  );
}
