import { Checkbox, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Textarea, Wrap } from '@chakra-ui/react';
import type { ClassDurationItem } from './data.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { formatWeekday } from '../../lib/format.ts';
import {
  WEEK_DAYS, togglePreferredDay, tomorrowIn, weeklyOptions, withDuration, type EnrollmentFormState, type FormField,
} from './enrollment-rules.ts';
import { ScheduleRows } from './schedule-rows.tsx';

/**
 * The enrolment form's fields (second spec, section 5). Read-only is a disabled fieldset: the
 * stored enrolment stays visible and the Edit button opens it.
 */
export function EnrollmentForm({ form, onChange, durations, timezone, readOnly, invalid }: {
  form: EnrollmentFormState;
  onChange: (f: EnrollmentFormState) => void;
  durations: readonly ClassDurationItem[];
  timezone: string;
  readOnly: boolean;
  /** Fields to mark invalid (after a submit attempt). */
  invalid: ReadonlySet<FormField>;
}) {
  const { t } = useI18n();
  const set = (patch: Partial<EnrollmentFormState>) => onChange({ ...form, ...patch });
  // Each duration is said by the catalogue from its minutes (plural forms, the user's language);
  // the reply's own text, in whatever language the server wrote it, only when it has no minutes.
  const durationItems = (form.class_duration != null && !durations.some((d) => d.value === form.class_duration)
    ? [...durations, { text: '', value: form.class_duration }]
    : durations).map((d) => ({ value: d.value, text: Number.isFinite(d.value) && d.value > 0 ? t('courses.minutes', { n: d.value }) : d.text }));
  const weekly = weeklyOptions(form.class_duration);
  const weeklyItems = form.weekly_classes != null && !weekly.includes(form.weekly_classes) ? [form.weekly_classes, ...weekly] : weekly;

  return (
    <Fieldset.Root disabled={readOnly}>
      <Fieldset.Legend srOnly>{t('courses.enrollmentForm')}</Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root required invalid={invalid.has('class_duration')}>
              <Field.Label>{t('courses.classDuration')} <Field.RequiredIndicator /></Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={form.class_duration ?? ''}
                  onChange={(e) => onChange(withDuration(form, e.target.value === '' ? null : Number(e.target.value)))}
                >
                  <option value="">{t('courses.selectDuration')}</option>
                  {durationItems.map((d) => <option key={d.value} value={d.value}>{d.text}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root required invalid={invalid.has('weekly_classes')}>
              <Field.Label>{t('courses.classesPerWeek')} <Field.RequiredIndicator /></Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={form.weekly_classes ?? ''}
                  onChange={(e) => set({ weekly_classes: e.target.value === '' ? null : Number(e.target.value) })}
                >
                  <option value="">{t('courses.selectWeekly')}</option>
                  {weeklyItems.map((n) => <option key={n} value={n}>{n}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{t('courses.weeklyHint')}</Field.HelperText>
            </Field.Root>
          </SimpleGrid>

          <Fieldset.Root invalid={invalid.has('preferred_days')} disabled={readOnly}>
            <Fieldset.Legend textStyle="sm" fontWeight="medium">{t('courses.preferredDays')}</Fieldset.Legend>
            <Wrap gap="4" mt="2">
              {WEEK_DAYS.map((d) => (
                <Checkbox.Root
                  key={d.value}
                  checked={form.preferred_days.includes(d.value)}
                  onCheckedChange={() => onChange(togglePreferredDay(form, d.value))}
                  colorPalette="brand"
                  disabled={readOnly}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{formatWeekday(d.value)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          </Fieldset.Root>

          <Field.Root required invalid={invalid.has('start_day')} maxW={{ sm: 'xs' }}>
            <Field.Label>{t('courses.startDay')} <Field.RequiredIndicator /></Field.Label>
            <Input type="date" min={tomorrowIn(timezone)} value={form.start_day} onChange={(e) => set({ start_day: e.target.value })} />
            <Field.HelperText>{t('courses.startDayHint')}</Field.HelperText>
          </Field.Root>

          <ScheduleRows form={form} onChange={onChange} timezone={timezone} invalid={invalid.has('schedule')} disabled={readOnly} />

          <Field.Root>
            <Field.Label>{t('courses.comment')}</Field.Label>
            <Textarea value={form.comment} onChange={(e) => set({ comment: e.target.value })} rows={3} dir="auto" placeholder={t('courses.commentPlaceholder')} />
          </Field.Root>
        </Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
