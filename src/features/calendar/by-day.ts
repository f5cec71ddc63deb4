import type { Class } from '../../../db/entities.ts';
import { todayIn } from '../classes/index.ts';

/** A quarter of an hour: every timezone's offset is a multiple of it, so each of its instants has one local date. */
const QUARTER_MS = 15 * 60_000;

/**
 * The classes by the day they start on in `timeZone` (YYYY-MM-DD), each day's in order of start.
 * A teacher's busiest month holds about a thousand classes: the local date is worked out once per
 * quarter of an hour they start in, not once per class.
 */
export function classesByDay(classes: readonly Class[], timeZone: string): Map<string, Class[]> {
  const days = new Map<string, Class[]>();
  const dayOfQuarter = new Map<number, string>();
  const sorted = classes.map((k) => ({ k, ms: Date.parse(k.start_datetime) })).sort((a, b) => a.ms - b.ms);
  for (const { k, ms } of sorted) {
    // A start that is no instant has no day to be shown on.
    if (Number.isNaN(ms)) continue;
    const quarter = Math.floor(ms / QUARTER_MS);
    let day = dayOfQuarter.get(quarter);
    if (day === undefined) dayOfQuarter.set(quarter, (day = todayIn(timeZone, ms)));
    const list = days.get(day);
    if (list) list.push(k);
    else days.set(day, [k]);
  }
  return days;
}
