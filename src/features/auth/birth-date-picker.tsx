import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { EARLIEST_BIRTH_DATE, latestBirthDate } from './registration.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { intlLocale } from '../../lib/format.ts';

/** The twelve month names in the language on view. */
const monthNames = (locale: string) => {
  const f = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => f.format(Date.UTC(2000, i, 1)));
};
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Date of birth, year first (then month, then day), bounded to 1945-01-01 … three years ago.
 * Month and day stay disabled until a year is picked; the value is YYYY-MM-DD once complete.
 */
export function BirthDatePicker({ value, onChange, invalid, error }: { value: string; onChange: (v: string) => void; invalid?: boolean; error?: string }) {
  const { t, tMessage, locale } = useI18n();
  const months = monthNames(intlLocale(locale));
  const latest = latestBirthDate();
  const [ly, lm, ld] = latest.split('-').map(Number) as [number, number, number];
  const minYear = Number(EARLIEST_BIRTH_DATE.slice(0, 4));
  const [y = '', m = '', d = ''] = value ? value.split('-') : [];
  const year = Number(y) || 0;
  const month = Number(m) || 0;
  const years = Array.from({ length: ly - minYear + 1 }, (_, i) => ly - i);
  const maxMonth = year === ly ? lm : 12;
  const daysIn = year && month ? new Date(year, month, 0).getDate() : 31;
  const maxDay = year === ly && month === lm ? Math.min(ld, daysIn) : daysIn;

  const set = (ny: string, nm: string, nd: string) => {
    // Keep the parts the user picked even while incomplete; clamp month/day into the new bounds.
    const yy = Number(ny);
    let mm = Number(nm);
    let dd = Number(nd);
    if (yy === ly && mm > lm) mm = 0;
    const dim = yy && mm ? new Date(yy, mm, 0).getDate() : 31;
    const cap = yy === ly && mm === lm ? Math.min(ld, dim) : dim;
    if (dd > cap) dd = 0;
    onChange(`${ny}-${mm ? pad(mm) : ''}-${dd ? pad(dd) : ''}`.replace(/^-+$/, ''));
  };

  return (
    <Field.Root required invalid={invalid}>
      <Field.Label id="dob-label">{t('auth.dateOfBirth')}</Field.Label>
      <HStack w="full" role="group" aria-labelledby="dob-label">
        <NativeSelect.Root flex="1.2">
          <NativeSelect.Field aria-label={t('auth.yearOfBirth')} value={y} onChange={(e) => set(e.currentTarget.value, m, d)}>
            <option value="">{t('auth.year')}</option>
            {years.map((yy) => (
              <option key={yy} value={yy}>
                {yy}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root flex="1.5" disabled={!y}>
          <NativeSelect.Field aria-label={t('auth.monthOfBirth')} value={m} onChange={(e) => set(y, e.currentTarget.value, d)}>
            <option value="">{t('auth.month')}</option>
            {months.slice(0, maxMonth).map((name, i) => (
              <option key={name} value={pad(i + 1)}>
                {name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root flex="1" disabled={!y || !m}>
          <NativeSelect.Field aria-label={t('auth.dayOfBirth')} value={d} onChange={(e) => set(y, m, e.currentTarget.value)}>
            <option value="">{t('auth.day')}</option>
            {Array.from({ length: maxDay }, (_, i) => (
              <option key={i} value={pad(i + 1)}>
                {i + 1}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Field.ErrorText>{error && tMessage(error)}</Field.ErrorText>
    </Field.Root>
  );
}
