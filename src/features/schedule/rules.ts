import type { ScheduleRow } from '../../../db/entities.ts';
import { t } from '../../lib/i18n/index.ts';
import { WEEK_DAYS, formatWeekday } from '../../lib/format.ts';

/**
 * Working-hours form rules (shell spec sections 2.10 and 5). A row's day is null until chosen;
 * Sunday is 0 and counts as chosen, which is why every test is against null, never falsy.
 */
export interface HoursRow {
  key: string;
  day: number | null;
  start_time: string;
  end_time: string;
}

export const INITIAL_ROWS = 3;

/** Day list order of the picker: Saturday first. Values are 0 Sunday .. 6 Saturday; labels in the current language (read when shown). */
export const DAYS: readonly { readonly value: number; readonly label: string }[] = WEEK_DAYS.map((value) => ({
  value,
  get label() {
    return formatWeekday(value);
  },
}));

let seq = 0;
export const emptyRow = (): HoursRow => ({ key: `row-${++seq}`, day: null, start_time: '', end_time: '' });

/** Saturday first (the week's order everywhere), then by start time. */
export function byWeekOrder<T extends Pick<ScheduleRow, 'day' | 'start_time'>>(rows: readonly T[]): T[] {
  const at = (day: number) => WEEK_DAYS.indexOf(day);
  return [...rows].sort((a, b) => at(a.day) - at(b.day) || (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0));
}

/** The form's rows from the saved schedule: the saved rows in the week's order (Saturday first), padded with empty ones up to three. */
export function rowsFromSchedule(saved: Pick<ScheduleRow, 'day' | 'start_time' | 'end_time'>[]): HoursRow[] {
  const rows: HoursRow[] = byWeekOrder(saved).map((r) => ({ ...emptyRow(), day: r.day, start_time: r.start_time, end_time: r.end_time }));
  while (rows.length < INITIAL_ROWS) rows.push(emptyRow());
  return rows;
}

export const fromEnabled = (r: HoursRow) => r.day !== null;
export const toEnabled = (r: HoursRow) => fromEnabled(r) && r.start_time !== '';
export const isComplete = (r: HoursRow) => r.day !== null && r.start_time !== '' && r.end_time !== '';
/** Only the first row stays. */
export const canRemove = (index: number) => index > 0;

/** Save is possible while not saving and when at least one row has both times. */
export const canSave = (rows: HoursRow[], saving: boolean) => !saving && rows.some(isComplete);

/** What is sent: only the rows with a day and both times. */
export function payloadOf(rows: HoursRow[]): { day: number; start_time: string; end_time: string }[] {
  return rows.filter(isComplete).map((r) => ({ day: r.day as number, start_time: r.start_time, end_time: r.end_time }));
}


/**
 * Row messages (issue 16 item 6) in the current language; the first is the reference server's own
 * wording of the rule.
 */
export const ROW_MESSAGES = {
  get endBeforeStart() {
    return t('schedule.endBeforeStart');
  },
  overlaps: (day: string, from: string, to: string) => t('schedule.overlaps', { day, from, to }),
};

const dayLabel = (day: number) => DAYS.find((d) => d.value === day)?.label ?? t('schedule.otherDay', { day: String(day) });

/**
 * What is wrong with each row, by the row's index (null when nothing): a complete row that ends at
 * or before its start, or that overlaps an earlier complete row of the same day, named by its day and
 * times (the rows carry no visible number); touching ends (09–10
 * and 10–11, do not overlap). Only complete rows are judged: a row being filled in says nothing yet.
 */
export function rowProblems(rows: readonly HoursRow[]): (string | null)[] {
  return rows.map((r, i) => {
    if (!isComplete(r)) return null;
    if (r.end_time <= r.start_time) return ROW_MESSAGES.endBeforeStart;
    for (let j = 0; j < i; j++) {
      const o = rows[j]!;
      if (!isComplete(o) || o.day !== r.day || o.end_time <= o.start_time) continue;
      if (r.start_time < o.end_time && o.start_time < r.end_time) return ROW_MESSAGES.overlaps(dayLabel(r.day as number), o.start_time, o.end_time);
    }
    return null;
  });
}

/** The first row that must be fixed before saving, or -1. */
export const firstProblemRow = (rows: readonly HoursRow[]) => rowProblems(rows).findIndex((p) => p !== null);
