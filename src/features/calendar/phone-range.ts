import { Temporal } from '../../lib/temporal.ts';
import { WEEK_START } from '../../lib/format.ts';

/** The two views, named as FullCalendar's (the toolbar switches between them on every size). */
export type CalendarViewName = 'dayGridMonth' | 'timeGridWeek';

/** What the calendar shows: as CalendarPage's range from FullCalendar's `datesSet`, for the phone's own views. */
export interface CalendarRange {
  /** First and last-exclusive dates shown (YYYY-MM-DD) in the user's zone, and their instants. */
  from: string;
  to: string;
  startIso: string;
  endIso: string;
  view: CalendarViewName;
  /** Months watched through the engine (YYYY-MM). */
  months: string[];
}

const plain = (d: string) => Temporal.PlainDate.from(d);
/** Days back from `d` to the week's first day (Saturday). Temporal: Monday 1 … Sunday 7. */
const intoWeek = (d: string) => (plain(d).dayOfWeek % 7 - WEEK_START + 7) % 7;
export const weekStartOf = (d: string) => plain(d).subtract({ days: intoWeek(d) }).toString();
export const addDays = (d: string, days: number) => plain(d).add({ days }).toString();
export const addMonths = (d: string, months: number) => plain(d).with({ day: 1 }).add({ months }).toString();

/** Midnight of a date in the zone, as the `toISOString()` the classes' query compares with (FullCalendar's form). */
const midnight = (d: string, timeZone: string) => new Date(plain(d).toZonedDateTime({ timeZone }).epochMilliseconds).toISOString();

/**
 * The phone's range around `anchor`: the month's weeks (Saturday to Friday, whole weeks) watching
 * the month itself, as FullCalendar's month does; or the week from Saturday that holds the anchor,
 * watching the month or two it touches.
 */
export function phoneRange(view: CalendarViewName, anchor: string, timeZone: string): CalendarRange {
  let from: string;
  let to: string;
  let months: string[];
  if (view === 'dayGridMonth') {
    const first = plain(anchor).with({ day: 1 });
    from = weekStartOf(first.toString());
    const after = first.add({ months: 1 }).toString();
    to = addDays(weekStartOf(addDays(after, -1)), 7);
    months = [first.toString().slice(0, 7)];
  } else {
    from = weekStartOf(anchor);
    to = addDays(from, 7);
    months = [...new Set([from.slice(0, 7), addDays(to, -1).slice(0, 7)])];
  }
  return { from, to, startIso: midnight(from, timeZone), endIso: midnight(to, timeZone), view, months };
}

/** The dates from `from` to `to` (exclusive). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) out.push(d);
  return out;
}
