import { useState } from 'react';
import { Button, Checkbox, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useI18n } from '../../../lib/i18n/index.ts';
import { notify } from '../../../components/ui/toaster.tsx';
import { ChangesLeft } from '../class-info.tsx';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { isRescheduleDateAllowed, rescheduleFormError, rescheduleWindow } from '../rules.ts';
import { useQuarterSnap } from '../quarter-time.ts';

/**
 * Ask to move a class: a date from tomorrow to 7 days ahead and a start time in quarter hours
 * (23:59 allowed), in the user's timezone; optionally permanent (the following classes move too),
 * with a reason. It creates a pending request the other party approves or rejects. Not queued.
 */
export function RescheduleForm({ klass, timeZone, onDone }: { klass: Class; timeZone: string; onDone: () => void }) {
  const { t, tMessage } = useI18n();
  const { run, busy } = useMutation('rescheduleClass');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [permanent, setPermanent] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const range = rescheduleWindow(timeZone);

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
      setError(t('classes.dateRange', { min: range.min, max: range.max }));
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
          <Field.Root required flex="1" minW="10rem" invalid={!!error && !date}>
            <Field.Label>{t('classes.newDate')} <Field.RequiredIndicator /></Field.Label>
            <Input type="date" value={date} min={range.min} max={range.max} onChange={(e) => { setDate(e.target.value); setError(null); }} />
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
        {error && <Text color="fg.error" role="alert">{tMessage(error)}</Text>}
        <HStack gap="2">
          <Button type="submit" colorPalette="brand" loading={busy} disabled={klass.limit_exceeded}>{t('classes.sendRequest')}</Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>{t('classes.back')}</Button>
        </HStack>
      </Stack>
    </form>
  );
}
