import { Temporal } from '../../lib/temporal.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Where the week view opens (FullCalendar's `scrollTime`, `HH:00:00`): an hour before the earliest
 * class it shows, in the user's timezone, or an hour before now when it shows none — not at midnight.
 */
export function scrollTimeFor(classes: readonly { start_datetime: string }[], timeZone: string, now: number = Date.now()): string {
  let earliest = Infinity;
  for (const k of classes) {
    let z;
    try {
      z = Temporal.Instant.from(k.start_datetime).toZonedDateTimeISO(timeZone);
    } catch {
      continue; // a start the mirror could not read places nothing
    }
    earliest = Math.min(earliest, z.hour * 60 + z.minute);
  }
  if (!Number.isFinite(earliest)) {
    const z = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone);
    earliest = z.hour * 60 + z.minute;
  }
  return `${pad(Math.max(0, Math.floor(earliest / 60) - 1))}:00:00`;
}
