import { Temporal } from '../../lib/temporal.ts';
import type { Temporal as T } from 'temporal-polyfill';
import { safeZone } from '../classes/index.ts';
import { t } from '../../lib/i18n/index.ts';
import { formatDate } from '../../lib/format.ts';

/**
 * Weeks in which the time difference between the viewer and another party changes (one of them
 * enters or leaves daylight-saving time while the other does not). A class booked for 17:00 in
 * one zone then lands an hour earlier or later in the other, so the calendar marks those weeks.
 */
export interface OffsetChange {
  /** Who the difference is with (a student's name, or "your teacher"). */
  label: string;
  timeZone: string;
  /** Other minus viewer, in minutes, at the start of the week and at the start of the next one. */
  before: number;
  after: number;
}

const offsetAt = (tz: string, date: T.PlainDate, viewerTz: string) =>
  Math.round(date.toZonedDateTime({ timeZone: viewerTz }).withTimeZone(tz).offsetNanoseconds / 60e9);

/** The difference (other − viewer) in minutes at midnight of `date` in the viewer's zone. */
export function differenceAt(viewerTz: string, otherTz: string, date: string): number {
  const d = Temporal.PlainDate.from(date);
  const v = safeZone(viewerTz);
  return offsetAt(safeZone(otherTz), d, v) - offsetAt(v, d, v);
}

/**
 * For each week start (`YYYY-MM-DD`, midnight in the viewer's zone) the parties whose difference
 * with the viewer is not the same at this week's start and the next week's start.
 */
export function offsetChangesByWeek(
  weekStarts: string[],
  viewerTz: string,
  others: { label: string; timeZone: string }[],
): Map<string, OffsetChange[]> {
  const out = new Map<string, OffsetChange[]>();
  const seen = new Set<string>();
  const unique = others.filter((o) => {
    const key = `${o.label}\u0000${o.timeZone}`;
    if (!o.timeZone || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // The differences depend on the zone alone: worked out once per zone and week, not per party (a
  // teacher's month has a hundred students in a handful of zones; per party it was 70 ms of each
  // month shown at the benchmark's scale).
  const zones = [...new Set(unique.map((o) => o.timeZone))];
  const differences = (date: string) => new Map(zones.map((z) => [z, differenceAt(viewerTz, z, date)]));
  for (const start of weekStarts) {
    const before = differences(start);
    const after = differences(Temporal.PlainDate.from(start).add({ days: 7 }).toString());
    const changes: OffsetChange[] = [];
    for (const o of unique) {
      const b = before.get(o.timeZone)!;
      const a = after.get(o.timeZone)!;
      if (b !== a) changes.push({ label: o.label, timeZone: o.timeZone, before: b, after: a });
    }
    if (changes.length) out.set(start, changes);
  }
  return out;
}

/** `+2h`, `-1h 30m`, `same time` for a difference in minutes. */
export function describeDifference(minutes: number): string {
  if (minutes === 0) return t('calendar.sameTime');
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  if (h && m) return t('calendar.diffHoursMinutes', { sign, h, m });
  return h ? t('calendar.diffHours', { sign, h }) : t('calendar.diffMinutes', { sign, m });
}

/** The tooltip of a marked week. */
export function describeChange(c: OffsetChange): string {
  return t('calendar.changeTooltip', { name: c.label, before: describeDifference(c.before), after: describeDifference(c.after) });
}

/** One line per marked week: "Week of 2026-10-31: Sam -7h → -6h, Lee same time → +1h". */
export function describeWeek(weekStart: string, changes: OffsetChange[]): string {
  const list = changes.map((c) => t('calendar.weekChange', { name: c.label, before: describeDifference(c.before), after: describeDifference(c.after) }));
  return t('calendar.weekOf', { date: formatDate(`${weekStart}T00:00:00Z`, 'UTC'), changes: list.join(t('calendar.listSeparator')) });
}

/** Saturday on or before `date` (weeks start on Saturday). */
export function weekStartOf(date: string): string {
  const d = Temporal.PlainDate.from(date);
  return d.subtract({ days: (d.dayOfWeek + 1) % 7 }).toString(); // dayOfWeek: Monday 1 .. Sunday 7, Saturday 6
}

/** Every week start from the week containing `from` up to (not including) `to`. */
export function weekStartsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let d = Temporal.PlainDate.from(weekStartOf(from));
  const end = Temporal.PlainDate.from(to);
  while (Temporal.PlainDate.compare(d, end) < 0) {
    out.push(d.toString());
    d = d.add({ days: 7 });
  }
  return out;
}
