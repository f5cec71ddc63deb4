import { Temporal } from 'temporal-polyfill';
import type { AppContext, AuthUser } from './context.ts';
import { bool, money } from '../db/index.ts';
import { notFound } from './errors.ts';
import { getSettings } from './settings.ts';
import { personRef } from './user.ts';
import { MINUTE, ageOf, formated, iso, localDate, localTime, monthKey, zoned } from './time.ts';

/**
 * Classes: the row they are read from (a class joined with its enrolment, course, student and
 * teacher), the `Class` and `RescheduleRequest` resources of the contract, and the rules that
 * decide what a viewer may do with a class (server/API.md, spec sections 4 and 5).
 */

/** Cancel and reschedule close this long before the start. */
export const EDIT_LOCK_MS = 30 * MINUTE;
/** The classroom opens this long before the start. */
export const JOIN_EARLY_MS = 10 * MINUTE;

export interface ClassRow {
  id: number; enrollment_id: number; name: string | null; start_at: number; duration: number; series_key: string | null;
  is_trial: number; makeup: number; rescheduled: number; attended: number; absent: number; canceled: number;
  cancelation_reason: string | null; canceled_by: number | null; paid: number; charged_amount: number | null;
  join_url: string | null; url_added_at: number | null; teacher_joined_at: number | null; student_joined_at: number | null;
  delay_minutes: number | null; created_at: number;
  // joined
  student_id: number; teacher_id: number | null; course_id: number; enrollment_status: string;
  enrollment_hourly_price: number | null; class_duration: number;
  course_name: string; course_image_url: string | null; course_hourly_price: number;
  student_name: string; student_avatar: string | null; student_credits: number; student_timezone: string;
  student_dob: string | null;
  teacher_name: string | null; teacher_avatar: string | null; teacher_timezone: string | null;
}

/** Select list and joins of a ClassRow; add `WHERE ...` (classes are `k`, enrolments `e`). */
export const CLASS_SELECT = `
  SELECT k.*, e.student_id, e.teacher_id, e.course_id, e.status AS enrollment_status,
    e.hourly_price AS enrollment_hourly_price, e.class_duration,
    co.name AS course_name, co.image_url AS course_image_url, co.hourly_price AS course_hourly_price,
    s.name AS student_name, s.avatar AS student_avatar, s.credits AS student_credits, s.timezone AS student_timezone,
    s.date_of_birth AS student_dob,
    t.name AS teacher_name, t.avatar AS teacher_avatar, t.timezone AS teacher_timezone
  FROM classes k
  JOIN enrollments e ON e.id = k.enrollment_id
  JOIN courses co ON co.id = e.course_id
  JOIN users s ON s.id = e.student_id
  LEFT JOIN users t ON t.id = e.teacher_id`;

export function classRow(app: AppContext, id: number): ClassRow | undefined {
  return app.db.prepare(`${CLASS_SELECT} WHERE k.id = ?`).get(id) as ClassRow | undefined;
}

export const isStudentOf = (row: { student_id: number }, u: AuthUser) => row.student_id === u.id;
export const isTeacherOf = (row: { teacher_id: number | null }, u: AuthUser) => u.group_id === 1 && row.teacher_id === u.id;
export const isParty = (row: { student_id: number; teacher_id: number | null }, u: AuthUser) =>
  isStudentOf(row, u) || isTeacherOf(row, u);

/** A class the viewer is a party of (its student or its teacher); anything else is 404. */
export function loadClass(app: AppContext, id: number, viewer: AuthUser): ClassRow {
  const row = classRow(app, id);
  if (!row || !isParty(row, viewer)) throw notFound();
  return row;
}

/** Price of one class: the hourly price (the enrolment's overrides the course's) × duration / 60, in cents. */
export function classPrice(row: Pick<ClassRow, 'enrollment_hourly_price' | 'course_hourly_price' | 'duration'>): number {
  const hourly = row.enrollment_hourly_price ?? row.course_hourly_price;
  return money((hourly * row.duration) / 60);
}

