import type { Class } from '../../../db/entities.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { safeZone } from './time.ts';

/**
 * A class's date and 12-hour start and end in the viewer's timezone, computed from the instants
 * (not the server's wall-clock fields, which were right for the zone the user had when fetched).
 */
export function classWhen(k: Pick<Class, 'start_datetime' | 'end_datetime'>, timeZone: string) {
  const tz = safeZone(timeZone);
  return {
    date: formatDate(k.start_datetime, tz),
    start: formatTime(k.start_datetime, tz),
    end: formatTime(k.end_datetime, tz),
  };
}
