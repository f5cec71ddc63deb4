import { Temporal } from './temporal.ts';

/**
 * What a reply's rows are read in: fields the spec does not name are derived from the ones it does
 * (db/entities.ts), and some derivations need to know more than the row itself: the signed-in
 * user's timezone (the spec's wall-clock `date`/`start`/`end` are in it) and the conversation a
 * page of messages was fetched from. Parsing is synchronous, so the worker sets this around one
 * `safeParse` (`parseIn`) and the schemas' transforms read it.
 */
export interface DeriveContext {
  /** The signed-in user's IANA timezone (`user.timezone`); UTC when unknown. */
  timezone?: string | null;
  /** The conversation whose messages are being read (`GET/POST /conversations/{id}`, its channel). */
  conversationId?: number | null;
}

/** A list row that did not fit its schema: left out of the reply (db/entities.ts `rowsOf`). */
export interface DroppedRow {
  /** Where the list sits in the reply (`data`, `reschedule_requests`...) and the row's place in it. */
  list: string;
  index: number;
  /** The row's `id` when it has one. */
  id: string | number | null;
  issues: string;
}

let current: DeriveContext & { dropped: DroppedRow[] } = { dropped: [] };

/** Runs a (synchronous) parse with `c` as its derive context; answers the rows its lists left out too. */
export function parseIn<T>(c: DeriveContext, parse: () => T): { result: T; dropped: DroppedRow[] } {
  const before = current;
  current = { ...c, dropped: [] };
  try {
    return { result: parse(), dropped: current.dropped };
  } finally {
    current = before;
  }
}

export const deriveContext = (): DeriveContext => current;

/** Called by a list's parse for a row it leaves out. */
export const dropRow = (row: DroppedRow): void => void current.dropped.push(row);

/** Zod issues as one line: `path: message; ...` (the first five). */
export const issuesText = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');

/** A timezone the runtime knows; an unknown name falls back to UTC rather than throwing (in a parse or a render). */
export function safeZone(tz: string | null | undefined): string {
  if (!tz) return 'UTC';
  try {
    Temporal.Now.zonedDateTimeISO(tz);
    return tz;
  } catch {
    return 'UTC';
  }
}

/** `HH:mm` or `HH:mm:ss` as a wall-clock time; null when it is not one. */
function plainTime(hhmm: string): ReturnType<typeof Temporal.PlainTime.from> | null {
  try {
    return Temporal.PlainTime.from(hhmm.length === 4 ? `0${hhmm}` : hhmm);
  } catch {
    return null;
  }
}

/**
 * A class's end instant and length, from what the spec names (shell spec section 3, Class: `date`,
 * `start`, `end`, `start_datetime`): the wall-clock `end` on the class's day in the user's
 * timezone, the next day when it is not after `start` (a class that ends after midnight). The start
 * instant is the spec's `start_datetime`; without a usable one, `date` + `start` in that zone.
 * Null when the fields cannot be read.
 */
export function classTimes(k: { date: string; start: string; end: string; start_datetime?: string | null }, tz: string | null | undefined): { start_datetime: string; end_datetime: string; duration: number } | null {
  const zone = safeZone(tz);
  const from = plainTime(k.start);
  const to = plainTime(k.end);
  if (!from || !to) return null;
  let day: ReturnType<typeof Temporal.PlainDate.from>;
  try {
    day = Temporal.PlainDate.from(k.date);
  } catch {
    return null;
  }
  let start: ReturnType<typeof Temporal.Instant.from>;
  try {
    start = k.start_datetime ? Temporal.Instant.from(k.start_datetime) : day.toZonedDateTime({ timeZone: zone, plainTime: from }).toInstant();
  } catch {
    start = day.toZonedDateTime({ timeZone: zone, plainTime: from }).toInstant();
  }
  // The end's day: the start's day in the zone (the spec's `date`), the next one past midnight.
  const startDay = start.toZonedDateTimeISO(zone).toPlainDate();
  const endDay = Temporal.PlainTime.compare(to, from) > 0 ? startDay : startDay.add({ days: 1 });
  const end = endDay.toZonedDateTime({ timeZone: zone, plainTime: to }).toInstant();
  const duration = Math.round((end.epochMilliseconds - start.epochMilliseconds) / 60_000);
  return { start_datetime: isoOf(start.epochMilliseconds), end_datetime: isoOf(end.epochMilliseconds), duration };
}

/** The ISO form the reference server writes (`2026-11-22T14:05:00.000Z`): rows sort and compare as strings. */
const isoOf = (ms: number) => new Date(ms).toISOString();
