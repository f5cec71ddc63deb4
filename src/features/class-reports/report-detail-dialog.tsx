import { Button, DataList, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import type { ClassReport } from '../../../db/entities.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { StarRating } from './star-rating.tsx';
import { otherParty, otherPartyLabel, reportCourseName, type Role } from './report-rules.ts';

/** A report read in full: course, the other party, Assesment, Class Activity, Homework, Teacher Notes. */
export function ReportDetailDialog({ report, role, timezone, onClose, onEdit, onExited }: {
  report: ClassReport | null;
  role: Role;
  timezone: string;
  onClose: () => void;
  /** Teachers only: opens the Edit Class Report dialog. */
  onEdit?: (r: ClassReport) => void;
  /** The dialog has finished closing (its focus given back). */
  onExited?: () => void;
}) {
  const { t } = useI18n();
  const party = report ? otherParty(report, role) : null;
  const text = (v: string | null | undefined) => (
    <Text whiteSpace="pre-wrap" dir="auto">{v?.trim() ? v : '—'}</Text>
  );
  return (
    <AppDialog
      open={report != null}
      onClose={onClose}
      onExitComplete={onExited}
      title={t('classReports.detailTitle')}
      size="md"
      scrollBehavior="inside"
      contentProps={{ mx: '4' }}
      footer={
        <>
          {onEdit && report && (
            <Button variant="outline" onClick={() => onEdit(report)}>{t('classReports.edit')}</Button>
          )}
          <Button colorPalette="brand" onClick={onClose}>{t('classReports.close')}</Button>
        </>
      }
    >
      {report && (
        <DataList.Root orientation="vertical" gap="4">
          <DataList.Item>
            <DataList.ItemLabel>{t('classReports.course')}</DataList.ItemLabel>
            <DataList.ItemValue><bdi>{reportCourseName(report)}</bdi></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{otherPartyLabel(role)}</DataList.ItemLabel>
            <DataList.ItemValue><bdi>{party?.name ?? '—'}</bdi></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('classReports.class')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(report.class.start_datetime, timezone)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('msg.assessment')}</DataList.ItemLabel>
            <DataList.ItemValue><StarRating value={report.rating} /></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('classReports.classActivity')}</DataList.ItemLabel>
            <DataList.ItemValue>{text(report.class_activity)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('classReports.homework')}</DataList.ItemLabel>
            <DataList.ItemValue>{text(report.homework)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('classReports.teacherNotes')}</DataList.ItemLabel>
            <DataList.ItemValue>{text(report.teacher_notes)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
    </AppDialog>
  );
}
