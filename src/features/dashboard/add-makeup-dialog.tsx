import { useMemo, useState } from 'react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { Alert, Button, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useBreakpointValue } from '@chakra-ui/react';
import type { Enrollment } from '../../../db/entities.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { useMutation } from '../../lib/engine/mutation.ts';
import { makeupError, makeupMinTime, useQuarterSnap, useSlotClash } from '../classes/index.ts';
import { todayIn } from '../classes/index.ts';

/**
 * Add Makeup Class (teachers): an enrolment they teach, a date not before today and, for today, a
 * time not before now, all in the teacher's timezone. Not queued offline.
 */
export function AddMakeupDialog({ open, onClose, enrollments, timeZone }: {
  open: boolean;
  onClose: () => void;
  enrollments: Enrollment[];
  timeZone: string;
}) {
  const { t } = useI18n();
  const { run, busy } = useMutation('addMakeup');
  const [enrollmentId, setEnrollmentId] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [tried, setTried] = useState(false);
  // Minutes snap to quarters, as in the reschedule form (spec section 9), and the user is told.
  const snap = useQuarterSnap(setTime);

  const reset = () => {
    setEnrollmentId('');
    setDate('');
    setTime('');
    setTried(false);
  };
  const size = useBreakpointValue({ base: 'full', md: 'md' } as const) ?? 'md';
  const problem = makeupError(date, time, timeZone);
  const minutes = useMemo(() => enrollments.find((en) => String(en.id) === enrollmentId)?.class_duration ?? 30, [enrollments, enrollmentId]);
  // Another class of the teacher's at that time (from the mirror): said before the class is added.
  const clash = useSlotClash(date, time, minutes, timeZone, 'teacher');
  const close = () => {
    reset();
    onClose();
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    const start = time && snap(time);
    // Checked on the snapped time: 10:05 today at 10:06 snaps to 10:00, before now.
    if (!enrollmentId || !date || !start || makeupError(date, start, timeZone)) return;
    const r = await run({ enrollment_id: Number(enrollmentId), date, start_time: start });
    if (r?.ok) close();
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      title={t('dashboard.makeupTitle')}
      size={size}
      placement="top"
      onSubmit={submit}
      formProps={{ 'aria-label': t('dashboard.makeupForm') }}
      closeLabel={t('dashboard.closeDialog')}
      footer={
        <>
          <Button variant="ghost" disabled={busy} onClick={close}>{t('dashboard.close')}</Button>
          <Button type="submit" colorPalette="brand" loading={busy}>{t('dashboard.addClass')}</Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root required invalid={tried && !enrollmentId}>
          <Field.Label>{t('dashboard.enrollment')} <Field.RequiredIndicator /></Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={enrollmentId} onChange={(e) => setEnrollmentId(e.target.value)}>
              <option value="">{t('dashboard.chooseStudent')}</option>
              {enrollments.map((en) => (
                <option key={en.id} value={en.id}>{t('dashboard.enrollmentOption', { student: en.student.name, course: en.course.name })}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{t('msg.inputRequired')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={tried && (!date || problem === 'date')}>
          <Field.Label>{t('dashboard.date')} <Field.RequiredIndicator /></Field.Label>
          <Input type="date" value={date} min={todayIn(timeZone)} onChange={(e) => setDate(e.target.value)} />
          <Field.ErrorText>{date ? t('dashboard.dateError') : t('msg.inputRequired')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={tried && (!time || problem === 'time')}>
          <Field.Label>{t('dashboard.startTime')} <Field.RequiredIndicator /></Field.Label>
          <Input
            type="time"
            step={900}
            value={time}
            min={makeupMinTime(date, timeZone)}
            onChange={(e) => setTime(e.target.value)}
            onBlur={(e) => e.target.value && snap(e.target.value)}
          />
          <Field.ErrorText>{time ? t('dashboard.timeError') : t('msg.inputRequired')}</Field.ErrorText>
        </Field.Root>
        {clash && (
          <Alert.Root status="warning" variant="surface" size="sm">
            <Alert.Indicator />
            <Alert.Title>{clash}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </AppDialog>
  );
}
