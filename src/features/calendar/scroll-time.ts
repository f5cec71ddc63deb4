import { Temporal } from '../../lib/temporal.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Where the week view opens (FullCalendar's `scrollTime`, `HH:00:00`): an hour before the earliest
 * class it shows, in the user's timezone, or an hour before now when it shows none — not at midnight.
 * A class that runs past midnight is shown on the next day too, from 00:00: when that day is shown
 * (before `viewEnd`, the view's end), the view opens at midnight, or that part of it is above the view.
 */
export function scrollTimeFor(
  classes: readonly { start_datetime: string; end_datetime?: string }[],
  timeZone: string,
  now: number = Date.now(),
  viewEnd?: number,
): string {
  let earliest = Infinity;
  for (const k of classes) {
    let z;
    try {
      z = Temporal.Instant.from(k.start_datetime).toZonedDateTimeISO(timeZone);
    } catch {
      continue; // a start the mirror could not read places nothing
    }
    earliest = Math.min(earliest, z.hour * 60 + z.minute);
    if (k.end_datetime && viewEnd !== undefined) {
      try {
        const nextDay = z.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds;
        if (Temporal.Instant.from(k.end_datetime).epochMilliseconds > nextDay && nextDay < viewEnd) earliest = 0;
      } catch {
        // an end the mirror could not read: the start alone places it
      }
    }
  }
  if (!Number.isFinite(earliest)) {
    const z = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone);
    earliest = z.hour * 60 + z.minute;
  }
  return `${pad(Math.max(0, Math.floor(earliest / 60) - 1))}:00:00`;
}