export const classEnd = (row: Pick<ClassRow, 'start_at' | 'duration'>) => row.start_at + row.duration * MINUTE;

export type ClassStatus = 'scheduled' | 'running' | 'expired';
export function classStatus(row: Pick<ClassRow, 'start_at' | 'duration'>, now: number): ClassStatus {
  if (now < row.start_at) return 'scheduled';
  if (now < classEnd(row)) return 'running';
  return 'expired';
}

export function fullStatus(row: ClassRow, now: number): string {
  if (bool(row.canceled)) return 'canceled';
  if (bool(row.absent)) return 'absent';
  const status = classStatus(row, now);
  if (status === 'expired') return bool(row.attended) ? 'expired' : 'missed';
  return status;
}

export function paymentStatus(row: ClassRow): 'trial' | 'paid' | 'credits-not-enough' {
  if (bool(row.is_trial)) return 'trial';
  if (bool(row.paid)) return 'paid';
  return row.student_credits < classPrice(row) ? 'credits-not-enough' : 'paid';
}

/** Not canceled, attended or absent: the class can still change. */
export const isOpen = (row: ClassRow) => !bool(row.canceled) && !bool(row.attended) && !bool(row.absent);

/** Why a class cannot be canceled or rescheduled now: null when it can. */
export function editBlock(row: ClassRow, now: number): 'CLASS_LOCKED' | 'NOT_ALLOWED' | null {
  if (!isOpen(row) || classStatus(row, now) !== 'scheduled') return 'NOT_ALLOWED';
  if (row.start_at - now <= EDIT_LOCK_MS) return 'CLASS_LOCKED';
  return null;
}

export function isJoinable(row: ClassRow, now: number): boolean {
  return !bool(row.canceled) && !bool(row.absent) && now >= row.start_at - JOIN_EARLY_MS && now < classEnd(row);
}

export function canMarkAttended(row: ClassRow, viewer: AuthUser, now: number): boolean {
  return isTeacherOf(row, viewer) && classStatus(row, now) !== 'scheduled' && isOpen(row);
}

export function urlEditable(row: ClassRow, viewer: AuthUser, now: number): boolean {
  return isTeacherOf(row, viewer) && now < classEnd(row) && !bool(row.canceled);
}

/** How many cancels/reschedules the user made in the current (UTC) month. */
export function classChangesThisMonth(app: AppContext, userId: number): number {
  return (app.db.prepare('SELECT COUNT(*) AS n FROM class_changes WHERE user_id = ? AND month = ?')
    .get(userId, monthKey(app.now())) as { n: number }).n;
}

