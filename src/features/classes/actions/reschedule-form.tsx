import { useState } from 'react';
import { Alert, Button, Checkbox, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useI18n } from '../../../lib/i18n/index.ts';
import { notify } from '../../../components/ui/toaster.tsx';
import { ChangesLeft } from '../class-info.tsx';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { isRescheduleDateAllowed, rescheduleFormError, rescheduleWindow } from '../rules.ts';
import { useQuarterSnap } from '../quarter-time.ts';
import { clockIn, todayIn } from '../time.ts';
import { formatDate } from '../../../lib/format.ts';
import { forStudentText, slotStart } from '../clash.ts';
import { useSlotClash } from '../use-slot-clash.ts';
import type { Role } from '../rules.ts';

/** The window's ends as the app writes dates (`2026-11-29`; Arabic in its own form). */
const shownDate = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');

/**
 * Ask to move a class: a date from tomorrow to 7 days ahead and a start time in quarter hours
 * (23:59 allowed), in the user's timezone; optionally permanent (the following classes move too),
 * with a reason. It creates a pending request the other party approves or rejects. Not queued.
 * The fields start at the class's own day and time (the day the window's first when the class's
 * is outside it), the window is said under the date, a date outside it is refused as it is
 * chosen, a slot that overlaps another of the user's mirrored classes is pointed out, and a
 * teacher sees the slot in the student's timezone.
 */
export function RescheduleForm({ klass, timeZone, role, onDone }: { klass: Class; timeZone: string; role: Role; onDone: () => void }) {
  const { t, tMessage } = useI18n();
  const { run, busy } = useMutation('rescheduleClass');
  const range = rescheduleWindow(timeZone);
  const start = Date.parse(klass.start_datetime);
  const [date, setDate] = useState(() => {
    const own = todayIn(timeZone, start);
    return isRescheduleDateAllowed(own, timeZone) ? own : range.min;
  });
  const [time, setTime] = useState(() => clockIn(timeZone, start));
  const [permanent, setPermanent] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const outside = !!date && !isRescheduleDateAllowed(date, timeZone);
  const windowText = t('classes.dateRange', { min: shownDate(range.min), max: shownDate(range.max) });
  const slot = slotStart(date, time, timeZone);
  const clash = useSlotClash(outside ? '' : date, time, klass.duration, timeZone, role, klass.id);
  const forStudent = role === 'teacher' && slot != null ? forStudentText(slot, timeZone, klass.student_timezone) : null;

  /** Snaps the time to a quarter and tells the user; answers the time to use. */
  const snap = useQuarterSnap(setTime);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing = rescheduleFormError(date, time);
    if (missing) {
      setError(missing);
      notify('error', missing);
      return;
    }
    if (!isRescheduleDateAllowed(date, timeZone)) {
      setError(windowText);
      return;
    }
    setError(null);
    const start = snap(time);
    const r = await run({ classId: klass.id, date, start_time: start, permanent, reason: reason.trim() });
    if (r?.ok) onDone();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('classes.rescheduleFormLabel')}>
      <Stack gap="4">
        <ChangesLeft klass={klass} />
        <HStack gap="3" align="flex-start" wrap="wrap">
          <Field.Root required flex="1" minW="10rem" invalid={(!!error && !date) || outside}>
            <Field.Label>{t('classes.newDate')} <Field.RequiredIndicator /></Field.Label>
            <Input type="date" value={date} min={range.min} max={range.max} onChange={(e) => { setDate(e.target.value); setError(null); }} />
            {/* Said up front, and in red as soon as a date outside it is chosen (typed, not picked). */}
            {outside ? <Field.ErrorText>{windowText}</Field.ErrorText> : <Field.HelperText>{windowText}</Field.HelperText>}
          </Field.Root>
          <Field.Root required flex="1" minW="8rem" invalid={!!error && !time}>
            <Field.Label>{t('classes.startTime')} <Field.RequiredIndicator /></Field.Label>
            <Input
              type="time"
              step={900}
              value={time}
              onChange={(e) => { setTime(e.target.value); setError(null); }}
              onBlur={(e) => e.target.value && snap(e.target.value)}
            />
          </Field.Root>
        </HStack>
        {forStudent && <Text fontSize="sm" color="fg.muted" data-testid="reschedule-for-student">{forStudent}</Text>}
        {clash && (
          <Alert.Root status="warning" variant="surface" size="sm">
            <Alert.Indicator />
            <Alert.Title>{clash}</Alert.Title>
          </Alert.Root>
        )}
        <Checkbox.Root checked={permanent} onCheckedChange={(d) => setPermanent(d.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('classes.permanent')}</Checkbox.Label>
        </Checkbox.Root>
        <Field.Root>
          <Field.Label>{t('classes.reason')}</Field.Label>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={1000} />
        </Field.Root>
        {klass.limit_exceeded && <Text color="fg.error" role="alert">{t('msg.limitExceeded')}</Text>}
        {error && !outside && <Text color="fg.error" role="alert">{tMessage(error)}</Text>}
        <HStack gap="2">
          <Button type="submit" colorPalette="brand" loading={busy} disabled={klass.limit_exceeded}>{t('classes.sendRequest')}</Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>{t('classes.back')}</Button>
        </HStack>
      </Stack>
    </form>
  );
}
