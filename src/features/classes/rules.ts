import type { Class, RescheduleRequest } from '../../../db/entities.ts';
import { isKnown, PAYMENT_STATUSES } from '../../../db/known-values.ts';
import { statusLabel } from '../../lib/status.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { formatClock } from '../../lib/format.ts';
import { t } from '../../lib/i18n/index.ts';
import { HOUR_MS, MINUTE_MS, addDays, clockIn, todayIn } from './time.ts';

/**
 * The class rules of the shell spec (sections 4, 5 and 9) as pure functions, so every screen
 * decides the same way and the unit tests pin each threshold. Where the spec and the reference
 * server could disagree on a boundary, the server's reading is taken: the UI must never offer an
 * action that the server then refuses.
 */

/** Cancel and reschedule close this long before the start (for students). */
export const CHANGE_LOCK_MS = 30 * MINUTE_MS;
/** The "starts in" countdown shows under this much time left. */
export const COUNTDOWN_MS = 12 * HOUR_MS;
/** Reschedule dates: from tomorrow to this many days ahead. */
export const RESCHEDULE_MAX_DAYS = 7;
/** Delay warning thresholds on the teacher's stats. */
export const DELAY_AVERAGE_MINUTES = 3;
export const DELAY_SHARE_PERCENT = 30;

const ms = (iso: string) => Date.parse(iso);

/** Under 30 minutes before the start (the server locks at 30 minutes or less). */
export function isChangeLocked(startIso: string, now: number = Date.now()): boolean {
  return ms(startIso) - now <= CHANGE_LOCK_MS;
}

/** The countdown shows while the class has not started and less than 12 hours remain. */
export function showCountdown(startIso: string, now: number = Date.now()): boolean {
  const left = ms(startIso) - now;
  return left > 0 && left < COUNTDOWN_MS;
}

