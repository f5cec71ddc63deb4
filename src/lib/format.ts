/**
 * Formatting shared by every screen (shell spec section 9): money in dollars, year-month-day
 * dates with 12-hour times in a given timezone, and relative times ("3 days ago", "2 hours left").
 */

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `$1,234.50`; negative amounts as `-$12.00`. */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  const safe = Number.isFinite(n) ? n : 0;
  const text = money.format(Math.abs(safe));
  return safe < 0 && text !== '0.00' ? `-$${text}` : `$${text}`;
}

type DateInput = Date | string | number;
const toDate = (d: DateInput) => (d instanceof Date ? d : new Date(typeof d === 'number' && d < 1e11 ? d * 1000 : d));

function parts(d: DateInput, timeZone?: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(toDate(d))) out[p.type] = p.value;
  return out;
}

/** `2026-11-22` in the given timezone (the device's when omitted). Numbers under 1e11 are Unix seconds. */
export function formatDate(d: DateInput, timeZone?: string): string {
  const p = parts(d, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `2:05 PM` in the given timezone. */
export function formatTime(d: DateInput, timeZone?: string): string {
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
  const period = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m.padStart(2, '0').slice(0, 2)} ${period}`;
}

const UNITS: [name: string, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Relative time with the spec's units (a year is 365 days, a month 30 days, down to minutes;
 * under a minute is "now"), followed by "ago" for the past and "left" for the future.
 */
export function formatRelative(d: DateInput, now: number = Date.now()): string {
  const diff = Math.round((toDate(d).getTime() - now) / 1000);
  const abs = Math.abs(diff);
  for (const [name, secs] of UNITS) {
    if (abs >= secs) {
      const n = Math.floor(abs / secs);
      return `${n} ${name}${n === 1 ? '' : 's'} ${diff < 0 ? 'ago' : 'left'}`;
    }
  }
  return 'now';
}
