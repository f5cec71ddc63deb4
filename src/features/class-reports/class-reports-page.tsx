import { Button, EmptyState, Heading, NativeSelect, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ClassReport } from '../../../db/entities.ts';
import { PageContainer } from '../../components/page-container.tsx';
import { NotSentList } from '../../components/not-sent/not-sent-list.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { loadPhase } from '../../components/ui/load-phase.ts';
import { useRole, useUser } from '../../app/session-context.tsx';
import { useMutation } from '../../lib/engine/mutation.ts';
import { useIdInAddress } from '../../lib/id-in-address.ts';
import { EDIT_REPORT_PARAM } from '../../lib/links.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { useClassReport, useFilterEnrollments, useReports } from './data.ts';
import { EditReportDialog } from './edit-report-dialog.tsx';
import { ReportDetailDialog } from './report-detail-dialog.tsx';
import { ReportRow } from './report-row.tsx';
import { enrollmentOptionLabel, filterPlaceholder, reportsSubtitle, sortReports, type ReportDraft, type Role } from './report-rules.ts';

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Class reports, for students and teachers. The route is open to anyone (no access flag): a guest
 * has no reports, so they get the empty state and a way to sign in instead of a list that never loads.
 */
export function ClassReportsPage() {
  const role = useRole();
  return role ? <SignedInReports role={role} /> : <GuestReports />;
}

function Header({ role }: { role?: Role }) {
  const { t } = useI18n();
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">{t('classReports.title')}</Heading>
      <Text color="fg.muted">{reportsSubtitle(role)}</Text>
    </Stack>
  );
}

function NoReports({ children }: { children?: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator><AppIcon name="report" /></EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{t('msg.noClassReports')}</EmptyState.Title>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function GuestReports() {
  const { t } = useI18n();
  return (
    <PageContainer>
      <Stack gap="5">
        <Header />
        <NoReports>
          <Button asChild>
            <RouterLink to="/login">{t('classReports.signIn')}</RouterLink>
          </Button>
        </NoReports>
      </Stack>
    </PageContainer>
  );
}

/** The change this screen makes (Edit Class Report), which the outbox may fail to send. */
const REPORT_CHANGES = ['editClassReport'] as const;

/**
 * The list comes from the mirror a page at a time; a teacher's edit is saved through the outbox
 * (offline it waits and is sent later).
 */
function SignedInReports({ role }: { role: 'student' | 'teacher' }) {
  const { t } = useI18n();
  const edit = useMutation('editClassReport');
  const timezone = useUser()?.timezone || deviceZone();
  const enrollments = useFilterEnrollments();
  const [enrollmentId, setEnrollmentId] = useState<number | null>(null);
  const { reports, hasMore, loaded, loading, failed, loadMore } = useReports(enrollmentId);
  const [openedId, setOpenedId] = useState<number | null>(null);
  // The report being edited is in the address (`?edit=<id>`): a reload reopens its dialog, with the
  // kept draft of what was typed; Back closes it.
  const { openId: editId, open: openEdit, close: closeEdit } = useIdInAddress(EDIT_REPORT_PARAM);
  const editOne = useCallback((r: ClassReport) => openEdit(r.id), [openEdit]);
  // Edit from the detail: the edit dialog opens once the detail has closed and given the focus back
  // (opened at once, the focus going back to the list counted as a click outside it and closed it).
  const editNext = useRef<ClassReport | null>(null);

  const save = async (r: ClassReport, d: ReportDraft): Promise<string | null> => {
    // A refusal shows in the edit form (the engine words it: a 422's first message).
    const result = await edit.run(
      { reportId: r.id, rating: d.rating, class_activity: d.class_activity.trim(), homework: d.homework.trim(), teacher_notes: d.teacher_notes.trim() },
      { error: () => null },
    );
    if (!result) return null;
    if (!result.ok) return result.error.message;
    setOpenedId(null);
    return null;
  };

  // One sorted list per change of the mirror's rows, and callbacks that stay the same: a screen
  // shown again (its live queries reconnecting) re-renders without re-rendering every row.
  const rows = useMemo(() => sortReports(reports), [reports]);
  const openRow = useCallback((r: ClassReport) => setOpenedId(r.id), []);
  // The list's first page: skeletons while it is asked for, the error (Retry asks again) when it
  // could not be read, "no reports" only once the server said so.
  const phase = loadPhase({ ready: true, hasData: rows.length > 0, answered: loaded, failed: failed !== null });
  // The detail shows the live row, so a saved edit appears in it at once. Both dialogs read their
  // report from the mirror, not from the rows shown: a filter's page arriving after the click, or a
  // refresh, leaves them open on it (found in the rows shown, the edit dialog closed when its report
  // was not among the new ones: likely what a CI run saw on 1 December, the dialog gone after Save).
  const opened = useClassReport(openedId);
  const canEdit = role === 'teacher';
  const editing = useClassReport(canEdit && typeof editId === 'number' ? editId : null);

  return (
    <PageContainer>
      <Stack gap="5">
        <Header role={role} />
        {/* A teacher's edited reports that were not sent: Retry or Discard on the screen they belong to. */}
        {canEdit && <NotSentList names={REPORT_CHANGES} />}
        <NativeSelect.Root maxW={{ md: 'sm' }}>
          <NativeSelect.Field
            aria-label={filterPlaceholder(role)}
            placeholder={filterPlaceholder(role)}
            value={enrollmentId ?? ''}
            onChange={(e) => setEnrollmentId(e.target.value === '' ? null : Number(e.target.value))}
          >
            {enrollments.map((e) => <option key={e.id} value={e.id}>{enrollmentOptionLabel(e, role)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>

        {phase === 'loading' ? (
          <Stack gap="2" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} height="16" borderRadius="l2" />)}</Stack>
        ) : phase === 'error' ? (
          <LoadError onRetry={loadMore} retrying={loading} />
        ) : phase === 'empty' ? (
          <NoReports />
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label={t('classReports.list')}>
            {rows.map((r) => (
              <ReportRow key={r.id} report={r} role={role} timezone={timezone} onOpen={openRow} onEdit={canEdit ? editOne : undefined} />
            ))}
          </Stack>
        )}
        {loaded && hasMore && (failed ? (
          // A later page could not be read: what was read stays, and Retry asks for that page again.
          <LoadError variant="inline" onRetry={loadMore} retrying={loading} />
        ) : (
          <Button variant="outline" alignSelf="center" onClick={loadMore} loading={loading}>{t('classReports.loadMore')}</Button>
        ))}
      </Stack>

      <ReportDetailDialog
        report={opened}
        role={role}
        timezone={timezone}
        onClose={() => setOpenedId(null)}
        onEdit={canEdit ? (r) => { editNext.current = r; setOpenedId(null); } : undefined}
        onExited={() => {
          const r = editNext.current;
          editNext.current = null;
          if (r) openEdit(r.id);
        }}
      />
      {canEdit && <EditReportDialog report={editing} onClose={closeEdit} onSave={save} />}
    </PageContainer>
  );
}

export default ClassReportsPage;
