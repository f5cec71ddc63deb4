import { Hono } from 'hono';
import type { AppContext, AuthUser, Env } from '../lib/context.ts';
import { bool, money } from '../db/index.ts';
import { isTeacher, requireAuth } from '../lib/auth.ts';
import { personRef, serializeUser } from '../lib/user.ts';
import { iso, monthRange } from '../lib/time.ts';
import { CLASS_SELECT, type ClassRow, classPrice, pendingRequestsFor, serializeClass } from '../lib/classes.ts';

/** `GET /home`: both dashboards. Every key of `Home` is present for both roles (zero or empty where it does not apply). */
export const homeRoutes = new Hono<Env>();

export const SLIDES = [
  { url: '/slides/welcome.svg' },
  { url: '/slides/trial.svg' },
  { url: '/slides/referral.svg', href: '/referral' },
];

/** Statuses of an enrolment that is running (a teacher's student, a makeup target). */
const ACTIVE = "('approved', 'joined')";

interface CourseRow {
  id: number; name: string; description: string; image_url: string | null; category_id: number; category_name: string;
  details_url: string | null; hourly_price: number; featured: number; status: string;
}
interface EnrollmentRow {
  id: number; student_id: number; teacher_id: number | null; course_id: number; status: string; admin_comment: string | null;
  class_duration: number; weekly_classes: number; start_day: string; comment: string | null; preferred_days: string;
  schedule: string; hourly_price: number | null; finish_requested: number; created_at: number;
  course_name: string; course_image_url: string | null; category_name: string; course_hourly_price: number;
  student_name: string; student_avatar: string | null; teacher_name: string | null; teacher_avatar: string | null;
}

const ENROLLMENT_SELECT = `
  SELECT e.*, co.name AS course_name, co.image_url AS course_image_url, cat.name AS category_name,
    co.hourly_price AS course_hourly_price, s.name AS student_name, s.avatar AS student_avatar,
    t.name AS teacher_name, t.avatar AS teacher_avatar
  FROM enrollments e
  JOIN courses co ON co.id = e.course_id
  JOIN categories cat ON cat.id = co.category_id
  JOIN users s ON s.id = e.student_id
  LEFT JOIN users t ON t.id = e.teacher_id`;

function parseJson<T>(s: string, fallback: T): T {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
}

function serializeEnrollment(e: EnrollmentRow) {
  return {
    id: e.id,
    status: e.status,
    admin_comment: e.admin_comment,
    class_duration: e.class_duration,
    weekly_classes: e.weekly_classes,
    start_day: e.start_day,
    comment: e.comment,
    preferred_days: parseJson<number[]>(e.preferred_days, []),
    schedule: parseJson<{ day: number; from: string; to: string }[]>(e.schedule, []),
    hourly_price: e.hourly_price,
    finish_requested: bool(e.finish_requested),
    course: { id: e.course_id, name: e.course_name, image_url: e.course_image_url, category_name: e.category_name },
    student: personRef({ id: e.student_id, name: e.student_name, avatar: e.student_avatar }),
    teacher: e.teacher_id == null ? null : personRef({ id: e.teacher_id, name: e.teacher_name ?? '', avatar: e.teacher_avatar }),
    created_at: iso(e.created_at),
  };
}

const weeklyPrice = (e: EnrollmentRow) =>
  money(((e.hourly_price ?? e.course_hourly_price) * e.class_duration * e.weekly_classes) / 60);

/** Courses with the viewer's running enrolment in each (students), in one query for the courses and one for the enrolments. */
function serializeCourses(app: AppContext, courses: CourseRow[], viewer: AuthUser) {
  const mine = new Map<number, EnrollmentRow>();
  if (!isTeacher(viewer) && courses.length) {
    const rows = app.db
      .prepare(`${ENROLLMENT_SELECT} WHERE e.student_id = ? AND e.status NOT IN ('canceled', 'finished')
                  AND e.course_id IN (SELECT value FROM json_each(?)) ORDER BY e.created_at, e.id`)
      .all(viewer.id, JSON.stringify(courses.map((c) => c.id))) as EnrollmentRow[];
    for (const r of rows) mine.set(r.course_id, r); // the latest wins
  }
  return courses.map((c) => {
    const e = mine.get(c.id) ?? null;
    return {
      id: c.id, name: c.name, description: c.description, image_url: c.image_url, category_id: c.category_id,
      category_name: c.category_name, details_url: c.details_url, hourly_price: c.hourly_price, featured: bool(c.featured),
      status: c.status, enrolled: e != null, enrollment: e ? serializeEnrollment(e) : null,
      finish_requested: e ? bool(e.finish_requested) : false, weekly_price: e ? weeklyPrice(e) : null,
    };
  });
}

const COURSE_SELECT = `SELECT co.*, cat.name AS category_name FROM courses co JOIN categories cat ON cat.id = co.category_id`;

/** The viewer's next class: the first one not yet ended that is still on (running or coming). */
function nextClass(app: AppContext, viewer: AuthUser): ClassRow | undefined {
  const col = isTeacher(viewer) ? 'e.teacher_id' : 'e.student_id';
  return app.db
    .prepare(`${CLASS_SELECT} WHERE ${col} = ? AND k.canceled = 0 AND k.absent = 0 AND k.attended = 0
              AND k.start_at + k.duration * 60000 > ? ORDER BY k.start_at, k.id LIMIT 1`)
    .get(viewer.id, app.now()) as ClassRow | undefined;
}

