import { Temporal } from '../../lib/temporal.ts';
import type { Temporal as T } from 'temporal-polyfill';
import type { Course, Enrollment } from '../../../db/entities.ts';
import type { EnrollmentForm } from '../../../db/engine-api.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { t, tMessage, type MessageId } from '../../lib/i18n/index.ts';
import { WEEK_DAYS as WEEK_ORDER } from '../../lib/format.ts';

/**
 * The enrolment form's rules (second spec, sections 4, 5 and 9) as pure functions. They follow the
 * reference server's reading (server/lib/enrollments.ts) so the form never offers what the server
 * then refuses; the server still checks everything and its 422 wins.
 */

export interface ScheduleRowState {
  day: number | null;
  from: string;
  to: string;
}

/** What the form holds while the user edits it; blanks are `null` / `''`. */
export interface EnrollmentFormState {
  class_duration: number | null;
  weekly_classes: number | null;
  /** `YYYY-MM-DD` in the user's timezone, or ''. */
  start_day: string;
  comment: string;
  preferred_days: number[];
  schedule: ScheduleRowState[];
}

export type FormField = 'class_duration' | 'weekly_classes' | 'start_day' | 'preferred_days' | 'schedule' | 'comment';
export interface FormError {
  field: FormField;
  message: string;
  /** For a schedule rule about one row: the row's index in the form's rows. */
  row?: number;
}

/** Rules the spec states without wording; the server's messages are used for them. */
export const RULE_MESSAGES = {
  weeklyOne: 'One class per week is available only for classes of 60 minutes or more.',
  startTomorrow: 'The start day must be tomorrow or later.',
  startPreferred: 'The start day must be one of the preferred days.',
  startInvalid: 'The start day must be a valid date.',
  scheduleEndsBeforeStart: 'The end time must be after the start time.',
} as const;

/** The catalogue id of each rule's message (src/lib/i18n/en/courses.ts holds the same English). */
const RULE_MESSAGE_IDS: Readonly<Record<string, MessageId>> = {
  [RULE_MESSAGES.weeklyOne]: 'courses.ruleWeeklyOne',
  [RULE_MESSAGES.startTomorrow]: 'courses.ruleStartTomorrow',
  [RULE_MESSAGES.startPreferred]: 'courses.ruleStartPreferred',
  [RULE_MESSAGES.startInvalid]: 'courses.ruleStartInvalid',
  [RULE_MESSAGES.scheduleEndsBeforeStart]: 'courses.ruleEndsBeforeStart',
};

/** A form error's message in the current language: a rule's own, a db/messages.ts one, else as it is. */
export function errorText(message: string): string {
  const id = RULE_MESSAGE_IDS[message];
  return id ? t(id) : tMessage(message);
}

export const BLANK_ROWS = 3;
export const MIN_WEEKLY = 1;
export const MAX_WEEKLY = 6;
/** One class a week only for classes this long or longer. */
export const ONE_WEEKLY_MIN_DURATION = 60;
/** The spec advertises two free trial classes for a new enrolment. */
export const FREE_TRIAL_CLASSES = 2;
/** Week days in the order the product shows them (from Saturday); 0 is Sunday. Named by `formatWeekday`. */
export const WEEK_DAYS: readonly { value: number }[] = WEEK_ORDER.map((value) => ({ value }));

// ---------------------------------------------------------------------------------------------
// Prices

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The hourly price that applies: the enrolment's own overrides the course's. */
export function hourlyPriceOf(course: Pick<Course, 'hourly_price'>, enrollment?: Pick<Enrollment, 'hourly_price'> | null): number {
  return enrollment?.hourly_price ?? course.hourly_price;
}

/** Price of one class = hourly price × duration / 60; null until a duration is chosen. */
export function classPrice(hourlyPrice: number, durationMinutes: number | null): number | null {
  if (!durationMinutes) return null;
  return round2((hourlyPrice * durationMinutes) / 60);
}

/** Weekly price = class price × classes per week; null until both are known. */
export function weeklyPrice(perClass: number | null, weeklyClasses: number | null): number | null {
  if (perClass == null || !weeklyClasses) return null;
  return round2(perClass * weeklyClasses);
}

