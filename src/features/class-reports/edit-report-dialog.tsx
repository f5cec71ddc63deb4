import { Button, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState } from 'react';
import type { ClassReport } from '../../../db/entities.ts';
import { ReportFields } from './report-fields.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { draftOf, reportDraftError, type ReportDraft } from './report-rules.ts';

/**
 * The teacher's Edit Class Report dialog. Saving goes through the outbox: offline it is kept and
 * sent when the network returns, so the dialog closes as soon as the engine has accepted it.
 */
export function EditReportDialog({ report, onClose, onSave }: {
  report: ClassReport | null;
  onClose: () => void;
  /** Resolves with an error message, or null when saved (or queued). */
  onSave: (r: ClassReport, d: ReportDraft) => Promise<string | null>;
}) {
  const { t, tMessage } = useI18n();
  const [draft, setDraft] = useState<ReportDraft | null>(() => (report ? draftOf(report) : null));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Another report (or none) starts a fresh draft. Adjusted while rendering rather than keyed from
  // the parent, so the dialog itself is not remounted and keeps its open/close and focus return.
  const [shown, setShown] = useState(report);
  if (report !== shown) {
    setShown(report);
    setDraft(report ? draftOf(report) : null);
    setTried(false);
    setFailure(null);
  }

  const error = draft ? reportDraftError(draft) : null;
  const set = (patch: Partial<ReportDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const save = async () => {
    setTried(true);
    if (!report || !draft || error) return;
    setSaving(true);
    const message = await onSave(report, draft);
    setSaving(false);
    if (message) setFailure(message);
    else onClose();
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
          <Button variant="outline" type="button" onClick={onClose}>{t('classReports.cancel')}</Button>
          <Button colorPalette="brand" type="submit" loading={saving}>{t('classReports.save')}</Button>
        </>
      }
    >
      {draft && (
        <Stack gap="4">
          <ReportFields draft={draft} onChange={set} tried={tried} />
          {failure && <Text color="fg.error" textStyle="sm" role="alert">{tMessage(failure)}</Text>}
        </Stack>
      )}
    </AppDialog>
  );
}
