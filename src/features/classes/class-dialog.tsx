import { useEffect, useRef, useState, type RefObject } from 'react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { Alert, Box, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useBreakpointValue } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { isTeacher } from '../../../db/roles.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { useNow } from '../../lib/use-now.ts';
import { useUser } from '../../app/session-context.tsx';
import { ChangesLeft, ClassInfo } from './class-info.tsx';
import { requestStart } from './display.ts';
import { AddClassToCalendar } from './add-to-calendar.tsx';
import { useClassLoad, usePendingRequests } from './data.ts';
import type { ClassRef } from './class-link.ts';
import { LoadError } from '../../components/ui/load-state.tsx';
import { canChangeClass, canMarkAttendance, requestIsFor, showLockAlert, type Role } from './rules.ts';
import { JoinSection } from './actions/join-section.tsx';
import { NotSentList } from '../../components/not-sent/not-sent-list.tsx';
import { JoinUrlForm } from './actions/join-url-form.tsx';
import { AbsentConfirm, AttendanceActions, AttendedConfirm } from './actions/attendance.tsx';
import { ReportForm } from './actions/report-form.tsx';
import { CancelForm } from './actions/cancel-form.tsx';
import { RescheduleForm } from './actions/reschedule-form.tsx';
import { RequestDecision } from './actions/request-decision.tsx';

type Mode = 'details' | 'cancel' | 'reschedule' | 'report' | 'attended' | 'absent';
const TITLES = {
  details: 'classes.titleDetails',
  cancel: 'classes.titleCancel',
  reschedule: 'classes.titleReschedule',
  report: 'classes.titleReport',
  attended: 'classes.titleAttended',
  absent: 'classes.titleAbsent',
} as const satisfies Record<Mode, string>;

/**
 * The class dialog (section 2.9): reads the class live from the mirror by id, so every action's
 * result (and every poll) shows at once. Each action's form replaces the details in place.
 */
export function ClassDialog({ classId, onClose }: { classId: ClassRef | null; onClose: () => void }) {
  // An address whose `?class=` is not an id opens the dialog to say so.
  const { klass, failed, retry, retrying } = useClassLoad(typeof classId === 'number' ? classId : null);
  const { t } = useI18n();
  const user = useUser();
  const [mode, setMode] = useState<Mode>('details');
  // Another class (or none) opens on its details: adjusted while rendering, not in an effect.
  const [shownId, setShownId] = useState(classId);
  if (classId !== shownId) {
    setShownId(classId);
    setMode('details');
  }
  const role: Role = isTeacher(user) ? 'teacher' : 'student';
  const timeZone = user?.timezone ?? 'UTC';
  const back = () => setMode('details');
  const body = useRef<HTMLDivElement>(null);
  useFocusFollowsMode(mode, body);
  // 'full' on phones; a responsive size object would keep full's height on wide screens too.
  const size = useBreakpointValue({ base: 'full', md: 'lg' } as const) ?? 'lg';

  return (
    <AppDialog open={classId != null} onClose={onClose} title={t(TITLES[mode])} size={size} placement="top" scrollBehavior="inside" bodyProps={{ ref: body }}>
      {classId === 'invalid' || (!klass && (failed?.status === 404 || failed?.status === 403)) ? (
        <LoadError message={t('msg.noClass')} />
      ) : !klass && failed ? (
        <LoadError onRetry={retry} retrying={retrying} />
      ) : !klass ? (
        <Text color="fg.muted">{t('classes.loading')}</Text>
      ) : mode === 'details' ? (
        <Details klass={klass} role={role} timeZone={timeZone} onMode={setMode} />
      ) : mode === 'cancel' ? (
        <CancelForm klass={klass} onDone={back} />
      ) : mode === 'reschedule' ? (
        <RescheduleForm klass={klass} timeZone={timeZone} role={role} onDone={back} />
      ) : mode === 'report' ? (
        <ReportForm key={klass.id} klass={klass} onDone={back} />
      ) : mode === 'attended' ? (
        <AttendedConfirm klass={klass} onDone={back} />
      ) : (
        <AbsentConfirm klass={klass} onDone={back} />
      )}
    </AppDialog>
  );
}

const FOCUSABLE = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Each action's form replaces the details in place, so the control that had focus goes away: focus
 * follows, to the form's first control, and back on the details to the button that opened the form
 * (`data-mode`), or the first control left (the class may have changed), or the dialog itself.
 */
