import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState } from 'react';
import { useDraftState } from '../../lib/engine/drafts.ts';
import type { ClassReport } from '../../../db/entities.ts';
import { ReportFields } from './report-fields.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { draftOf, reportDraftError, type ReportDraft } from './report-rules.ts';

/**
 * The teacher's Edit Class Report dialog. Saving goes through the outbox: offline it is kept and
 * sent when the network returns, so the dialog closes as soon as the engine has accepted it.
 * What is typed is a draft in the mirror, per report: a reload (the report is in the address), a
 * restart or closing the dialog by Escape keeps it, and the dialog opened again says so and offers
 * to discard it. Cancel discards it; saving (sent, queued or listed as not sent) ends it.
 */
export function EditReportDialog({ report, onClose, onSave }: {
  report: ClassReport | null;
  onClose: () => void;
  /** Resolves with an error message, or null when saved (or queued). */
  onSave: (r: ClassReport, d: ReportDraft) => Promise<string | null>;
}) {
  const { t, tMessage } = useI18n();
  // Until the teacher edits, the form shows the report as saved (a later change of it shows too).
  const [edited, setEdited, kept] = useDraftState<ReportDraft | null>(`class-report-edit:${report?.id ?? 0}`, null);
  const draft = edited ?? (report ? draftOf(report) : null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Another report (or none) starts afresh. Adjusted while rendering rather than keyed from the
  // parent, so the dialog itself is not remounted and keeps its open/close and focus return.
  const [shownId, setShownId] = useState(report?.id);
  if (report?.id !== shownId) {
    setShownId(report?.id);
    setTried(false);
    setFailure(null);
  }

  const error = draft ? reportDraftError(draft) : null;
  const set = (patch: Partial<ReportDraft>) => draft && setEdited({ ...draft, ...patch });

  const save = async () => {
    setTried(true);
    if (!report || !draft || error) return;
    setSaving(true);
    const message = await onSave(report, draft);
    setSaving(false);
    if (message) return setFailure(message);
    kept.clear();
    onClose();
  };
  const cancel = () => {
    kept.clear();
    onClose();
  };

  return (
    // Not `busy`: the save only waits for the outbox to take it, and Cancel stays usable meanwhile.
    <AppDialog
      open={report != null}
      onClose={onClose}
      title={t('classReports.editTitle')}
      size="md"
      scrollBehavior="inside"
      contentProps={{ mx: '4' }}
      onSubmit={(e) => { e.preventDefault(); void save(); }}
      footer={
        <>
          <Button variant="outline" type="button" onClick={cancel}>{t('classReports.cancel')}</Button>
          <Button colorPalette="brand" type="submit" loading={saving}>{t('classReports.save')}</Button>
        </>
      }
    >
      {draft && (
        <Stack gap="4">
          <ReportFields draft={draft} onChange={set} tried={tried} />
          {/* Kept from before (a reload, another tab, the dialog closed by Escape): said, with a way back to the saved report.
              Below the fields, so the dialog's first focus stays on them. */}
          {edited && kept.restored && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title flex="1">{t('classReports.editsKept')}</Alert.Title>
              <Button size="xs" variant="outline" onClick={() => kept.clear()}>{t('classReports.discardEdits')}</Button>
            </Alert.Root>
          )}
          {failure && <Text color="fg.error" textStyle="sm" role="alert">{tMessage(failure)}</Text>}
        </Stack>
      )}
    </AppDialog>
  );
}
