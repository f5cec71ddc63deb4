import { Hono } from 'hono';
import type { AuthUser, Env } from '../lib/context.ts';
import type { AppContext } from '../lib/context.ts';
import { isTeacher, requireAuth, requireStudent, testOnly } from '../lib/auth.ts';
import { BusinessCode, business, invalid, notFound, validation } from '../lib/errors.ts';
import { replyLocale } from '../lib/i18n.ts';
import { idParam, numberOf, readBody } from '../lib/request.ts';
import { readText } from '../lib/text.ts';
import { hintChanged, notify } from '../lib/notify.ts';
import {
  classDurationItems, COURSE_SELECT, EDITABLE_STATUSES, ENROLLMENT_SELECT, ENROLLMENT_STATUSES, MSG, RUNNING_STATUSES,
  activeEnrollment, enrollmentById, listCourses, sameForm, serializeCourse, serializeEnrollment, validateEnrollmentForm,
  type CourseRow, type EnrollmentRow,
} from '../lib/enrollments.ts';

/**
 * The course catalogue, course detail, enrolment (create, resubmit, finish) and the caller's
 * enrolments. Catalogue and enrolment are for students; a teacher gets 403.
 */
export const courseRoutes = new Hono<Env>();

courseRoutes.use('/courses/*', requireAuth); // also guards `/courses` itself
courseRoutes.use('/my-enrollments', requireAuth);

const timezoneOf = (app: AppContext, userId: number) =>
  (app.db.prepare('SELECT timezone FROM users WHERE id = ?').get(userId) as { timezone: string }).timezone;

/** A course the student may see: an active one, or one they have an enrolment in; else 404. */
function visibleCourse(app: AppContext, user: AuthUser, courseId: number): CourseRow {
  const c = app.db.prepare(`${COURSE_SELECT} WHERE co.id = ?`).get(courseId) as CourseRow | undefined;
  if (!c) throw notFound();
  if (c.status !== 'active') {
    const any = app.db.prepare('SELECT 1 FROM enrollments WHERE student_id = ? AND course_id = ?').get(user.id, courseId);
    if (!any) throw notFound();
  }
  return c;
}

courseRoutes.get('/courses', (c) => {
  const user = c.get('user');
  requireStudent(user);
  return c.json({ data: listCourses(c.get('app'), user.id) });
});

courseRoutes.get('/courses/:id', (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireStudent(user);
  const course = visibleCourse(app, user, idParam(c));
  return c.json({ data: serializeCourse(app, course, user.id), meta: { class_duration_items: classDurationItems(replyLocale(c)) } });
});

/** Enrol Now: a new enrolment, `pending` until support reviews it. */
courseRoutes.post('/courses/:id/enroll', async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireStudent(user);
  const course = visibleCourse(app, user, idParam(c));
  if (course.status !== 'active') throw notFound();
  const form = validateEnrollmentForm(await readBody(c), timezoneOf(app, user.id), app.now());
  const id = app.db.transaction(() => {
    if (activeEnrollment(app, user.id, course.id)) throw invalid('course', 'You are already enrolled in this course.');
    const now = app.now();
    const r = app.db
      .prepare(
        `INSERT INTO enrollments (student_id, course_id, status, class_duration, weekly_classes, start_day, comment,
          preferred_days, schedule, created_at, updated_at)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(user.id, course.id, form.class_duration, form.weekly_classes, form.start_day, form.comment,
        JSON.stringify(form.preferred_days), JSON.stringify(form.schedule), now, now);
    notify(app, user.id, 'course_enrolled', 'Course Enrollment',
      `You've succesfully enrolled the course ${course.name}. Support will accept your enrollment within a few hours.`,
      { course_id: course.id });
    return Number(r.lastInsertRowid);
  })();
  return c.json({ data: serializeEnrollment(enrollmentById(app, id)!) });
});

