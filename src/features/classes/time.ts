import { Temporal } from '../../lib/temporal.ts';
import type { Temporal as T } from 'temporal-polyfill';
import { safeZone } from '../../../db/derive.ts';

/**
 * Wall-clock helpers in the signed-in user's IANA timezone (`user.timezone`). The server sends
 * instants as ISO UTC strings and wall-clock fields already in the user's zone; every date or
 * time computed on the client goes through these so daylight-saving changes are handled by
 * Temporal's rules, never by the device's own zone.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

const pad = (n: number) => String(n).padStart(2, '0');

export function zonedNow(tz: string, now: number = Date.now()): T.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(safeZone(tz));
}

/** `YYYY-MM-DD` of `now` in the timezone. */
export function todayIn(tz: string, now: number = Date.now()): string {
  return zonedNow(tz, now).toPlainDate().toString();
}

/** `HH:mm` of `now` in the timezone. */
export function clockIn(tz: string, now: number = Date.now()): string {
  const z = zonedNow(tz, now);
  return `${pad(z.hour)}:${pad(z.minute)}`;
}

/** `YYYY-MM-DD` plus whole calendar days. */
export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** A timezone the runtime knows (one definition, shared with the worker's reading of replies). */
export { safeZone };

/** `YYYY-MM` of the month an instant falls in, in the timezone. */
export function monthOf(ms: number, tz: string): string {
  const z = zonedNow(tz, ms);
  return `${z.year}-${pad(z.month)}`;
}

