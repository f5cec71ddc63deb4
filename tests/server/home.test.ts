import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createClass, createCourse, createEnrollment, createUser, type ClassInput } from '../../server/seed/factory.ts';
import type { DB } from '../../server/db/index.ts';
import type { CourseResource, EnrollmentResource } from '../../server/lib/enrollments.ts';

const HOME_KEYS = [
  'user', 'next_class', 'reschedule_requests', 'slide_images', 'enrollments', 'enrollments_count', 'students_count',
  'month_done_classes', 'month_done_duration', 'month_salary', 'month_delayed_classes', 'month_delay_average',
  'month_delay_percent_total_classes', 'last_month_done_classes', 'last_month_done_duration', 'last_month_salary',
  'last_month_delayed_classes', 'last_month_delay_average', 'last_month_delay_percent_total_classes', 'teaching_courses',
  'featured_courses', 'low_credits_alert', 'wallet_balance',
].sort();

const TZ = 'Africa/Cairo';
/** Wall-clock instant in Cairo. */
const cairo = (date: string, time: string) => Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: TZ, plainTime: time }).epochMilliseconds;
/** The server clock is pinned here: mid-June 2031 in Cairo. */
const NOW = cairo('2031-06-15', '12:00');

describe('GET /home', () => {
  let s: TestServer;
  const w: Record<string, number> = {};
  const tok: Record<string, string> = {};

  function prepare(db: DB) {
    const cat = createCategory(db, 'Arabic');
    w.courseA = createCourse(db, { name: 'Alphabet', category_id: cat, hourly_price: 10, featured: true });
    w.courseB = createCourse(db, { name: 'Grammar', category_id: cat, hourly_price: 20 });
    w.courseOff = createCourse(db, { name: 'Old', category_id: cat, hourly_price: 5, featured: true, status: 'inactive' });
    w.teacher = createUser(db, { name: 'Teacher', email: 't@x.test', group_id: 1, timezone: TZ, teacher_hourly_price: 6 });
    w.teacher2 = createUser(db, { name: 'Teacher Two', email: 't2@x.test', group_id: 1, timezone: TZ });
    w.student = createUser(db, { name: 'Student', email: 's@x.test', credits: 3, timezone: TZ });
    w.rich = createUser(db, { name: 'Rich', email: 'r@x.test', credits: 100, timezone: TZ });
    w.pending = createUser(db, { name: 'Waiting', email: 'p@x.test' });
    w.eS = createEnrollment(db, { student_id: w.student, teacher_id: w.teacher, course_id: w.courseA, status: 'approved', class_duration: 60, weekly_classes: 2 });
    w.eSB = createEnrollment(db, { student_id: w.student, course_id: w.courseB, status: 'pending' });
    createEnrollment(db, { student_id: w.student, course_id: w.courseB, status: 'canceled' });
    w.eR = createEnrollment(db, { student_id: w.rich, teacher_id: w.teacher, course_id: w.courseB, status: 'joined', class_duration: 30 });
    createEnrollment(db, { student_id: w.pending, teacher_id: w.teacher, course_id: w.courseOff, status: 'pending' });
    w.eOther = createEnrollment(db, { student_id: w.rich, teacher_id: w.teacher2, course_id: w.courseA, status: 'approved' });

    const k = (enrollment_id: number, date: string, time: string, extra: Partial<ClassInput> = {}) =>
      createClass(db, { enrollment_id, start_at: cairo(date, time), ...extra }, NOW);
    const joined = (delay: number) => ({ teacher_joined_at: 1, delay_minutes: delay });
    // June (this month in Cairo)
    k(w.eS, '2031-06-02', '10:00', { attended: true, paid: true, ...joined(0) });
    k(w.eR, '2031-06-05', '10:00', { attended: true, paid: true, duration: 30, ...joined(5) });
    k(w.eS, '2031-06-08', '10:00', { attended: true, paid: true, ...joined(2) });
    k(w.eS, '2031-06-10', '10:00', { ...joined(10) }); // missed: counts in the average delay only
    k(w.eS, '2031-06-01', '00:30', { attended: true, paid: true }); // 31 May in UTC, June in Cairo
    // May (last month)
    k(w.eR, '2031-05-31', '23:30', { attended: true, paid: true, duration: 45, ...joined(3.5) });
    k(w.eS, '2031-05-10', '10:00', { attended: true, paid: true, ...joined(0) });
    // April: in neither month
    k(w.eS, '2031-04-30', '10:00', { attended: true, paid: true, ...joined(9) });
    // another teacher's classes never count
    k(w.eOther, '2031-06-03', '10:00', { attended: true, paid: true, ...joined(20) });

    // coming: a canceled one first, then the next class
    k(w.eS, '2031-06-15', '14:00', { canceled: true });
    w.next = k(w.eS, '2031-06-16', '10:00');
    w.later = k(w.eS, '2031-06-18', '10:00');
    w.richNext = k(w.eR, '2031-06-17', '09:00');

    const req = (class_id: number, sender_id: number, status = 'pending') =>
      Number(db.prepare(`INSERT INTO reschedule_requests (class_id, sender_id, permanent, old_start_at, new_start_at, reason, status, created_at)
        VALUES (?, ?, 0, ?, ?, 'why', ?, ?)`).run(class_id, sender_id, NOW, NOW + 86_400_000, status, NOW).lastInsertRowid);
    w.fromTeacher = req(w.next, w.teacher);
    w.fromStudent = req(w.later, w.student);
    req(w.richNext, w.rich, 'approved');
  }

  beforeAll(async () => {
    s = await startTestServer({}, prepare);
    s.app.clockOffsetMs = NOW - Date.now();
    for (const [name, email] of [['teacher', 't'], ['teacher2', 't2'], ['student', 's'], ['rich', 'r']]) tok[name!] = await s.login(`${email}@x.test`);
  });
  afterAll(() => s.close());

  it('needs a token', async () => {
    expect((await s.api('GET', '/home')).status).toBe(401);
  });

  it('answers the student dashboard', async () => {
    const r = await s.api('GET', '/home', { token: tok.student });
    expect(r.status).toBe(200);
    const h = r.body.data;
    expect(Object.keys(h).sort()).toEqual(HOME_KEYS);
    expect(h.user).toMatchObject({ id: w.student, groupId: 0, credits: 3 });
    expect(h.next_class).toMatchObject({ id: w.next, date: '2031-06-16', start: '10:00', price: 10, payment_status: 'credits-not-enough', waiting_reschedule_request: true });
    expect(h.reschedule_requests.map((x: { id: number }) => x.id)).toEqual([w.fromTeacher]);
    expect(h.reschedule_requests[0]).toMatchObject({ class_id: w.next, sender: { id: w.teacher, name: 'Teacher' }, status: 'pending', reason: 'why' });
    expect(h.slide_images).toHaveLength(3);
    for (const slide of h.slide_images) expect(slide.url).toMatch(/^\/slides\/.+\.svg$/);
    expect(h.slide_images.filter((x: { href?: string }) => x.href)).toHaveLength(1);
    expect(h.enrollments.map((e: EnrollmentResource) => e.id).sort()).toEqual([w.eS, w.eSB].sort());
    expect(h.enrollments_count).toBe(2);
    const eS = h.enrollments.find((e: EnrollmentResource) => e.id === w.eS);
    expect(eS).toMatchObject({ status: 'approved', class_duration: 60, weekly_classes: 2, course: { id: w.courseA, name: 'Alphabet', category_name: 'Arabic' }, teacher: { id: w.teacher } });
    expect(Array.isArray(eS.preferred_days) && Array.isArray(eS.schedule)).toBe(true);
    expect(h.featured_courses.map((c: CourseResource) => c.id)).toEqual([w.courseA]);
    expect(h.featured_courses[0]).toMatchObject({ name: 'Alphabet', featured: true, enrolled: true, weekly_price: 20, finish_requested: false, category_name: 'Arabic' });
    expect(h.featured_courses[0].enrollment.id).toBe(w.eS);
    expect(h.low_credits_alert).toBe(true);
    expect(h.wallet_balance).toBe(3);
    expect(h).toMatchObject({ students_count: 0, month_done_classes: 0, last_month_salary: 0, teaching_courses: [] });
  });

  it('raises no low-credit alert for a student who can pay', async () => {
    const h = (await s.api('GET', '/home', { token: tok.rich })).body.data;
    expect(h.next_class.id).toBe(w.richNext);
    expect(h.low_credits_alert).toBe(false);
    expect(h.wallet_balance).toBe(100);
    expect(h.reschedule_requests).toEqual([]); // their own approved request is not listed
    expect(h.featured_courses[0]).toMatchObject({ id: w.courseA, enrolled: true });
  });

  it('answers the teacher dashboard with this and last month in the teacher timezone', async () => {
    const r = await s.api('GET', '/home', { token: tok.teacher });
    expect(r.status).toBe(200);
    const h = r.body.data;
    expect(Object.keys(h).sort()).toEqual(HOME_KEYS);
    expect(h.user).toMatchObject({ id: w.teacher, groupId: 1 });
    expect(h.next_class).toMatchObject({ id: w.next, student_timezone: TZ });
    expect(h.reschedule_requests.map((x: { id: number }) => x.id)).toEqual([w.fromStudent]);
    expect(h.students_count).toBe(2);
    expect(h.enrollments.map((e: EnrollmentResource) => e.id).sort()).toEqual([w.eS, w.eR].sort());
    expect(h.enrollments_count).toBe(2);
    expect(h.teaching_courses.map((c: CourseResource) => c.id).sort()).toEqual([w.courseA, w.courseB].sort());
    expect(h).toMatchObject({
      month_done_classes: 4,
      month_done_duration: 210,
      month_salary: 21,
      month_delayed_classes: 2,
      month_delay_average: 4.3,
      month_delay_percent_total_classes: 50,
      last_month_done_classes: 2,
      last_month_done_duration: 105,
      last_month_salary: 10.5,
      last_month_delayed_classes: 1,
      last_month_delay_average: 1.8,
      last_month_delay_percent_total_classes: 50,
      featured_courses: [],
      low_credits_alert: false,
    });
  });

  it('counts only the teacher\'s own classes, and zeros where there are none', async () => {
    const h = (await s.api('GET', '/home', { token: tok.teacher2 })).body.data;
    expect(h).toMatchObject({
      next_class: null, reschedule_requests: [], students_count: 1, month_done_classes: 1, month_done_duration: 60,
      month_salary: 5, month_delayed_classes: 1, month_delay_average: 20, month_delay_percent_total_classes: 100,
      last_month_done_classes: 0, last_month_salary: 0, last_month_delay_average: 0, last_month_delay_percent_total_classes: 0,
    });
  });
});
