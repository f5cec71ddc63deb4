/**
 * Formatting shared by every screen (shell spec section 9), in the current language
 * (src/lib/i18n): money in dollars, dates, 12-hour times in a given timezone, and relative times
 * ("3 days ago", "2 hours left").
 *
 * English keeps the spec's exact shapes: `$1,234.50`, `2026-11-22`, `2:05 PM`, `3 days ago`.
 * Arabic uses `Intl` with `ar-EG`: Arabic month and day names, ص/م for AM/PM, the dollar sign where
 * the locale puts it (after the amount), relative times by `Intl.RelativeTimeFormat` ("قبل 3 أيام", "خلال يومين").
 *
 * Digits: Western (0-9) in Arabic too (`-u-nu-latn`). What a user types (phone numbers, codes,
 * amounts, class links) and what the browser's own date and time inputs show is in Western digits;
 * mixing them with Arabic-Indic digits on one screen reads worse than either, and Western digits
 * are usual in Egypt's online services and read everywhere from the Gulf to the Maghreb. To change
 * it, drop `-u-nu-latn` from INTL_LOCALES in src/lib/i18n: every number goes through there.
 *
 * Components that format must re-render on a switch: call `useI18n()` (or `useLocale()`) in them.
 */
import { INTL_LOCALES, getLocale, type Locale } from './i18n/index.ts';

/** The `Intl` locale of a language (INTL_LOCALES in src/lib/i18n). */
export const intlLocale = (l: Locale = getLocale()): string => INTL_LOCALES[l];

/** The week starts on Saturday (the spec), in every language: 0 = Sunday … 6 = Saturday. */
export const WEEK_START = 6;

/** The days of a week in the order the product shows them, from WEEK_START (0 = Sunday … 6 = Saturday). */
export const WEEK_DAYS: readonly number[] = Array.from({ length: 7 }, (_, i) => (WEEK_START + i) % 7);

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/**
 * Built on first use, not when this module loads: the first `Intl.NumberFormat` of a page costs
 * about 50 ms on a phone's CPU (profile of /login at ×4, 1 December), and the sign-in page formats
 * no money.
 */
const enMoney = () => cached('money:en', () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * `$1,234.50`; negative amounts as `-$12.00`. Arabic: the locale's own placing of the sign, after
 * the amount (`45.00 $`).
 */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  const safe = Number.isFinite(n) ? n : 0;
  if (getLocale() !== 'en') {
    // Built here rather than by `style: 'currency'`: ICU words the dollar `US$` in Arabic, which
    // beside Arabic text reads as `$US`. The left-to-right mark keeps a minus with its number.
    const text = formatNumber(Math.abs(safe), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${safe < 0 && Math.abs(safe) >= 0.005 ? '\u200e-' : ''}${text}\u00a0$`;
  }
  const text = enMoney().format(Math.abs(safe));
  return safe < 0 && text !== '0.00' ? `-$${text}` : `$${text}`;
}

/** A number in the current language (grouping as the locale does). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const key = `num:${intlLocale()}:${JSON.stringify(options ?? {})}`;
  return cached(key, () => new Intl.NumberFormat(intlLocale(), options)).format(value);
}

type DateInput = Date | string | number;
const toDate = (d: DateInput) => (d instanceof Date ? d : new Date(typeof d === 'number' && d < 1e11 ? d * 1000 : d));

function parts(d: DateInput, timeZone?: string) {
  const f = cached(
    `parts:${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true }),
  ) as Intl.DateTimeFormat;
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(toDate(d))) out[p.type] = p.value;
  return out;
}

const arFormat = (kind: string, options: Intl.DateTimeFormatOptions, timeZone?: string) =>
  cached(`${kind}:${intlLocale()}:${timeZone ?? ''}`, () => new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone })) as Intl.DateTimeFormat;