/** `2h 05m 09s` of the time left until the start (never negative). */
export function countdownText(startIso: string, now: number = Date.now()): string {
  const left = Math.max(0, Math.floor((ms(startIso) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? t('classes.countdownHms', { h, m: p(m), s: p(s) }) : t('classes.countdownMs', { m, s: p(s) });
}

import type { Role } from '../../../db/roles.ts';
export type { Role };

/** Cancel and reschedule are shown when the class is editable, and for students not in the last 30 minutes. */
export function canChangeClass(k: Pick<Class, 'editable' | 'start_datetime'>, role: Role, now: number = Date.now()): boolean {
  if (!k.editable) return false;
  return role === 'teacher' || !isChangeLocked(k.start_datetime, now);
}

/** The students' info alert "less than 30 minutes left" is due. */
export function showLockAlert(k: Pick<Class, 'editable' | 'start_datetime' | 'status'>, role: Role, now: number = Date.now()): boolean {
  return role === 'student' && k.status === 'scheduled' && isChangeLocked(k.start_datetime, now) && ms(k.start_datetime) > now;
}

/** Mark absent / attended: teacher, can_mark_attended, started, neither attended nor absent. */
export function canMarkAttendance(k: Pick<Class, 'can_mark_attended' | 'status' | 'attended' | 'absent'>, role: Role): boolean {
  return role === 'teacher' && k.can_mark_attended && k.status !== 'scheduled' && !k.attended && !k.absent;
}

/** Why attended cannot be marked yet (a report is needed, the student's credits must cover the class); null when it can. */
export function attendedBlock(k: Pick<Class, 'has_class_report' | 'payment_status'>): 'report' | 'credits' | null {
  if (!k.has_class_report) return 'report';
  if (k.payment_status === 'credits-not-enough') return 'credits';
  return null;
}

// --- Reschedule ----------------------------------------------------------------------------------

/** The reschedule date window in the user's timezone: tomorrow .. 7 days ahead (inclusive). */
export function rescheduleWindow(tz: string, now: number = Date.now()): { min: string; max: string } {
  const today = todayIn(tz, now);
  return { min: addDays(today, 1), max: addDays(today, RESCHEDULE_MAX_DAYS) };
}

export function isRescheduleDateAllowed(date: string, tz: string, now: number = Date.now()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const { min, max } = rescheduleWindow(tz, now);
  return date >= min && date <= max;
}

/** Allowed minutes: the quarters, and 23:59 as the last minute of the day. */
const toMinutes = (t: string) => {
  const [h = 0, m = 0] = t.split(':').map(Number);
  return h * 60 + m;
};
const toClock = (mins: number) => `${String(Math.floor(mins / 60)).padStart(2, '0')}:${String(mins % 60).padStart(2, '0')}`;
const LAST_MINUTE = 23 * 60 + 59;

/**
 * Snaps `HH:mm` to the nearest allowed minute (ties go later): a quarter hour, or 23:59, which
 * stands in for midnight so a late class stays on the chosen day.
 */
export function snapToQuarter(time: string): { time: string; changed: boolean } {
  if (!/^\d{1,2}:\d{2}$/.test(time)) return { time, changed: false };
  const mins = toMinutes(time);
  if (mins === LAST_MINUTE) return { time: '23:59', changed: false };
  const lastQuarter = 23 * 60 + 45;
  const snapped = mins > lastQuarter
    ? (LAST_MINUTE - mins <= mins - lastQuarter ? LAST_MINUTE : lastQuarter)
    : Math.round(mins / 15) * 15;
  const out = toClock(snapped);
  return { time: out, changed: out !== toClock(mins) };
}

/** "{new} used instead of {old}", both in 12-hour form as the picker shows them. */
export function snapMessage(used: string, instead: string): string {
  return t('classes.snapUsed', { used: formatClock(used), instead: formatClock(instead) });
}

/** Reschedule form check: both date and time are required. */
export function rescheduleFormError(date: string, time: string): string | null {
  return date && time ? null : MESSAGES.fillRequired;
}

// --- Makeup class --------------------------------------------------------------------------------

/** The makeup date cannot be before today; for today the time cannot be before now (user's timezone). */
export function makeupError(date: string, time: string, tz: string, now: number = Date.now()): 'date' | 'time' | null {
  const today = todayIn(tz, now);
  if (!date || date < today) return 'date';
  if (date === today && time && time < clockIn(tz, now)) return 'time';
  return null;
}

/** The earliest time the makeup time picker offers for a date (`HH:mm`), or undefined when any time is fine. */
export function makeupMinTime(date: string, tz: string, now: number = Date.now()): string | undefined {
  return date === todayIn(tz, now) ? clockIn(tz, now) : undefined;
}

// --- Teacher stats -------------------------------------------------------------------------------

/** Delay warning: average delay over 3 minutes, or 30 % or more of the classes delayed. */
export function delayWarning(averageMinutes: number, delayedPercent: number): boolean {
  return averageMinutes > DELAY_AVERAGE_MINUTES || delayedPercent >= DELAY_SHARE_PERCENT;
}

// --- Cards and titles ----------------------------------------------------------------------------

export interface Chip {
  label: string;
  color: string;
}

/** The status chips of a class card (section 2.7), in the spec's order. */
export function classChips(k: Class): Chip[] {
  const chips: Chip[] = [];
  if (k.waiting_reschedule_request) chips.push({ label: t('classes.chipRescheduleRequested'), color: 'orange' });
  else if (k.rescheduled) chips.push({ label: t('classes.chipRescheduled'), color: 'cyan' });
  // absent and canceled have chips of their own below.
  const status = shownStatus(k);
  if (status !== 'absent' && status !== 'canceled') {
    chips.push({ label: statusLabel(status), color: FULL_STATUS_COLOR[status] ?? 'gray' });
  }
  if (k.makeup) chips.push({ label: t('classes.chipMakeup'), color: 'teal' });
  // The calendar's hues (calendar/colors.ts): Absent magenta, Canceled slate, Missed red.
  if (k.absent) chips.push({ label: t('classes.chipAbsent'), color: 'pink' });
  if (k.canceled) chips.push({ label: t('classes.chipCanceled'), color: 'gray' });
  // Payment says nothing about a class that did not take place.
  if (k.canceled || k.absent) return chips;
  if (k.payment_status === 'trial') chips.push({ label: t('classes.chipTrial'), color: 'yellow' });
  else if (k.payment_status === 'credits-not-enough' && k.status !== 'expired') chips.push({ label: t('classes.chipRechargeRequired'), color: 'red' });
  else if (k.payment_status === 'paid') chips.push({ label: t('classes.chipPaid'), color: 'green' });
  // "Unknown values show as they are" (shell spec section 4): a payment status the spec does not name, in a neutral colour.
  else if (k.payment_status && !isKnown(PAYMENT_STATUSES, k.payment_status)) chips.push({ label: k.payment_status, color: 'gray' });
  return chips;
}

/**
 * The full status a class shows: an attended class reads "Attended" (`expired`) from the moment it
 * is marked, though the server keeps `running` until its end time.
 */
export function shownStatus(k: Pick<Class, 'full_status' | 'attended' | 'canceled' | 'absent'>): string {
  // Only over a status the spec names: an unknown one shows as it is.
  const known = k.full_status === 'running' || k.full_status === 'scheduled' || k.full_status === 'expired';
  return known && k.attended && !k.canceled && !k.absent ? 'expired' : k.full_status;
}

/** Known full statuses' colours; any other shows its text (statusLabel) in grey. */
const FULL_STATUS_COLOR: Record<string, string> = {
  scheduled: 'blue',
  running: 'purple',
  expired: 'green',
  missed: 'red',
};

/** Card title: the student's name for teachers, else the class name or the course name. */
export function cardTitle(k: Class, role: Role): string {
  if (role === 'teacher') return k.enrollment.student.name;
  return k.name || k.enrollment.course.name;
}

/** Calendar event title: the course name, prefixed by the student's name for teachers. */
export function eventTitle(k: Class, role: Role): string {
  const course = k.enrollment.course.name;
  return role === 'teacher' ? `${k.enrollment.student.name} - ${course}` : course;
}

/** The classes a list shows at `now` (ms), in its order: coming soonest first, history newest first. */
export function selectClassList(all: readonly Class[], kind: 'coming-classes' | 'classes-history', now: number): Class[] {
  const nowIso = new Date(now).toISOString();
  if (kind === 'coming-classes') return all.filter((k) => !k.canceled && k.end_datetime > nowIso);
  return all
    .filter((k) => k.end_datetime <= nowIso)
    .sort((a, b) => (a.start_datetime === b.start_datetime ? b.id - a.id : a.start_datetime < b.start_datetime ? 1 : -1));
}

/**
 * Checks a join URL before it is sent, the way the reference server reads it: an http(s) link with
 * a host name, no spaces. Answers the message for the field, or null when it may be sent.
 */
export function joinUrlError(value: string): string | null {
  const v = value.trim();
  if (!v || /\s/.test(v) || !/^https?:\/\//i.test(v)) return MESSAGES.joinUrlInvalid;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return MESSAGES.joinUrlInvalid;
  }
  const host = u.hostname;
  const named = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{1,63}$/i.test(host) || host === 'localhost';
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || /^\[[0-9a-f:.]+\]$/i.test(host);
  if (!(named || ip) || u.username || u.password) return MESSAGES.joinUrlInvalid;
  return null;
}

// --- Reschedule requests -------------------------------------------------------------------------

/** A listed request waits for an answer unless it says it has one (the spec's request has no status: listed means pending). */
export const isWaiting = (r: Pick<RescheduleRequest, 'status'>) => r.status !== 'approved' && r.status !== 'rejected';

/** `YYYY-MM-DD hh:mm AM` (a request's `old_start_formated`) as the class's `date` and 24-hour `HH:mm` `start`. */
function wallClockOf(formated: string): { date: string; start: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})(?::\d{2})?\s*([AP]M)?$/i.exec(formated.trim());
  if (!m) return null;
  let hour = Number(m[2]);
  const period = m[4]?.toUpperCase();
  if (period === 'PM' && hour < 12) hour += 12;
  if (period === 'AM' && hour === 12) hour = 0;
  return { date: m[1]!, start: `${String(hour).padStart(2, '0')}:${m[3]}` };
}

/**
 * Whether a reschedule request is about this class: its `class_id` when the reply has one (the
 * reference server's), else the spec's own fields (shell spec section 3, Reschedule request): the
 * same enrolment and the old start, `old_start_formated`, at the class's `date` and `start` (both
 * in the user's timezone).
 */
export function requestIsFor(r: Pick<RescheduleRequest, 'class_id' | 'enrollment' | 'old_start_formated'>, k: Pick<Class, 'id' | 'enrollment' | 'date' | 'start'>): boolean {
  if (r.class_id != null) return r.class_id === k.id;
  if (r.enrollment.id !== k.enrollment.id) return false;
  const old = wallClockOf(r.old_start_formated);
  return !!old && old.date === k.date && old.start === k.start.slice(0, 5).padStart(5, '0');
}

// --- Join ----------------------------------------------------------------------------------------

/** The join reply (shell spec section 7: `join_url`, `payment_status`, `credits`; the reference server adds `teacher_joined`). */
export interface JoinReply {
  join_url: string | null;
  payment_status: Class['payment_status'];
  credits: number;
  teacher_joined?: boolean;
}

/**
 * "If the teacher has not joined, an info alert tells the student to wait" (shell spec section 4,
 * Join). The spec's answer says so by its link: the class's room exists once the teacher is in it
 * (or has given its link), so an answer without a join link, or a class that had no link until this
 * join made one (`linkBefore` null: the student opened the room), means the teacher has not joined.
 * `linkBefore` undefined: not known. A backend that says `teacher_joined` (the reference server) is
 * taken at its word.
 */
export const mustWaitForTeacher = (a: Partial<Pick<JoinReply, 'join_url' | 'teacher_joined'>>, linkBefore?: string | null): boolean =>
  a.teacher_joined !== undefined ? !a.teacher_joined : !a.join_url || linkBefore === null;
