import { Field, Grid, IconButton, Input, NativeSelect, Text } from '@chakra-ui/react';
import { AppIcon } from '../../components/ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { DAYS, canRemove, fromEnabled, toEnabled, type HoursRow } from './rules.ts';

/** One working-hours entry: day, from and to; the later fields unlock as the earlier ones are set. */
export function HoursRowFields({ row, index, onChange, onRemove, problem }: {
  row: HoursRow;
  index: number;
  onChange: (row: HoursRow) => void;
  onRemove: () => void;
  /** What is wrong with this row (it ends before it starts, it overlaps another entry), shown under it. */
  problem?: string | null;
}) {
  const { t } = useI18n();
  const n = index + 1;
  const errorId = `hours-row-error-${row.key}`;
  return (
    <Grid
      role="group"
      aria-label={t('schedule.entryN', { n: String(n) })}
      gap="3"
      alignItems="end"
      templateColumns={{ base: '1fr 1fr auto', md: '2fr 1fr 1fr auto' }}
      templateAreas={{ base: problem ? '"day day rm" "from to to" "err err err"' : '"day day rm" "from to to"', md: problem ? '"day from to rm" "err err err err"' : '"day from to rm"' }}
      pb={{ base: '4', md: '0' }}
      borderBottomWidth={{ base: '1px', md: '0' }}
    >
      <Field.Root gridArea="day">
        <Field.Label>{t('schedule.day')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={t('schedule.dayN', { n: String(n) })}
            value={row.day === null ? '' : String(row.day)}
            onChange={(e) => onChange({ ...row, day: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">{t('schedule.chooseDay')}</option>
            {DAYS.map((d) => <option key={d.value} value={d.value}>{d.label}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root gridArea="from" disabled={!fromEnabled(row)}>
        <Field.Label>{t('schedule.from')}</Field.Label>
        <Input
          type="time"
          aria-label={t('schedule.fromN', { n: String(n) })}
          value={row.start_time}
          onChange={(e) => onChange({ ...row, start_time: e.target.value, end_time: e.target.value ? row.end_time : '' })}
        />
      </Field.Root>
      <Field.Root gridArea="to" disabled={!toEnabled(row)} invalid={!!problem}>
        <Field.Label>{t('schedule.to')}</Field.Label>
        <Input
          type="time"
          aria-label={t('schedule.toN', { n: String(n) })}
          data-hours-to={n}
          value={row.end_time}
          min={row.start_time || undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onChange({ ...row, end_time: e.target.value })}
        />
      </Field.Root>
      {problem && (
        <Text gridArea="err" id={errorId} role="alert" color="fg.error" fontSize="sm" mt="-1">
          {problem}
        </Text>
      )}
      <IconButton
        aria-label={t('schedule.removeN', { n: String(n) })}
        variant="ghost"
        colorPalette="red"
        gridArea="rm"
        onClick={onRemove}
        visibility={canRemove(index) ? 'visible' : 'hidden'}
        disabled={!canRemove(index)}
      >
        <AppIcon name="close" />
      </IconButton>
    </Grid>
  );
}