/** `2026-11-22` in the given timezone (the device's when omitted). Numbers under 1e11 are Unix seconds. */
export function formatDate(d: DateInput, timeZone?: string): string {
  if (getLocale() !== 'en') return arFormat('date', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).format(toDate(d));
  const p = parts(d, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `Sunday, November 22, 2026` / `الأحد، 22 نوفمبر 2026`: a date with its day and month names. */
export function formatLongDate(d: DateInput, timeZone?: string): string {
  return arFormat('long', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, timeZone).format(toDate(d));
}

/** `2:05 PM` in the given timezone. */
export function formatTime(d: DateInput, timeZone?: string): string {
  if (getLocale() !== 'en') return arFormat('time', { hour: 'numeric', minute: '2-digit', hour12: true }, timeZone).format(toDate(d));
  const p = parts(d, timeZone);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}

/** `2026-11-22 2:05 PM` in the given timezone. */
export function formatDateTime(d: DateInput, timeZone?: string): string {
  return `${formatDate(d, timeZone)} ${formatTime(d, timeZone)}`;
}

/** A wall-clock `HH:mm` (24 h, as the server sends `start`/`end`) as `h:mm AM`. */
export function formatClock(hhmm: string): string {
  const [h = '0', m = '00'] = hhmm.split(':');
  const hour = Number(h);
  const minute = m.padStart(2, '0').slice(0, 2);
  if (getLocale() !== 'en') return formatTime(Date.UTC(2000, 0, 1, hour, Number(minute)), 'UTC');
  const period = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${period}`;
}

const UNITS: [name: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const NOW: Readonly<Record<Locale, string>> = { en: 'now', ar: 'الآن' };

/**
 * Relative time with the spec's units (a year is 365 days, a month 30 days, down to minutes;
 * under a minute is "now"), followed by "ago" for the past and "left" for the future (Arabic:
 * `Intl.RelativeTimeFormat`, "قبل …" and "خلال …").
 */
export function formatRelative(d: DateInput, now: number = Date.now()): string {
  const diff = Math.round((toDate(d).getTime() - now) / 1000);
  const abs = Math.abs(diff);
  const locale = getLocale();
  for (const [name, secs] of UNITS) {
    if (abs >= secs) {
      const n = Math.floor(abs / secs);
      if (locale !== 'en') {
        const f = cached(`rel:${intlLocale()}`, () => new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'always' })) as Intl.RelativeTimeFormat;
        return f.format(diff < 0 ? -n : n, name);
      }
      return `${n} ${name}${n === 1 ? '' : 's'} ${diff < 0 ? 'ago' : 'left'}`;
    }
  }
  return NOW[locale];
}

/** A week day's name (0 = Sunday … 6 = Saturday) in the language on view: "Saturday", "السبت". */
export function formatWeekday(day: number, width: 'long' | 'short' = 'long'): string {
  const f = cached(`weekday:${width}:${intlLocale()}`, () => new Intl.DateTimeFormat(intlLocale(), { weekday: width, timeZone: 'UTC' }));
  // 2 January 2000 was a Sunday.
  return f.format(Date.UTC(2000, 0, 2 + day));
}

/** A calendar date (`YYYY-MM-DD`, no zone) as its month and year: "November 2026", "نوفمبر 2026". */
export function formatMonthYear(date: string): string {
  return arFormat('month-year', { year: 'numeric', month: 'long' }, 'UTC').format(plainDateMs(date));
}

/** A calendar date (`YYYY-MM-DD`) with its day's name: "Saturday, November 28", "السبت، 28 نوفمبر". */
export function formatDayDate(date: string): string {
  return arFormat('day-date', { weekday: 'long', month: 'long', day: 'numeric' }, 'UTC').format(plainDateMs(date));
}

/** Its day of the month in the language's digits: "28". */
export function formatDayOfMonth(date: string): string {
  return arFormat('day-of-month', { day: 'numeric' }, 'UTC').format(plainDateMs(date));
}

/** A `YYYY-MM-DD` as the instant of its midnight in UTC: formatted in UTC, it is that date everywhere. */
const plainDateMs = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** Two calendar dates (`YYYY-MM-DD`, the second included) as a range: "Nov 28 – Dec 4, 2026". */
export function formatDateRange(from: string, to: string): string {
  return arFormat('date-range', { year: 'numeric', month: 'short', day: 'numeric' }, 'UTC').formatRange(plainDateMs(from), plainDateMs(to));
}
