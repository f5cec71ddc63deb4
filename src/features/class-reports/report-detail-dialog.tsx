import { Button, DataList, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import type { ClassReport } from '../../../db/entities.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { StarRating } from './star-rating.tsx';
import { otherParty, otherPartyLabel, type Role } from './report-rules.ts';

/** A report read in full: course, the other party, Assesment, Class Activity, Homework, Teacher Notes. */
export function ReportDetailDialog({ report, role, timezone, onClose, onEdit }: {
  report: ClassReport | null;
  role: Role;
  timezone: string;
  onClose: () => void;
  /** Teachers only: opens the Edit Class Report dialog. */
  onEdit?: (r: ClassReport) => void;
}) {
  const party = report ? otherParty(report, role) : null;
  const text = (v: string | null | undefined) => (
    <Text whiteSpace="pre-wrap" dir="auto">{v?.trim() ? v : '—'}</Text>
  );
  return (
    <AppDialog
      open={report != null}
      onClose={onClose}
      title="Class Report"
      size="md"
      scrollBehavior="inside"
      contentProps={{ mx: '4' }}
      footer={
        <>
          {onEdit && report && (
            <Button variant="outline" onClick={() => onEdit(report)}>Edit</Button>
          )}
          <Button colorPalette="brand" onClick={onClose}>Close</Button>
        </>
      }
    >
      {report && (
        <DataList.Root orientation="vertical" gap="4">
          <DataList.Item>
            <DataList.ItemLabel>Course</DataList.ItemLabel>
            <DataList.ItemValue>{report.course.name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{otherPartyLabel(role)}</DataList.ItemLabel>
            <DataList.ItemValue>{party?.name ?? '—'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Class</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(report.class.start_datetime, timezone)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{MESSAGES.assessment}</DataList.ItemLabel>
            <DataList.ItemValue><StarRating value={report.rating} /></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Class Activity</DataList.ItemLabel>
            <DataList.ItemValue>{text(report.class_activity)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Homework</DataList.ItemLabel>
            <DataList.ItemValue>{text(report.homework)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Teacher Notes</DataList.ItemLabel>
            <DataList.ItemValue>{text(report.teacher_notes)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
    </AppDialog>
  );
}
