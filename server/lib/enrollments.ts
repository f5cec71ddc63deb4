import { Temporal } from 'temporal-polyfill';
import type { ServerLocale } from './i18n.ts';
import type { AppContext } from './context.ts';
import { bool, money } from '../db/index.ts';
import { validation } from './errors.ts';
import { personRef } from './user.ts';
import { localDate } from './time.ts';
import { readText } from './text.ts';

/**
 * Courses, enrolments and class reports: the `Course`, `Enrollment` and `ClassReport` resources of
 * server/API.md, and the enrolment form's rules (messaging-courses-wallet.md sections 4, 5 and 9).
 */

export const ENROLLMENT_STATUSES = [
  'pending', 'review', 'updated', 'action-needed', 'approved', 'joined', 'finished', 'canceled', 'suspended',
] as const;
/** Statuses in which the student may still edit and resubmit the form. */
export const EDITABLE_STATUSES = ['pending', 'review', 'updated', 'action-needed'] as const;
/** Statuses in which classes run (a teacher is assigned), so a finish request applies. */
export const RUNNING_STATUSES = ['approved', 'joined'] as const;

export const CLASS_DURATION_ITEMS = [30, 45, 60, 90].map((value) => ({ text: `${value} Minutes`, value }));
/** The same in Arabic ("30 دقيقة": the app writes Latin digits in Arabic too), for a request that asks for it. */
export const classDurationItems = (locale: ServerLocale) =>
  locale === 'ar' ? CLASS_DURATION_ITEMS.map(({ value }) => ({ text: `${value} دقيقة`, value })) : CLASS_DURATION_ITEMS;

export interface ScheduleEntry { day: number; from: string; to: string }

export interface EnrollmentRow {
  id: number; student_id: number; teacher_id: number | null; course_id: number; status: string; admin_comment: string | null;
  class_duration: number; weekly_classes: number; start_day: string; comment: string | null; preferred_days: string;
  schedule: string; hourly_price: number | null; finish_requested: number; finish_reason: string | null;
  created_at: number; updated_at: number;
  course_name: string; course_image_url: string | null; course_hourly_price: number; category_name: string;
  student_name: string; student_avatar: string | null; teacher_name: string | null; teacher_avatar: string | null;
}

/** Enrolments joined with what their resource shows; add `WHERE ...` (alias `e`). */
export const ENROLLMENT_SELECT = `SELECT e.*, co.name AS course_name, co.image_url AS course_image_url,
    co.hourly_price AS course_hourly_price, cat.name AS category_name,
    s.name AS student_name, s.avatar AS student_avatar, t.name AS teacher_name, t.avatar AS teacher_avatar
  FROM enrollments e
  JOIN courses co ON co.id = e.course_id
  JOIN categories cat ON cat.id = co.category_id
  JOIN users s ON s.id = e.student_id
  LEFT JOIN users t ON t.id = e.teacher_id`;

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function serializeEnrollment(e: EnrollmentRow) {
  return {
    id: e.id,
    status: e.status,
    admin_comment: e.admin_comment,
    class_duration: e.class_duration,
    weekly_classes: e.weekly_classes,
    start_day: e.start_day,
    comment: e.comment,
    preferred_days: parseJson<number[]>(e.preferred_days, []),
    schedule: parseJson<ScheduleEntry[]>(e.schedule, []),
    hourly_price: e.hourly_price,
    finish_requested: bool(e.finish_requested),
    course: { id: e.course_id, name: e.course_name, image_url: e.course_image_url, category_name: e.category_name },
    student: personRef({ id: e.student_id, name: e.student_name, avatar: e.student_avatar })!,
    teacher: e.teacher_id != null ? personRef({ id: e.teacher_id, name: e.teacher_name ?? '', avatar: e.teacher_avatar }) : null,
    created_at: new Date(e.created_at).toISOString(),
  };
}
export type EnrollmentResource = ReturnType<typeof serializeEnrollment>;

export function enrollmentById(app: AppContext, id: number): EnrollmentRow | undefined {
  return app.db.prepare(`${ENROLLMENT_SELECT} WHERE e.id = ?`).get(id) as EnrollmentRow | undefined;
}