/** Save Changes: re-submits the form of the caller's active enrolment; it must differ from what is stored. */
courseRoutes.put('/courses/:id/enroll', async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireStudent(user);
  const course = visibleCourse(app, user, idParam(c));
  const e = activeEnrollment(app, user.id, course.id);
  if (!e) throw notFound();
  if (!(EDITABLE_STATUSES as readonly string[]).includes(e.status)) throw business(BusinessCode.NOT_ALLOWED);
  const form = validateEnrollmentForm(await readBody(c), timezoneOf(app, user.id), app.now());
  if (sameForm(e, form)) throw validation({ form: [MSG.unchanged] });
  app.db
    .prepare(
      `UPDATE enrollments SET class_duration = ?, weekly_classes = ?, start_day = ?, comment = ?, preferred_days = ?,
        schedule = ?, status = 'updated', admin_comment = NULL, updated_at = ? WHERE id = ?`,
    )
    .run(form.class_duration, form.weekly_classes, form.start_day, form.comment, JSON.stringify(form.preferred_days),
      JSON.stringify(form.schedule), app.now(), e.id);
  return c.json({ data: serializeEnrollment(enrollmentById(app, e.id)!) });
});

/**
 * Cancel Subscription: a finish request for a running (approved or joined) enrolment. The remaining
 * classes leave the calendar at once: future classes with no history are deleted; a future class
 * that already has history (a counted cancel/reschedule, a report, a payment) cannot be deleted
 * without rewriting that history, so it is marked canceled instead.
 */
courseRoutes.post('/courses/:id/finish', async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireStudent(user);
  const course = visibleCourse(app, user, idParam(c));
  const input = await readBody(c);
  const { text: reason, error } = readText(input.reason, 'reason');
  if (error) throw invalid('reason', error);
  if (!reason) throw invalid('reason', MSG.reason);
  if (reason.length > 1000) throw invalid('reason', 'The reason may not be greater than 1000 characters.');
  const e = activeEnrollment(app, user.id, course.id);
  if (!e) throw notFound();
  if (!(RUNNING_STATUSES as readonly string[]).includes(e.status) || e.finish_requested) throw business(BusinessCode.NOT_ALLOWED);
  app.db.transaction(() => {
    const now = app.now();
    app.db.prepare('UPDATE enrollments SET finish_requested = 1, finish_reason = ?, updated_at = ? WHERE id = ?').run(reason, now, e.id);
    removeRemainingClasses(app, e.id, now);
    notify(app, user.id, 'finish_enrollment_request', 'Finish Request',
      `Your request to finish ${course.name} was sent. It will be approved as soon as possible.`, { course_id: course.id });
  })();
  return c.json({ data: serializeEnrollment(enrollmentById(app, e.id)!) });
});

function removeRemainingClasses(app: AppContext, enrollmentId: number, now: number): void {
  const future = app.db
    .prepare(
      `SELECT k.id,
         EXISTS (SELECT 1 FROM class_changes x WHERE x.class_id = k.id)
         OR EXISTS (SELECT 1 FROM class_reports x WHERE x.class_id = k.id)
         OR EXISTS (SELECT 1 FROM transactions x WHERE x.class_id = k.id) AS has_history
       FROM classes k WHERE k.enrollment_id = ? AND k.start_at > ?`,
    )
    .all(enrollmentId, now) as { id: number; has_history: number }[];
  const delReq = app.db.prepare('DELETE FROM reschedule_requests WHERE class_id = ?');
  const delClass = app.db.prepare('DELETE FROM classes WHERE id = ?');
  const cancel = app.db.prepare(
    "UPDATE classes SET canceled = 1, cancelation_reason = COALESCE(cancelation_reason, 'Subscription canceled') WHERE id = ?",
  );
  const reject = app.db.prepare("UPDATE reschedule_requests SET status = 'rejected', decided_at = ? WHERE class_id = ? AND status = 'pending'");
  for (const k of future) {
    if (k.has_history) {
      cancel.run(k.id);
      reject.run(now, k.id);
    } else {
      delReq.run(k.id);
      delClass.run(k.id);
    }
  }
}