export function recordClassChange(app: AppContext, userId: number, classId: number, kind: 'cancel' | 'reschedule'): void {
  app.db.prepare('INSERT INTO class_changes (user_id, class_id, month, kind, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(userId, classId, monthKey(app.now()), kind, app.now());
}

/**
 * Gives back the change a reschedule request used when the other party refused it (rejected it, or
 * canceled the class while it waited). Only one request of a class is pending at a time, so the
 * sender's latest reschedule of that class is the one refused.
 */
export function returnRescheduleChange(app: AppContext, senderId: number, classId: number): void {
  app.db.prepare(
    `DELETE FROM class_changes WHERE id = (
       SELECT id FROM class_changes WHERE user_id = ? AND class_id = ? AND kind = 'reschedule' ORDER BY id DESC LIMIT 1)`,
  ).run(senderId, classId);
}

export const enrollmentRef = (row: ClassRow) => ({
  id: row.enrollment_id,
  course: { id: row.course_id, name: row.course_name, image_url: row.course_image_url },
  student: personRef({ id: row.student_id, name: row.student_name, avatar: row.student_avatar }),
  teacher: row.teacher_id == null ? null : personRef({ id: row.teacher_id, name: row.teacher_name ?? '', avatar: row.teacher_avatar }),
});

/** What a batch of classes needs besides its rows: fetched once for the whole id set. */
interface ClassExtras {
  reports: Map<number, number>; // class id → rating
  pending: Set<number>; // class ids with a pending reschedule request
  monthly: number;
  used: number;
}

function extrasFor(app: AppContext, ids: number[], viewer: AuthUser): ClassExtras {
  const reports = new Map<number, number>();
  const pending = new Set<number>();
  if (ids.length > 0) {
    const idList = JSON.stringify(ids);
    for (const r of app.db.prepare('SELECT class_id, rating FROM class_reports WHERE class_id IN (SELECT value FROM json_each(?))')
      .all(idList) as { class_id: number; rating: number }[]) reports.set(r.class_id, r.rating);
    for (const r of app.db
      .prepare("SELECT DISTINCT class_id FROM reschedule_requests WHERE status = 'pending' AND class_id IN (SELECT value FROM json_each(?))")
      .all(idList) as { class_id: number }[]) pending.add(r.class_id);
  }
  return { reports, pending, monthly: getSettings(app.db).monthly_class_changes, used: classChangesThisMonth(app, viewer.id) };
}

function serializeWith(app: AppContext, row: ClassRow, viewer: AuthUser, x: ClassExtras, now: number) {
  const tz = viewer.timezone;
  const end = classEnd(row);
  const teacherView = viewer.group_id === 1;
  const available = Math.max(0, x.monthly - x.used);
  return {
    id: row.id,
    name: row.name ?? row.course_name,
    date: localDate(row.start_at, tz),
    start: localTime(row.start_at, tz),
    end: localTime(end, tz),
    start_datetime: iso(row.start_at)!,
    end_datetime: iso(end)!,
    duration: row.duration,
    status: classStatus(row, now),
    full_status: fullStatus(row, now),
    enrollment: enrollmentRef(row),
    rescheduled: bool(row.rescheduled),
    waiting_reschedule_request: x.pending.has(row.id),
    absent: bool(row.absent),
    canceled: bool(row.canceled),
    cancelation_reason: row.cancelation_reason,
    makeup: bool(row.makeup),
    payment_status: paymentStatus(row),
    has_class_report: x.reports.has(row.id),
    class_report_rating: x.reports.get(row.id) ?? null,
    join_url: row.join_url,
    url_editable: urlEditable(row, viewer, now),
    url_added_at: iso(row.url_added_at),
    editable: editBlock(row, now) === null,
    joinable: isJoinable(row, now),
    can_mark_attended: canMarkAttended(row, viewer, now),
    attended: bool(row.attended),
    limit_exceeded: available === 0,
    available_class_changes: available,
    monthly_class_changes: x.monthly,
    student_age: teacherView ? ageOf(row.student_dob, now) : null,
    student_timezone: teacherView ? row.student_timezone : null,
    teacher_joined: row.teacher_joined_at != null,
    price: classPrice(row),
  };
}

export type ClassResource = ReturnType<typeof serializeWith>;

/** The `Class` resource of many rows, for one viewer, with a fixed number of queries. */
export function serializeClasses(app: AppContext, rows: ClassRow[], viewer: AuthUser): ClassResource[] {
  const x = extrasFor(app, rows.map((r) => r.id), viewer);
  const now = app.now();
  return rows.map((r) => serializeWith(app, r, viewer, x, now));
}

export function serializeClass(app: AppContext, row: ClassRow, viewer: AuthUser): ClassResource {
  return serializeClasses(app, [row], viewer)[0]!;
}

/** Reads the class again and serializes it (after a change). */
export function freshClass(app: AppContext, id: number, viewer: AuthUser): ClassResource {
  return serializeClass(app, classRow(app, id)!, viewer);
}

// ---------------------------------------------------------------------------------------------
// Reschedule requests

export interface RescheduleRow extends ClassRow {
  request_id: number; request_class_id: number; sender_id: number; permanent: number; old_start_at: number;
  new_start_at: number; reason: string | null; request_status: string; request_created_at: number;
  sender_name: string; sender_avatar: string | null;
}

export const RESCHEDULE_SELECT = `
  SELECT k.*, e.student_id, e.teacher_id, e.course_id, e.status AS enrollment_status,
    e.hourly_price AS enrollment_hourly_price, e.class_duration,
    co.name AS course_name, co.image_url AS course_image_url, co.hourly_price AS course_hourly_price,
    s.name AS student_name, s.avatar AS student_avatar, s.credits AS student_credits, s.timezone AS student_timezone,
    s.date_of_birth AS student_dob,
    t.name AS teacher_name, t.avatar AS teacher_avatar, t.timezone AS teacher_timezone,
    r.id AS request_id, r.class_id AS request_class_id, r.sender_id, r.permanent, r.old_start_at, r.new_start_at,
    r.reason, r.status AS request_status, r.created_at AS request_created_at,
    su.name AS sender_name, su.avatar AS sender_avatar
  FROM reschedule_requests r
  JOIN classes k ON k.id = r.class_id
  JOIN enrollments e ON e.id = k.enrollment_id
  JOIN courses co ON co.id = e.course_id
  JOIN users s ON s.id = e.student_id
  LEFT JOIN users t ON t.id = e.teacher_id
  JOIN users su ON su.id = r.sender_id`;

export function rescheduleRow(app: AppContext, id: number): RescheduleRow | undefined {
  return app.db.prepare(`${RESCHEDULE_SELECT} WHERE r.id = ?`).get(id) as RescheduleRow | undefined;
}

export function serializeRescheduleRequest(row: RescheduleRow, viewer: AuthUser) {
  return {
    id: row.request_id,
    class_id: row.request_class_id,
    enrollment: enrollmentRef(row),
    sender: personRef({ id: row.sender_id, name: row.sender_name, avatar: row.sender_avatar }),
    permanent: bool(row.permanent),
    old_start_formated: formated(row.old_start_at, viewer.timezone),
    start_formated: formated(row.new_start_at, viewer.timezone),
    old_start_datetime: iso(row.old_start_at)!,
    start_datetime: iso(row.new_start_at)!,
    reason: row.reason,
    status: row.request_status as 'pending' | 'approved' | 'rejected',
  };
}

/** Pending requests on the viewer's classes that the other party sent, oldest first. */
export function pendingRequestsFor(app: AppContext, viewer: AuthUser) {
  const partyCol = viewer.group_id === 1 ? 'e.teacher_id' : 'e.student_id';
  const rows = app.db
    .prepare(`${RESCHEDULE_SELECT} WHERE ${partyCol} = ? AND r.status = 'pending' AND r.sender_id <> ? ORDER BY r.created_at, r.id`)
    .all(viewer.id, viewer.id) as RescheduleRow[];
  return rows.map((r) => serializeRescheduleRequest(r, viewer));
}

/**
 * Moves `ms` the way a permanent reschedule moved its first class: by `dayShift` calendar days and
 * to the local time of day `hour:minute`, in `tz`, so a weekly class keeps its wall-clock time
 * across a daylight-saving change.
 */
export function shiftLocal(ms: number, tz: string, dayShift: number, hour: number, minute: number): number {
  const date = zoned(ms, tz).toPlainDate().add({ days: dayShift });
  return Temporal.ZonedDateTime.from({ timeZone: tz, year: date.year, month: date.month, day: date.day, hour, minute }).epochMilliseconds;
}

/** The calendar-day shift and the new local time of day of a move from `from` to `to`, in `tz`. */
export function localShift(from: number, to: number, tz: string): { days: number; hour: number; minute: number } {
  const a = zoned(from, tz);
  const b = zoned(to, tz);
  const days = a.toPlainDate().until(b.toPlainDate(), { largestUnit: 'days' }).days;
  return { days, hour: b.hour, minute: b.minute };
}