/** The student's latest enrolment in the course that still holds a place (not canceled or finished). */
export function activeEnrollment(app: AppContext, studentId: number, courseId: number): EnrollmentRow | undefined {
  return app.db
    .prepare(
      `${ENROLLMENT_SELECT} WHERE e.student_id = ? AND e.course_id = ? AND e.status NOT IN ('canceled', 'finished')
       ORDER BY e.created_at DESC, e.id DESC LIMIT 1`,
    )
    .get(studentId, courseId) as EnrollmentRow | undefined;
}

/** Price of one class: the enrolment's own hourly price overrides the course's; pro rata of the duration. */
export const classPrice = (hourlyPrice: number, durationMinutes: number) => money((hourlyPrice * durationMinutes) / 60);

export const weeklyPrice = (e: Pick<EnrollmentRow, 'hourly_price' | 'course_hourly_price' | 'class_duration' | 'weekly_classes'>) =>
  money(classPrice(e.hourly_price ?? e.course_hourly_price, e.class_duration) * e.weekly_classes);

export interface CourseRow {
  id: number; name: string; description: string; image_url: string | null; category_id: number; category_name: string;
  details_url: string | null; hourly_price: number; featured: number; status: string;
}

export const COURSE_SELECT = `SELECT co.*, cat.name AS category_name FROM courses co JOIN categories cat ON cat.id = co.category_id`;

/**
 * The `Course` resource as `studentId` sees it: `enrolled` when they hold an active enrolment,
 * `enrollment` the latest active one, `weekly_price` from it. Pass `studentId` null (a teacher's
 * teaching courses, say) for the bare course.
 */
export function serializeCourse(app: AppContext, c: CourseRow, studentId: number | null, enrollment?: EnrollmentRow | null) {
  const e = enrollment !== undefined ? enrollment : studentId != null ? activeEnrollment(app, studentId, c.id) ?? null : null;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image_url: c.image_url,
    category_id: c.category_id,
    category_name: c.category_name,
    details_url: c.details_url,
    hourly_price: c.hourly_price,
    featured: bool(c.featured),
    status: c.status,
    enrolled: e != null,
    enrollment: e ? serializeEnrollment(e) : null,
    finish_requested: e ? bool(e.finish_requested) : false,
    weekly_price: e ? weeklyPrice(e) : null,
  };
}
export type CourseResource = ReturnType<typeof serializeCourse>;

/** Every active course, with the student's active enrolments in two queries (not one per course). */
export function listCourses(app: AppContext, studentId: number | null): CourseResource[] {
  const courses = app.db.prepare(`${COURSE_SELECT} WHERE co.status = 'active' ORDER BY co.id`).all() as CourseRow[];
  const latest = new Map<number, EnrollmentRow>();
  if (studentId != null) {
    const rows = app.db
      .prepare(`${ENROLLMENT_SELECT} WHERE e.student_id = ? AND e.status NOT IN ('canceled', 'finished') ORDER BY e.created_at DESC, e.id DESC`)
      .all(studentId) as EnrollmentRow[];
    for (const r of rows) if (!latest.has(r.course_id)) latest.set(r.course_id, r);
  }
  return courses.map((c) => serializeCourse(app, c, studentId, latest.get(c.id) ?? null));
}

// ---------------------------------------------------------------------------------------------
// The enrolment form

export const MSG = {
  required: 'Required inputs cannot be empty',
  preferredDays: "'Preferred Days' must be equal or more than 'Classes/ Week'",
  schedule: "'Schedule' times must be equal or more than 'Classes/ Week'",
  duration: 'The selected class duration is invalid.',
  weekly: 'Classes per week must be between 1 and 6.',
  weeklyOne: 'One class per week is available only for classes of 60 minutes or more.',
  startDay: 'The start day must be a valid date.',
  startTomorrow: 'The start day must be tomorrow or later.',
  startPreferred: 'The start day must be one of the preferred days.',
  preferredInvalid: 'The preferred days must be distinct week days (0 to 6).',
  scheduleInvalid: 'Each schedule entry needs a week day (0 to 6) and times from and to (HH:mm).',
  comment: 'The comment may not be greater than 1000 characters.',
  unchanged: 'Please update enrollment form to resubmit',
  reason: 'Please enter the reason.',
} as const;