// ---------------------------------------------------------------------------------------------
// Choices

/** Classes per week on offer: 2 to 6, and 1 too for classes of 60 minutes or more. */
export function weeklyOptions(durationMinutes: number | null): number[] {
  const from = durationMinutes != null && durationMinutes >= ONE_WEEKLY_MIN_DURATION ? MIN_WEEKLY : 2;
  return Array.from({ length: MAX_WEEKLY - from + 1 }, (_, i) => from + i);
}

/** Changing the duration drops a classes-per-week choice it no longer allows. */
export function withDuration(state: EnrollmentFormState, duration: number | null): EnrollmentFormState {
  const weekly = state.weekly_classes != null && weeklyOptions(duration).includes(state.weekly_classes) ? state.weekly_classes : null;
  return { ...state, class_duration: duration, weekly_classes: weekly };
}

/** `YYYY-MM-DD` of tomorrow in the user's timezone (the earliest start day). */
export function tomorrowIn(timezone: string, now: number = Date.now()): string {
  let zone = timezone;
  try {
    Temporal.Now.zonedDateTimeISO(zone);
  } catch {
    zone = 'UTC';
  }
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate().add({ days: 1 }).toString();
}

/** Day of week of a `YYYY-MM-DD` date, 0 is Sunday; null when not a date. */
export function weekdayOf(date: string): number | null {
  const d = plainDate(date);
  return d ? d.dayOfWeek % 7 : null;
}

