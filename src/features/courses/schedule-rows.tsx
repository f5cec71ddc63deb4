import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useI18n } from '../../lib/i18n/index.ts';
import { formatWeekday } from '../../lib/format.ts';
import {
  WEEK_DAYS, addScheduleRow, errorText, canRemoveRow, removeScheduleRow, scheduleRowError, type EnrollmentFormState, type ScheduleRowState,
} from './enrollment-rules.ts';
import { CourseIcon } from './icons.tsx';

/**
 * The schedule: rows of a day and a from–to time, in the user's timezone. Three blank rows to
 * start; rows can be added, and every row but the first removed. Rows without a day are ignored.
 */
export function ScheduleRows({ form, onChange, timezone, invalid, disabled }: {
  form: EnrollmentFormState;
  onChange: (f: EnrollmentFormState) => void;
  timezone: string;
  invalid?: boolean;
  disabled?: boolean;
}) {
  // Ids of its own: two course pages may be kept mounted at once.
  const id = useId();
  const { t } = useI18n();
  const setRow = (i: number, patch: Partial<ScheduleRowState>) =>
    onChange({ ...form, schedule: form.schedule.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Field.Label as="span" id={`${id}-label`}>{t('courses.schedule')}</Field.Label>
      <Field.HelperText mt="0">{t('courses.scheduleHint', { timezone })}</Field.HelperText>
      <Stack gap="2" w="full" role="group" aria-labelledby={`${id}-label`}>
        {form.schedule.map((row, i) => {
          const rowError = disabled ? null : scheduleRowError(row);
          return (
            <Stack key={i} gap="1">
              <HStack gap="2" align="center" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
                <NativeSelect.Root size="sm" flex={{ base: '1 1 100%', sm: '1.4' }} disabled={disabled}>
                  <NativeSelect.Field
                    aria-label={t('courses.dayN', { n: i + 1 })}
                    value={row.day ?? ''}
                    onChange={(e) => setRow(i, { day: e.target.value === '' ? null : Number(e.target.value) })}
                  >
                    <option value="">{t('courses.day')}</option>
                    {WEEK_DAYS.map((d) => <option key={d.value} value={d.value}>{formatWeekday(d.value)}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Input size="sm" type="time" flex="1" aria-label={t('courses.fromN', { n: i + 1 })} value={row.from} onChange={(e) => setRow(i, { from: e.target.value })} />
                <Text aria-hidden="true" color="fg.muted">–</Text>
                <Input
                  size="sm"
                  type="time"
                  flex="1"
                  aria-label={t('courses.toN', { n: i + 1 })}
                  value={row.to}
                  aria-invalid={rowError ? true : undefined}
                  aria-describedby={rowError ? `${id}-error-${i}` : undefined}
                  borderColor={rowError ? 'border.error' : undefined}
                  onChange={(e) => setRow(i, { to: e.target.value })}
                />
                {disabled ? null : canRemoveRow(i) ? (
                  <IconButton size="sm" variant="ghost" aria-label={t('courses.removeTimeN', { n: i + 1 })} disabled={disabled} onClick={() => onChange(removeScheduleRow(form, i))}>
                    <CourseIcon name="trash" />
                  </IconButton>
                ) : (
                  <Box w="9" flexShrink={0} aria-hidden="true" />
                )}
              </HStack>
              {rowError && (
                <Text id={`${id}-error-${i}`} role="alert" color="fg.error" fontSize="sm">
                  {errorText(rowError)}
                </Text>
              )}
            </Stack>
          );
        })}
        {!disabled && (
          <Button size="sm" variant="ghost" colorPalette="brand" alignSelf="start" onClick={() => onChange(addScheduleRow(form))}>
            <CourseIcon name="plus" /> {t('courses.addTime')}
          </Button>
        )}
      </Stack>
    </Field.Root>
  );
}
