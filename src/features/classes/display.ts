import type { Class, RescheduleRequest } from '../../../db/entities.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n/index.ts';
import { addDays, safeZone, todayIn } from './time.ts';

/**
 * A class's date and 12-hour start and end in the viewer's timezone, computed from the instants
 * (not the server's wall-clock fields, which were right for the zone the user had when fetched).
 */
export function classWhen(k: Pick<Class, 'start_datetime' | 'end_datetime'>, timeZone: string, now: number = Date.now()) {
  const tz = safeZone(timeZone);
  return {
    date: dayAndDate(k.start_datetime, tz, now),
    start: formatTime(k.start_datetime, tz),
    end: formatTime(k.end_datetime, tz),
  };
}

/** The spec's date, with "Today" or "Tomorrow" before it when it is one of those in `tz`. */
export function dayAndDate(iso: string, tz: string, now: number = Date.now()): string {
  const date = formatDate(iso, tz);
  const today = todayIn(tz, now);
  const day = todayIn(tz, Date.parse(iso));
  if (day === today) return t('classes.today', { date });
  if (day === addDays(today, 1)) return t('classes.tomorrow', { date });
  return date;
}

/**
 * A reschedule request's old or new start in the one format of the app (`2026-11-28 6:00 PM`, not
 * the server's `06:00 PM`) when the request carries the instant; else the server's text.
 */
export function requestStart(r: Pick<RescheduleRequest, 'old_start_formated' | 'start_formated' | 'old_start_datetime' | 'start_datetime'>, which: 'old' | 'new', timeZone: string, now: number = Date.now()): string {
  const iso = which === 'old' ? r.old_start_datetime : r.start_datetime;
  if (!iso || Number.isNaN(Date.parse(iso))) return which === 'old' ? r.old_start_formated : r.start_formated;
  const tz = safeZone(timeZone);
  return `${dayAndDate(iso, tz, now)} ${formatTime(iso, tz)}`;
}
