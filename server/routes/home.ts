import { Hono } from 'hono';
import type { AppContext, AuthUser, Env } from '../lib/context.ts';
import { bool, money } from '../db/index.ts';
import {
  COURSE_SELECT, type CourseRow, ENROLLMENT_SELECT, type EnrollmentRow, serializeCourse, serializeEnrollment,
} from '../lib/enrollments.ts';
import { isTeacher, requireAuth } from '../lib/auth.ts';
import { serializeUser } from '../lib/user.ts';
import { DAY, monthRange } from '../lib/time.ts';
import { replyLocale, type ServerLocale } from '../lib/i18n.ts';
import { CLASS_SELECT, type ClassRow, classPrice, pendingRequestsFor, serializeClass } from '../lib/classes.ts';

/** `GET /home`: both dashboards. Every key of `Home` is present for both roles (zero or empty where it does not apply). */
export const homeRoutes = new Hono<Env>();

export const SLIDES = [
  { url: '/slides/welcome.svg' },
  { url: '/slides/trial.svg' },
  { url: '/slides/referral.svg', href: '/referral' },
];
/** The slides' words are in their images: asked in Arabic, the Arabic images (`<name>.ar.svg`, laid out right to left). */
const slidesIn = (locale: ServerLocale) => (locale === 'ar' ? SLIDES.map((s) => ({ ...s, url: s.url.replace(/\.svg$/, '.ar.svg') })) : SLIDES);

/** Statuses of an enrolment that is running (a teacher's student, a makeup target). */
const ACTIVE = "('approved', 'joined')";

/** Courses as the viewer sees them, with the student's latest active enrolment per course fetched in one query. */
function serializeCourses(app: AppContext, courses: CourseRow[], viewer: AuthUser) {
  if (isTeacher(viewer)) return courses.map((c) => serializeCourse(app, c, null, null));
  const latest = new Map<number, EnrollmentRow>();
  if (courses.length) {
    const rows = app.db
      .prepare(`${ENROLLMENT_SELECT} WHERE e.student_id = ? AND e.status NOT IN ('canceled', 'finished')
                  AND e.course_id IN (SELECT value FROM json_each(?)) ORDER BY e.created_at DESC, e.id DESC`)
      .all(viewer.id, JSON.stringify(courses.map((c) => c.id))) as EnrollmentRow[];
    for (const r of rows) if (!latest.has(r.course_id)) latest.set(r.course_id, r);
  }
  return courses.map((c) => serializeCourse(app, c, viewer.id, latest.get(c.id) ?? null));
}

/** The viewer's next class: the first one not yet ended that is still on (running or coming). */
function nextClass(app: AppContext, viewer: AuthUser): ClassRow | undefined {
  const col = isTeacher(viewer) ? 'e.teacher_id' : 'e.student_id';
  return app.db
    .prepare(`${CLASS_SELECT} WHERE ${col} = ? AND k.canceled = 0 AND k.absent = 0 AND k.attended = 0
              AND k.start_at + k.duration * 60000 > ? AND k.start_at > ? ORDER BY k.start_at, k.id LIMIT 1`)
    .get(viewer.id, app.now(), app.now() - DAY) as ClassRow | undefined;
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
    slide_images: slidesIn(replyLocale(c)),
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
  // Balance Not Enough only when the balance does not cover what is due: the next class, unless it
  // is a trial or already paid (a new user with no classes and no credits owes nothing).
  const lowCredits = next != null && !bool(next.is_trial) && !bool(next.paid) && credits < classPrice(next);
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