function plainDate(v: string): T.PlainDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  try {
    return Temporal.PlainDate.from(v, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** A start day the form accepts: tomorrow or later and on one of the preferred week days. */
export function isStartDayAllowed(date: string, preferredDays: readonly number[], timezone: string, now: number = Date.now()): boolean {
  const wd = weekdayOf(date);
  return wd != null && date >= tomorrowIn(timezone, now) && preferredDays.includes(wd);
}

/** The next `count` allowed start days from tomorrow (for a picker of valid dates). */
export function nextStartDays(preferredDays: readonly number[], timezone: string, now: number = Date.now(), count = 8): string[] {
  if (!preferredDays.length) return [];
  const out: string[] = [];
  let d = Temporal.PlainDate.from(tomorrowIn(timezone, now));
  while (out.length < count) {
    if (preferredDays.includes(d.dayOfWeek % 7)) out.push(d.toString());
    d = d.add({ days: 1 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Form state

export const blankRow = (): ScheduleRowState => ({ day: null, from: '', to: '' });

export function emptyForm(): EnrollmentFormState {
  return {
    class_duration: null,
    weekly_classes: null,
    start_day: '',
    comment: '',
    preferred_days: [],
    schedule: Array.from({ length: BLANK_ROWS }, blankRow),
  };
}

/** The stored enrolment as form state (its schedule as stored; three blank rows when it has none). */
export function formFromEnrollment(e: Pick<Enrollment, 'class_duration' | 'weekly_classes' | 'start_day' | 'comment' | 'preferred_days' | 'schedule'>): EnrollmentFormState {
  return {
    class_duration: e.class_duration,
    weekly_classes: e.weekly_classes,
    start_day: e.start_day,
    comment: e.comment ?? '',
    preferred_days: [...e.preferred_days],
    schedule: e.schedule.length ? e.schedule.map((s) => ({ day: s.day, from: s.from, to: s.to })) : emptyForm().schedule,
  };
}

export const addScheduleRow = (s: EnrollmentFormState): EnrollmentFormState => ({ ...s, schedule: [...s.schedule, blankRow()] });

/** Every row except the first can be removed. */
export const canRemoveRow = (index: number) => index > 0;
export function removeScheduleRow(s: EnrollmentFormState, index: number): EnrollmentFormState {
  if (!canRemoveRow(index) || index >= s.schedule.length) return s;
  return { ...s, schedule: s.schedule.filter((_, i) => i !== index) };
}

export function togglePreferredDay(s: EnrollmentFormState, day: number): EnrollmentFormState {
  const has = s.preferred_days.includes(day);
  return { ...s, preferred_days: has ? s.preferred_days.filter((d) => d !== day) : [...s.preferred_days, day] };
}

/**
 * What is wrong with one schedule row, shown on the row as soon as both times are in: a class
 * that ends at or before it starts (issue 16 item 6). Null when nothing is.
 */
export function scheduleRowError(r: ScheduleRowState): string | null {
  return r.from && r.to && r.to <= r.from ? RULE_MESSAGES.scheduleEndsBeforeStart : null;
}

/** Rows with a day chosen are the schedule; blank rows are the form's spare lines. */
export const filledRows = (rows: readonly ScheduleRowState[]) => rows.filter((r): r is ScheduleRowState & { day: number } => r.day != null);

// ---------------------------------------------------------------------------------------------
// Validation

/**
 * Every broken rule, in the form's order (a missing required input first, as the server orders
 * them). The screen shows the first; an empty list means the form may be sent.
 */
export function validateEnrollment(s: EnrollmentFormState, timezone: string, now: number = Date.now()): FormError[] {
  const errors: FormError[] = [];
  const add = (field: FormField, message: string) => errors.push({ field, message });
  const rows = filledRows(s.schedule);

  if (s.class_duration == null) add('class_duration', MESSAGES.requiredInputsEmpty);
  if (s.weekly_classes == null) add('weekly_classes', MESSAGES.requiredInputsEmpty);
  if (!s.start_day) add('start_day', MESSAGES.requiredInputsEmpty);
  if (rows.some((r) => !r.from || !r.to)) add('schedule', MESSAGES.requiredInputsEmpty);

  const weekly = s.weekly_classes;
  if (weekly != null && s.class_duration != null && !weeklyOptions(s.class_duration).includes(weekly)) {
    add('weekly_classes', RULE_MESSAGES.weeklyOne);
  }
  if (s.start_day) {
    const wd = weekdayOf(s.start_day);
    if (wd == null) add('start_day', RULE_MESSAGES.startInvalid);
    else if (s.start_day < tomorrowIn(timezone, now)) add('start_day', RULE_MESSAGES.startTomorrow);
    else if (!s.preferred_days.includes(wd)) add('start_day', RULE_MESSAGES.startPreferred);
  }
  if (weekly != null && s.preferred_days.length < weekly) add('preferred_days', MESSAGES.preferredDaysTooFew);
  if (weekly != null && rows.length < weekly) add('schedule', MESSAGES.scheduleTooFew);
  // A row with a day is sent: one that ends before it starts is refused here, by its index.
  s.schedule.forEach((r, row) => {
    const message = r.day != null ? scheduleRowError(r) : null;
    if (message) errors.push({ field: 'schedule', message, row });
  });
  return errors;
}

export const firstError = (s: EnrollmentFormState, timezone: string, now?: number): FormError | null =>
  validateEnrollment(s, timezone, now)[0] ?? null;

/** The payload of enrol / update: blank rows dropped, comment trimmed. Call after validation. */
export function toPayload(s: EnrollmentFormState): EnrollmentForm {
  return {
    class_duration: s.class_duration ?? 0,
    weekly_classes: s.weekly_classes ?? 0,
    start_day: s.start_day,
    comment: s.comment.trim(),
    preferred_days: [...s.preferred_days].sort((a, b) => a - b),
    schedule: filledRows(s.schedule).map((r) => ({ day: r.day, from: r.from, to: r.to })),
  };
}

/** Whether the form says what the stored enrolment says (Save Changes needs a difference). */
export function sameAsStored(s: EnrollmentFormState, e: Pick<Enrollment, 'class_duration' | 'weekly_classes' | 'start_day' | 'comment' | 'preferred_days' | 'schedule'>): boolean {
  const p = toPayload(s);
  const sorted = (a: readonly number[]) => [...a].sort((x, y) => x - y).join(',');
  const rows = (r: readonly { day: number | null; from: string; to: string }[]) => JSON.stringify(r.map((x) => [x.day, x.from, x.to]));
  return (
    p.class_duration === e.class_duration &&
    p.weekly_classes === e.weekly_classes &&
    p.start_day === e.start_day &&
    p.comment === (e.comment ?? '').trim() &&
    sorted(p.preferred_days) === sorted(e.preferred_days) &&
    rows(p.schedule) === rows(e.schedule.filter((r) => r.day != null))
  );
}
