import { Temporal } from 'temporal-polyfill';

/** Wall-clock helpers in IANA timezones, right across daylight-saving changes (Temporal does the rules). */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function zoned(ms: number, tz: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of the instant in the timezone. */
export const localDate = (ms: number, tz: string): string => zoned(ms, tz).toPlainDate().toString();
/** `HH:mm` of the instant in the timezone. */
export function localTime(ms: number, tz: string): string {
  const z = zoned(ms, tz);
  return `${pad(z.hour)}:${pad(z.minute)}`;
}
/** `YYYY-MM-DD hh:mm AM` as the spec's `*_formated` fields show times. */
export function formated(ms: number, tz: string): string {
  const z = zoned(ms, tz);
  const h12 = z.hour % 12 === 0 ? 12 : z.hour % 12;
  return `${z.toPlainDate().toString()} ${pad(h12)}:${pad(z.minute)} ${z.hour < 12 ? 'AM' : 'PM'}`;
}

/** The instant of a wall-clock `date` (`YYYY-MM-DD`) and `time` (`HH:mm`) in the timezone; null when malformed. */
export function instantOf(date: string, time: string, tz: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  try {
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    const [h, mi] = time.split(':').map(Number) as [number, number];
    if (h > 23 || mi > 59) return null;
    const z = Temporal.ZonedDateTime.from({ timeZone: tz, year: y, month: mo, day: d, hour: h, minute: mi }, { overflow: 'reject' });
    return z.epochMilliseconds;
  } catch {
    return null;
  }
}

/** Adds whole calendar days in the timezone, keeping the local clock time (a weekly class stays at 17:00 across DST). */
export function addLocalDays(ms: number, days: number, tz: string): number {
  return zoned(ms, tz).add({ days }).epochMilliseconds;
}

/** `YYYY-MM` of an instant in UTC: the month that monthly limits count in. */
export const monthKey = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/** Start (inclusive) and end (exclusive) of the calendar month containing `ms`, in the timezone, offset by `monthsDelta`. */
export function monthRange(ms: number, tz: string, monthsDelta = 0): [number, number] {
  const first = zoned(ms, tz).with({ day: 1 }).startOfDay().add({ months: monthsDelta });
  return [first.epochMilliseconds, first.add({ months: 1 }).epochMilliseconds];
}

export const iso = (ms: number | null | undefined): string | null => (ms == null ? null : new Date(ms).toISOString());

/** Whole years between a `YYYY-MM-DD` birth date and now. */
export function ageOf(dateOfBirth: string | null, now: number): number | null {
  if (!dateOfBirth) return null;
  const b = new Date(`${dateOfBirth}T00:00:00Z`);
  if (Number.isNaN(b.getTime())) return null;
  const n = new Date(now);
  let age = n.getUTCFullYear() - b.getUTCFullYear();
  if (n.getUTCMonth() < b.getUTCMonth() || (n.getUTCMonth() === b.getUTCMonth() && n.getUTCDate() < b.getUTCDate())) age--;
  return age;
}