export interface MonthStats {
  done_classes: number; done_duration: number; salary: number; delayed_classes: number;
  delay_average: number; delay_percent_total_classes: number;
}

/** A teacher's numbers for the month `[from, to)`: attended classes, their minutes and pay, and lateness. */
export function teacherMonthStats(app: AppContext, teacherId: number, from: number, to: number): MonthStats {
  const rate = (app.db.prepare('SELECT teacher_hourly_price AS p FROM users WHERE id = ?').get(teacherId) as { p: number }).p;
  const s = app.db
    .prepare(`SELECT
        COUNT(CASE WHEN k.attended = 1 THEN 1 END) AS done,
        COALESCE(SUM(CASE WHEN k.attended = 1 THEN k.duration END), 0) AS minutes,
        COUNT(CASE WHEN k.attended = 1 AND k.delay_minutes > 0 THEN 1 END) AS delayed,
        AVG(CASE WHEN k.teacher_joined_at IS NOT NULL THEN COALESCE(k.delay_minutes, 0) END) AS avg_delay
      FROM enrollments e JOIN classes k ON k.enrollment_id = e.id
      WHERE e.teacher_id = ? AND k.start_at >= ? AND k.start_at < ?`)
    .get(teacherId, from, to) as { done: number; minutes: number; delayed: number; avg_delay: number | null };
  return {
    done_classes: s.done,
    done_duration: s.minutes,
    salary: money((s.minutes / 60) * rate),
    delayed_classes: s.delayed,
    delay_average: s.avg_delay == null ? 0 : Math.round(s.avg_delay * 10) / 10,
    delay_percent_total_classes: s.done === 0 ? 0 : Math.round((s.delayed / s.done) * 1000) / 10,
  };
}

homeRoutes.get('/home', requireAuth, (c) => {
  const app = c.get('app');
  const viewer = c.get('user');
  const origin = new URL(c.req.url).origin;
  const user = serializeUser(app, viewer.id, origin)!;
  const next = nextClass(app, viewer);
  const base = {
    user,
    next_class: next ? serializeClass(app, next, viewer) : null,
    reschedule_requests: pendingRequestsFor(app, viewer),
    slide_images: SLIDES,
  };
  const zeroStats = (prefix: string) => ({
    [`${prefix}done_classes`]: 0, [`${prefix}done_duration`]: 0, [`${prefix}salary`]: 0, [`${prefix}delayed_classes`]: 0,
    [`${prefix}delay_average`]: 0, [`${prefix}delay_percent_total_classes`]: 0,
  });
  const prefixed = (prefix: string, s: MonthStats) =>
    Object.fromEntries(Object.entries(s).map(([k, v]) => [`${prefix}${k}`, v]));

  if (isTeacher(viewer)) {
    const enrollments = app.db
      .prepare(`${ENROLLMENT_SELECT} WHERE e.teacher_id = ? AND e.status IN ${ACTIVE} ORDER BY s.name, e.id`)
      .all(viewer.id) as EnrollmentRow[];
    const studentsCount = (app.db
      .prepare(`SELECT COUNT(DISTINCT student_id) AS n FROM enrollments WHERE teacher_id = ? AND status IN ${ACTIVE}`)
      .get(viewer.id) as { n: number }).n;
    const courses = app.db
      .prepare(`${COURSE_SELECT} WHERE co.id IN (SELECT DISTINCT course_id FROM enrollments WHERE teacher_id = ? AND status IN ${ACTIVE})
                ORDER BY co.name, co.id`)
      .all(viewer.id) as CourseRow[];
    const now = app.now();
    const [thisFrom, thisTo] = monthRange(now, viewer.timezone, 0);
    const [lastFrom, lastTo] = monthRange(now, viewer.timezone, -1);
    return c.json({
      data: {
        ...base,
        enrollments: enrollments.map(serializeEnrollment),
        enrollments_count: enrollments.length,
        students_count: studentsCount,
        ...prefixed('month_', teacherMonthStats(app, viewer.id, thisFrom, thisTo)),
        ...prefixed('last_month_', teacherMonthStats(app, viewer.id, lastFrom, lastTo)),
        teaching_courses: serializeCourses(app, courses, viewer),
        featured_courses: [],
        low_credits_alert: false,
        wallet_balance: 0,
      },
    });
  }

  const enrollments = app.db
    .prepare(`${ENROLLMENT_SELECT} WHERE e.student_id = ? AND e.status NOT IN ('canceled', 'finished') ORDER BY e.created_at DESC, e.id DESC`)
    .all(viewer.id) as EnrollmentRow[];
  const featured = app.db
    .prepare(`${COURSE_SELECT} WHERE co.featured = 1 AND co.status = 'active' ORDER BY co.id`)
    .all() as CourseRow[];
  const credits = user.credits;
  const lowCredits = credits < 5 || (next != null && !bool(next.is_trial) && !bool(next.paid) && credits < classPrice(next));
  return c.json({
    data: {
      ...base,
      enrollments: enrollments.map(serializeEnrollment),
      enrollments_count: enrollments.length,
      students_count: 0,
      ...zeroStats('month_'),
      ...zeroStats('last_month_'),
      teaching_courses: [],
      featured_courses: serializeCourses(app, featured, viewer),
      low_credits_alert: lowCredits,
      wallet_balance: credits,
    },
  });
});