/** A student's own enrolments (newest first); a teacher's: the running enrolments they teach. */
courseRoutes.get('/my-enrollments', (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const rows = isTeacher(user)
    ? (app.db
        .prepare(`${ENROLLMENT_SELECT} WHERE e.teacher_id = ? AND e.status IN ('approved', 'joined') ORDER BY s.name, e.id`)
        .all(user.id) as EnrollmentRow[])
    : (app.db.prepare(`${ENROLLMENT_SELECT} WHERE e.student_id = ? ORDER BY e.created_at DESC, e.id DESC`).all(user.id) as EnrollmentRow[]);
  return c.json({ data: rows.map(serializeEnrollment) });
});

/**
 * Test-only: acts as the admin on an enrolment. `approved` assigns a teacher (`teacher_id`, or the
 * one already assigned, or the first teacher) and notifies both; `action-needed` notifies the
 * student with the admin's comment.
 */
courseRoutes.post('/test/enrollments/:id/status', testOnly, async (c) => {
  const app = c.get('app');
  const e = enrollmentById(app, idParam(c));
  if (!e) throw notFound();
  const input = await readBody(c);
  const status = typeof input.status === 'string' ? input.status : '';
  if (!(ENROLLMENT_STATUSES as readonly string[]).includes(status)) throw invalid('status', 'The selected status is invalid.');
  const comment = typeof input.admin_comment === 'string' && input.admin_comment.trim() ? input.admin_comment.trim() : null;
  const teacher = app.db.transaction(() => {
    const now = app.now();
    let teacherId = e.teacher_id;
    if (status === 'approved' || status === 'joined') {
      if (input.teacher_id !== undefined && input.teacher_id !== null) {
        const t = app.db.prepare('SELECT id FROM users WHERE id = ? AND group_id = 1').get(numberOf(input.teacher_id)) as { id: number } | undefined;
        if (!t) throw invalid('teacher_id', 'The selected teacher is invalid.');
        teacherId = t.id;
      }
      teacherId ??= (app.db.prepare('SELECT id FROM users WHERE group_id = 1 ORDER BY id LIMIT 1').get() as { id: number } | undefined)?.id ?? null;
      if (teacherId == null) throw invalid('teacher_id', 'There is no teacher to assign.');
    }
    app.db
      .prepare('UPDATE enrollments SET status = ?, teacher_id = ?, admin_comment = COALESCE(?, admin_comment), updated_at = ? WHERE id = ?')
      .run(status, teacherId, comment, now, e.id);
    const ref = { course_id: e.course_id };
    if (status === 'approved') {
      const teacherName = (app.db.prepare('SELECT name FROM users WHERE id = ?').get(teacherId) as { name: string }).name;
      notify(app, e.student_id, 'enrollment_approved', 'Enrollment Approved',
        `Your enrollment in ${e.course_name} was approved. Your teacher is ${teacherName}.`, ref);
      notify(app, teacherId!, 'teacher_enrollment_approved', 'New Student',
        `${e.student_name} has joined your ${e.course_name} classes.`, ref);
    } else if (status === 'action-needed') {
      notify(app, e.student_id, 'enrollment_action_needed', 'Action Needed',
        comment ?? e.admin_comment ?? `Please review your enrollment form for ${e.course_name}.`, ref);
    } else if (status === 'finished') {
      notify(app, e.student_id, 'course_finished', 'Course Finished', `Your enrollment in ${e.course_name} is finished.`, ref);
    }
    return teacherId;
  })();
  // An admin's decision: both parties' dashboards list the enrolment (the timezone is unused without classes).
  for (const to of new Set([e.student_id, teacher, e.teacher_id])) if (to != null) hintChanged(app, { id: to, tz: 'UTC' }, 'enrollment_status', []);
  return c.json({ data: serializeEnrollment(enrollmentById(app, e.id)!) });
});