export interface EnrollmentForm {
  class_duration: number; weekly_classes: number; start_day: string; comment: string | null;
  preferred_days: number[]; schedule: ScheduleEntry[];
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** An integer from a number or a digit string (forms send strings); NaN otherwise. */
const int = (v: unknown): number => {
  if (typeof v === 'number') return Number.isInteger(v) ? v : NaN;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return NaN;
};
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** `H:mm`, `HH:mm` or `HH:mm:ss` to `HH:mm`; null when not a time. */
function hhmm(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(v.trim());
  if (!m) return null;
  const t = `${m[1]!.padStart(2, '0')}:${m[2]}`;
  return HHMM.test(t) ? t : null;
}

function plainDate(v: string): Temporal.PlainDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  try {
    return Temporal.PlainDate.from(v, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/**
 * Checks the enrolment form (section 5) and answers it normalised (schedule rows without a day are
 * dropped: the form starts with blank rows). `timezone` is the student's: "tomorrow" is theirs.
 * Errors are Laravel-shaped, one message per field, the spec's wording where it gives one.
 */
export function validateEnrollmentForm(input: Record<string, unknown>, timezone: string, now: number): EnrollmentForm {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, msg: string) => void (errors[field] ??= []).push(msg);

  for (const f of ['class_duration', 'weekly_classes', 'start_day'] as const) if (isBlank(input[f])) fail(f, MSG.required);

  const duration = int(input.class_duration);
  if (!errors.class_duration && !CLASS_DURATION_ITEMS.some((i) => i.value === duration)) fail('class_duration', MSG.duration);

  const weekly = int(input.weekly_classes);
  if (!errors.weekly_classes) {
    if (!(weekly >= 1 && weekly <= 6)) fail('weekly_classes', MSG.weekly);
    else if (weekly === 1 && !errors.class_duration && duration < 60) fail('weekly_classes', MSG.weeklyOne);
  }
  const weeklyOk = !errors.weekly_classes;

  let preferred: number[] = [];
  const rawDays = input.preferred_days ?? [];
  if (!Array.isArray(rawDays)) fail('preferred_days', MSG.preferredInvalid);
  else {
    preferred = rawDays.map(int);
    if (preferred.some((d) => !(d >= 0 && d <= 6)) || new Set(preferred).size !== preferred.length) fail('preferred_days', MSG.preferredInvalid);
    else if (weeklyOk && preferred.length < weekly) fail('preferred_days', MSG.preferredDays);
  }

  const schedule: ScheduleEntry[] = [];
  const rawSchedule = input.schedule ?? [];
  if (!Array.isArray(rawSchedule)) fail('schedule', MSG.scheduleInvalid);
  else {
    let bad = false;
    for (const raw of rawSchedule) {
      const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      if (isBlank(entry.day)) continue; // a blank row of the form
      const day = int(entry.day);
      const from = hhmm(entry.from);
      const to = hhmm(entry.to);
      if (!(day >= 0 && day <= 6) || !from || !to) bad = true;
      else schedule.push({ day, from, to });
    }
    if (bad) fail('schedule', MSG.scheduleInvalid);
    else if (weeklyOk && schedule.length < weekly) fail('schedule', MSG.schedule);
  }

  const startDay = typeof input.start_day === 'string' ? input.start_day.trim() : '';
  if (!errors.start_day) {
    const d = plainDate(startDay);
    if (!d) fail('start_day', MSG.startDay);
    else {
      const tomorrow = Temporal.PlainDate.from(localDate(now, timezone)).add({ days: 1 });
      if (Temporal.PlainDate.compare(d, tomorrow) < 0) fail('start_day', MSG.startTomorrow);
      else if (!errors.preferred_days && !preferred.includes(d.dayOfWeek % 7)) fail('start_day', MSG.startPreferred);
    }
  }

  let comment: string | null = null;
  if (!isBlank(input.comment)) {
    const checked = readText(input.comment, 'comment');
    if (typeof input.comment !== 'string' || input.comment.trim().length > 1000) fail('comment', MSG.comment);
    else if (checked.error) fail('comment', checked.error);
    else comment = checked.text || null;
  }

  if (Object.keys(errors).length) throw validation(orderErrors(errors));
  return { class_duration: duration, weekly_classes: weekly, start_day: startDay, comment, preferred_days: preferred, schedule };
}

/** The form's order, so the first message (what the client shows) follows the fields top to bottom. */
function orderErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const order = ['class_duration', 'weekly_classes', 'start_day', 'preferred_days', 'schedule', 'comment'];
  const out: Record<string, string[]> = {};
  // "Required inputs cannot be empty" leads when anything required is missing.
  for (const f of order) if (errors[f]?.includes(MSG.required)) out[f] = errors[f]!;
  for (const f of order) if (errors[f] && !out[f]) out[f] = errors[f]!;
  return out;
}

/** Whether the submitted form says the same as the stored enrolment (preferred days compared as a set). */
export function sameForm(e: EnrollmentRow, f: EnrollmentForm): boolean {
  const sortNum = (a: number[]) => [...a].sort((x, y) => x - y);
  return (
    e.class_duration === f.class_duration &&
    e.weekly_classes === f.weekly_classes &&
    e.start_day === f.start_day &&
    (e.comment ?? null) === f.comment &&
    JSON.stringify(sortNum(parseJson<number[]>(e.preferred_days, []))) === JSON.stringify(sortNum(f.preferred_days)) &&
    JSON.stringify(parseJson<ScheduleEntry[]>(e.schedule, []).map((s) => [s.day, s.from, s.to])) ===
      JSON.stringify(f.schedule.map((s) => [s.day, s.from, s.to]))
  );
}

// ---------------------------------------------------------------------------------------------
// Class reports

export interface ClassReportRow {
  id: number; class_id: number; rating: number; class_activity: string; homework: string; teacher_notes: string | null;
  created_at: number; updated_at: number;
  class_name: string | null; class_start_at: number; class_canceled: number; enrollment_id: number;
  student_id: number; student_name: string; student_avatar: string | null;
  teacher_id: number | null; teacher_name: string | null; teacher_avatar: string | null;
  course_id: number; course_name: string; course_image_url: string | null;
}

export const CLASS_REPORT_SELECT = `SELECT r.*, k.name AS class_name, k.start_at AS class_start_at, k.canceled AS class_canceled,
    e.id AS enrollment_id, e.student_id, s.name AS student_name, s.avatar AS student_avatar,
    e.teacher_id, t.name AS teacher_name, t.avatar AS teacher_avatar,
    co.id AS course_id, co.name AS course_name, co.image_url AS course_image_url
  FROM class_reports r
  JOIN classes k ON k.id = r.class_id
  JOIN enrollments e ON e.id = k.enrollment_id
  JOIN courses co ON co.id = e.course_id
  JOIN users s ON s.id = e.student_id
  LEFT JOIN users t ON t.id = e.teacher_id`;

export function serializeClassReport(r: ClassReportRow) {
  return {
    id: r.id,
    class_id: r.class_id,
    rating: r.rating,
    class_activity: r.class_activity,
    homework: r.homework,
    teacher_notes: r.teacher_notes,
    student: personRef({ id: r.student_id, name: r.student_name, avatar: r.student_avatar })!,
    teacher: r.teacher_id != null ? personRef({ id: r.teacher_id, name: r.teacher_name ?? '', avatar: r.teacher_avatar }) : null,
    course: { id: r.course_id, name: r.course_name, image_url: r.course_image_url },
    class: { id: r.class_id, name: r.class_name ?? r.course_name, start_datetime: new Date(r.class_start_at).toISOString() },
    created_at_timestamp: Math.floor(r.created_at / 1000),
  };
}
export type ClassReportResource = ReturnType<typeof serializeClassReport>;