function useFocusFollowsMode(mode: Mode, body: RefObject<HTMLDivElement | null>) {
  const shown = useRef(mode);
  useEffect(() => {
    const before = shown.current;
    shown.current = mode;
    const el = body.current;
    if (before === mode || !el) return;
    const target = (mode === 'details' ? el.querySelector<HTMLElement>(`[data-mode="${before}"]:not(:disabled)`) : null)
      ?? el.querySelector<HTMLElement>(FOCUSABLE)
      ?? el.closest<HTMLElement>('[role=dialog]');
    target?.focus();
  }, [mode, body]);
}

/** The changes of a class a teacher makes from its dialog, which the outbox may fail to send. */
const CLASS_CHANGES = ['saveClassReport', 'saveJoinUrl'] as const;

function Details({ klass, role, timeZone, onMode }: { klass: Class; role: Role; timeZone: string; onMode: (m: Mode) => void }) {
  const { t } = useI18n();
  const now = useNow(15_000);
  const requests = usePendingRequests().filter((r) => requestIsFor(r, klass));
  const changeable = canChangeClass(klass, role, now);
  const attendance = canMarkAttendance(klass, role);
  const waiting = klass.waiting_reschedule_request && !klass.limit_exceeded;
  const canReport = role === 'teacher' && !klass.has_class_report && !klass.canceled && !klass.absent && klass.status !== 'scheduled';
  return (
    <Stack gap="4">
      <ClassInfo klass={klass} role={role} timeZone={timeZone} />
      {/* This class's changes that were not sent (its report, its join link): Retry or Discard here too. */}
      {role === 'teacher' && <NotSentList names={CLASS_CHANGES} classId={klass.id} />}
      {showLockAlert(klass, role, now) && (
        <Alert.Root status="info" variant="surface">
          <Alert.Indicator />
          <Alert.Title>{t('msg.lockedBeforeStart')}</Alert.Title>
        </Alert.Root>
      )}
      {requests.map((r) => (
        <Alert.Root key={r.id} status="warning" variant="surface" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('classes.asksToMove', { name: r.sender.name })}</Alert.Title>
            <Alert.Description>
              <bdi>{requestStart(r, 'old', timeZone)}</bdi> <Box as="span" display="inline-block" _rtl={{ transform: 'scaleX(-1)' }}>→</Box> <bdi>{requestStart(r, 'new', timeZone)}</bdi>{r.permanent ? t('classes.permanentSuffix') : ''}{r.reason ? ` · ${r.reason}` : ''}
            </Alert.Description>
          </Alert.Content>
          <RequestDecision request={r} />
        </Alert.Root>
      ))}
      <JoinSection klass={klass} role={role} />
      {!klass.canceled && <AddClassToCalendar klass={klass} role={role} alignSelf="flex-start" />}
      {role === 'teacher' && klass.url_editable && <JoinUrlForm klass={klass} />}
      {(attendance || canReport) && <Separator />}
      {attendance && <AttendanceActions klass={klass} onAskAttended={() => onMode('attended')} onAskAbsent={() => onMode('absent')} />}
      {canReport && (
        <Button variant="outline" alignSelf="flex-start" onClick={() => onMode('report')} data-mode="report">
          {t('classes.addReport')}
        </Button>
      )}
      {changeable && (
        <>
          <Separator />
          <ChangesLeft klass={klass} />
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              onClick={() => onMode('reschedule')}
              data-mode="reschedule"
              disabled={klass.limit_exceeded || klass.waiting_reschedule_request}
              aria-describedby={waiting ? 'reschedule-waiting' : undefined}
            >
              {t('classes.reschedule')}
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => onMode('cancel')} disabled={klass.limit_exceeded} data-mode="cancel">
              {t('classes.cancelClass')}
            </Button>
          </HStack>
          {/* Why Reschedule is greyed out: a request is already waiting for an answer. */}
          {waiting && <Text id="reschedule-waiting" color="fg.muted" fontSize="sm">{requests.length ? t('msg.rescheduleAnswerFirst') : t('msg.rescheduleWaiting')}</Text>}
          {klass.limit_exceeded && <Text color="fg.error" fontSize="sm">{t('msg.limitExceeded')}</Text>}
        </>
      )}
    </Stack>
  );
}
