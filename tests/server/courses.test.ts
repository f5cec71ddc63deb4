import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createClass, createCourse, createEnrollment, createUser } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';
import type { CourseResource, EnrollmentResource, EnrollmentRow } from '../../server/lib/enrollments.ts';
import type { ClassRow } from '../../server/lib/classes.ts';
import type { NotificationRow } from '../../server/lib/notify.ts';

const DAY = 86_400_000;
const localToday = (tz: string) => Temporal.Now.plainDateISO(tz);
const tomorrowIn = (tz: string) => localToday(tz).add({ days: 1 }).toString();
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
/** The first date from tomorrow (Cairo) that falls on one of the week days. */
function nextOn(days: number[]): string {
  let d = localToday('Africa/Cairo').add({ days: 1 });
  while (!days.includes(d.dayOfWeek % 7)) d = d.add({ days: 1 });
  return d.toString();
}

const REQUIRED = 'Required inputs cannot be empty';
const PREFERRED = "'Preferred Days' must be equal or more than 'Classes/ Week'";
const SCHEDULE = "'Schedule' times must be equal or more than 'Classes/ Week'";

describe('courses and enrolment', () => {
  let s: TestServer;
  const id = {
    quran: 0, arabic: 0, tajweed: 0, grammar: 0, fiqh: 0, history: 0, hidden: 0, seerah: 0,
    sara: 0, kiri: 0, pago: 0, omar: 0, teacher: 0, teacher2: 0,
    grammarEnr: 0, fiqhEnr: 0, historyEnr: 0, omarEnr: 0, seerahEnr: 0,
    pastClass: 0, future1: 0, future2: 0, futureWithHistory: 0,
  };
  const tok = { sara: '', kiri: '', pago: '', omar: '', teacher: '', teacher2: '' };
  const now = Date.now();

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      id.teacher = createUser(db, { name: 'Ahmad Teacher', email: 'ahmad@example.com', group_id: 1 });
      id.teacher2 = createUser(db, { name: 'Bilal Teacher', email: 'bilal@example.com', group_id: 1 });
      id.sara = createUser(db, { name: 'Sara', email: 'sara@example.com', timezone: 'Africa/Cairo' });
      id.kiri = createUser(db, { name: 'Kiri', email: 'kiri@example.com', timezone: 'Pacific/Kiritimati' });
      id.pago = createUser(db, { name: 'Pago', email: 'pago@example.com', timezone: 'Etc/GMT+12' });
      id.omar = createUser(db, { name: 'Omar', email: 'omar@example.com' });
      id.quran = createCategory(db, 'Quran');
      id.arabic = createCategory(db, 'Arabic');
      id.tajweed = createCourse(db, { name: 'Tajweed', category_id: id.quran, hourly_price: 10, image_url: 'https://img/tajweed.png', featured: true, description: 'Rules of recitation' });
      id.grammar = createCourse(db, { name: 'Arabic Grammar', category_id: id.arabic, hourly_price: 12 });
      id.fiqh = createCourse(db, { name: 'Fiqh', category_id: id.quran, hourly_price: 8 });
      id.history = createCourse(db, { name: 'History', category_id: id.quran, hourly_price: 8 });
      id.seerah = createCourse(db, { name: 'Seerah', category_id: id.quran, hourly_price: 9 });
      id.hidden = createCourse(db, { name: 'Retired course', category_id: id.quran, hourly_price: 8, status: 'inactive' });

      id.grammarEnr = createEnrollment(db, {
        student_id: id.sara, course_id: id.grammar, status: 'action-needed', admin_comment: 'Please pick other times',
        class_duration: 45, weekly_classes: 3, hourly_price: 15, start_day: nextOn([0, 2, 4]), preferred_days: [0, 2, 4],
        schedule: [{ day: 0, from: '10:00', to: '11:00' }, { day: 2, from: '10:00', to: '11:00' }, { day: 4, from: '10:00', to: '11:00' }],
        comment: 'mornings please', created_at: now - 5 * DAY,
      });
      id.fiqhEnr = createEnrollment(db, { student_id: id.sara, course_id: id.fiqh, teacher_id: id.teacher, status: 'approved', created_at: now - 20 * DAY });
      id.historyEnr = createEnrollment(db, { student_id: id.sara, course_id: id.history, teacher_id: id.teacher, status: 'finished', created_at: now - 90 * DAY });
      id.seerahEnr = createEnrollment(db, { student_id: id.sara, course_id: id.seerah, teacher_id: id.teacher2, status: 'joined', finish_requested: true, created_at: now - 30 * DAY });
      id.omarEnr = createEnrollment(db, { student_id: id.omar, course_id: id.tajweed, teacher_id: id.teacher, status: 'joined', created_at: now - 10 * DAY });

      id.pastClass = createClass(db, { enrollment_id: id.fiqhEnr, start_at: now - 2 * DAY, attended: true });
      id.future1 = createClass(db, { enrollment_id: id.fiqhEnr, start_at: now + 2 * DAY });
      id.future2 = createClass(db, { enrollment_id: id.fiqhEnr, start_at: now + 9 * DAY });
      id.futureWithHistory = createClass(db, { enrollment_id: id.fiqhEnr, start_at: now + 16 * DAY, rescheduled: true });
      db.prepare('INSERT INTO class_changes (user_id, class_id, month, kind, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(id.sara, id.futureWithHistory, new Date(now).toISOString().slice(0, 7), 'reschedule', now);
      db.prepare('INSERT INTO reschedule_requests (class_id, sender_id, old_start_at, new_start_at, status, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(id.future1, id.teacher, now + 2 * DAY, now + 3 * DAY, 'pending', now);

      for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = issueToken(db, id[k], now);
    });
  });
  afterAll(() => s.close());

  const form = (over: Record<string, unknown> = {}) => ({
    class_duration: 60, weekly_classes: 2, start_day: tomorrowIn('Africa/Cairo'), comment: 'After school',
    preferred_days: ALL_DAYS,
    schedule: [{ day: 1, from: '17:00', to: '18:00' }, { day: 3, from: '17:00', to: '18:00' }, { day: null, from: '', to: '' }],
    ...over,
  });
  const enroll = (course: number, body: unknown, token = tok.sara) => s.api('POST', `/courses/${course}/enroll`, { token, body });
  const expect422 = (r: { status: number; body: { message: string; errors: Record<string, string[]> } }, field: string, message: string) => {
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(message);
    expect(r.body.errors[field]).toEqual([message]);
  };
  const enrollmentCount = (student: number) =>
    (s.app.db.prepare('SELECT COUNT(*) AS n FROM enrollments WHERE student_id = ?').get(student) as { n: number }).n;
  const notificationsOf = (user: number, type: string) =>
    s.app.db.prepare('SELECT * FROM notifications WHERE user_id = ? AND type = ?').all(user, type) as NotificationRow[];

  describe('catalogue', () => {
    it('requires sign-in and refuses teachers with 403', async () => {
      expect((await s.api('GET', '/courses')).status).toBe(401);
      expect((await s.api('GET', '/my-enrollments')).status).toBe(401);
      for (const [method, path] of [
        ['GET', '/courses'], ['GET', `/courses/${id.tajweed}`], ['POST', `/courses/${id.tajweed}/enroll`],
        ['PUT', `/courses/${id.tajweed}/enroll`], ['POST', `/courses/${id.tajweed}/finish`],
      ] as const) {
        const r = await s.api(method, path, { token: tok.teacher, body: method === 'GET' ? undefined : form() });
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.body).toEqual({ message: 'Forbidden.' });
      }
    });

    it('lists active courses with the caller\'s enrolment state and weekly price', async () => {
      const r = await s.api('GET', '/courses', { token: tok.sara });
      expect(r.status).toBe(200);
      const names = r.body.data.map((c: CourseResource) => c.name);
      expect(names).toEqual(['Tajweed', 'Arabic Grammar', 'Fiqh', 'History', 'Seerah']);
      const byName = Object.fromEntries(r.body.data.map((c: CourseResource) => [c.name, c]));
      expect(byName.Tajweed).toEqual({
        id: id.tajweed, name: 'Tajweed', description: 'Rules of recitation', image_url: 'https://img/tajweed.png',
        category_id: id.quran, category_name: 'Quran', details_url: null, hourly_price: 10, featured: true, status: 'active',
        enrolled: false, enrollment: null, finish_requested: false, weekly_price: null,
      });
      // Omar's enrolment in Tajweed is not Sara's business
      expect(byName['Arabic Grammar']).toMatchObject({ enrolled: true, finish_requested: false, weekly_price: 33.75, category_name: 'Arabic' });
      expect(byName['Arabic Grammar'].enrollment).toEqual({
        id: id.grammarEnr, status: 'action-needed', admin_comment: 'Please pick other times', class_duration: 45, weekly_classes: 3,
        start_day: nextOn([0, 2, 4]), comment: 'mornings please', preferred_days: [0, 2, 4],
        schedule: [{ day: 0, from: '10:00', to: '11:00' }, { day: 2, from: '10:00', to: '11:00' }, { day: 4, from: '10:00', to: '11:00' }],
        hourly_price: 15, finish_requested: false,
        course: { id: id.grammar, name: 'Arabic Grammar', image_url: null, category_name: 'Arabic' },
        student: { id: id.sara, name: 'Sara', avatar: null }, teacher: null,
        created_at: new Date(now - 5 * DAY).toISOString(),
      });
      expect(byName.Fiqh).toMatchObject({ enrolled: true, weekly_price: 16, enrollment: { status: 'approved', teacher: { id: id.teacher, name: 'Ahmad Teacher' } } });
      expect(byName.History).toMatchObject({ enrolled: false, enrollment: null, weekly_price: null });
      expect(byName.Seerah).toMatchObject({ enrolled: true, finish_requested: true });
    });

    it('shows one course with the class duration items; unknown or retired courses are 404', async () => {
      const r = await s.api('GET', `/courses/${id.grammar}`, { token: tok.sara });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: id.grammar, enrolled: true, enrollment: { id: id.grammarEnr } });
      expect(r.body.meta).toEqual({
        class_duration_items: [
          { text: '30 Minutes', value: 30 }, { text: '45 Minutes', value: 45 }, { text: '60 Minutes', value: 60 }, { text: '90 Minutes', value: 90 },
        ],
      });
      for (const path of ['/courses/999999', `/courses/${id.hidden}`, '/courses/abc']) {
        const n = await s.api('GET', path, { token: tok.sara });
        expect(n.status, path).toBe(404);
      }
    });
  });

  describe('enrol', () => {
    it('requires duration, classes per week and start day', async () => {
      expect422(await enroll(id.tajweed, {}), 'class_duration', REQUIRED);
      const r = await enroll(id.tajweed, form({ class_duration: '', weekly_classes: null, start_day: undefined }));
      expect(r.status).toBe(422);
      expect(r.body.message).toBe(REQUIRED);
      expect(r.body.errors.class_duration).toEqual([REQUIRED]);
      expect(r.body.errors.weekly_classes).toEqual([REQUIRED]);
      expect(r.body.errors.start_day).toEqual([REQUIRED]);
      expect422(await enroll(id.tajweed, form({ start_day: '' })), 'start_day', REQUIRED);
    });

    it('accepts only the offered durations and 1 to 6 classes a week, 1 only from 60 minutes', async () => {
      expect422(await enroll(id.tajweed, form({ class_duration: 50 })), 'class_duration', 'The selected class duration is invalid.');
      expect422(await enroll(id.tajweed, form({ weekly_classes: 0 })), 'weekly_classes', 'Classes per week must be between 1 and 6.');
      expect422(await enroll(id.tajweed, form({ weekly_classes: 7 })), 'weekly_classes', 'Classes per week must be between 1 and 6.');
      expect422(await enroll(id.tajweed, form({ weekly_classes: 2.5 })), 'weekly_classes', 'Classes per week must be between 1 and 6.');
      expect422(await enroll(id.tajweed, form({ weekly_classes: 1, class_duration: 45 })), 'weekly_classes',
        'One class per week is available only for classes of 60 minutes or more.');
      expect422(await enroll(id.tajweed, form({ weekly_classes: 1, class_duration: 30 })), 'weekly_classes',
        'One class per week is available only for classes of 60 minutes or more.');
      expect(enrollmentCount(id.sara)).toBe(4);
    });

    it('needs at least as many preferred days, distinct and within 0..6', async () => {
      expect422(await enroll(id.tajweed, form({ weekly_classes: 3, preferred_days: [1, 3] })), 'preferred_days', PREFERRED);
      expect422(await enroll(id.tajweed, form({ preferred_days: [] })), 'preferred_days', PREFERRED);
      expect422(await enroll(id.tajweed, form({ preferred_days: undefined })), 'preferred_days', PREFERRED);
      expect422(await enroll(id.tajweed, form({ preferred_days: [1, 1, 3] })), 'preferred_days', 'The preferred days must be distinct week days (0 to 6).');
      expect422(await enroll(id.tajweed, form({ preferred_days: [1, 7] })), 'preferred_days', 'The preferred days must be distinct week days (0 to 6).');
    });

    it('needs at least as many schedule entries with a day chosen', async () => {
      const blankRows = [{ day: 1, from: '17:00', to: '18:00' }, { day: null, from: '', to: '' }, { day: '', from: '09:00', to: '10:00' }];
      expect422(await enroll(id.tajweed, form({ schedule: blankRows })), 'schedule', SCHEDULE);
      expect422(await enroll(id.tajweed, form({ schedule: [] })), 'schedule', SCHEDULE);
      expect422(await enroll(id.tajweed, form({ schedule: [{ day: 1, from: '25:00', to: '26:00' }, { day: 2, from: '17:00', to: '18:00' }] })),
        'schedule', 'Each schedule entry needs a week day (0 to 6) and times from and to (HH:mm).');
      expect422(await enroll(id.tajweed, form({ schedule: [{ day: 9, from: '10:00', to: '11:00' }, { day: 2, from: '17:00', to: '18:00' }] })),
        'schedule', 'Each schedule entry needs a week day (0 to 6) and times from and to (HH:mm).');
    });

    it('starts no earlier than tomorrow in the student\'s timezone, on a preferred weekday', async () => {
      expect422(await enroll(id.tajweed, form({ start_day: localToday('Africa/Cairo').toString() })), 'start_day', 'The start day must be tomorrow or later.');
      expect422(await enroll(id.tajweed, form({ start_day: '2020-01-01' })), 'start_day', 'The start day must be tomorrow or later.');
      expect422(await enroll(id.tajweed, form({ start_day: '2031-02-30' })), 'start_day', 'The start day must be a valid date.');
      expect422(await enroll(id.tajweed, form({ start_day: 'next week' })), 'start_day', 'The start day must be a valid date.');
      const tomorrow = Temporal.PlainDate.from(tomorrowIn('Africa/Cairo'));
      const others = ALL_DAYS.filter((d) => d !== tomorrow.dayOfWeek % 7).slice(0, 2);
      expect422(await enroll(id.tajweed, form({ preferred_days: others })), 'start_day', 'The start day must be one of the preferred days.');

      // The same calendar date is "today" at UTC+14 and at least "tomorrow" at UTC-12.
      const kiriToday = localToday('Pacific/Kiritimati').toString();
      expect422(await enroll(id.tajweed, form({ start_day: kiriToday }), tok.kiri), 'start_day', 'The start day must be tomorrow or later.');
      const ok = await enroll(id.tajweed, form({ start_day: kiriToday }), tok.pago);
      expect(ok.status).toBe(200);
      expect(ok.body.data.start_day).toBe(kiriToday);
    });

    it('limits the comment to 1000 characters', async () => {
      expect422(await enroll(id.tajweed, form({ comment: 'x'.repeat(1001) })), 'comment', 'The comment may not be greater than 1000 characters.');
    });

    it('creates a pending enrolment, notifies the student, and shows it on the course', async () => {
      const r = await enroll(id.tajweed, form({ comment: '  ', preferred_days: ['1', '3'], weekly_classes: '2', class_duration: '60', start_day: undefined }));
      expect422(r, 'start_day', REQUIRED);
      const tomorrow = Temporal.PlainDate.from(tomorrowIn('Africa/Cairo'));
      const good = form({ preferred_days: [tomorrow.dayOfWeek % 7, (tomorrow.dayOfWeek + 2) % 7], start_day: tomorrow.toString() });
      const created = await enroll(id.tajweed, good);
      expect(created.status).toBe(200);
      expect(created.body.data).toEqual({
        id: expect.any(Number), status: 'pending', admin_comment: null, class_duration: 60, weekly_classes: 2,
        start_day: tomorrow.toString(), comment: 'After school', preferred_days: good.preferred_days,
        schedule: [{ day: 1, from: '17:00', to: '18:00' }, { day: 3, from: '17:00', to: '18:00' }],
        hourly_price: null, finish_requested: false,
        course: { id: id.tajweed, name: 'Tajweed', image_url: 'https://img/tajweed.png', category_name: 'Quran' },
        student: { id: id.sara, name: 'Sara', avatar: null }, teacher: null, created_at: expect.any(String),
      });
      const notes = notificationsOf(id.sara, 'course_enrolled');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.course_id).toBe(id.tajweed);
      const course = await s.api('GET', `/courses/${id.tajweed}`, { token: tok.sara });
      expect(course.body.data).toMatchObject({ enrolled: true, weekly_price: 20, enrollment: { id: created.body.data.id, status: 'pending' } });

      const again = await enroll(id.tajweed, good);
      expect422(again, 'course', 'You are already enrolled in this course.');
      expect(notificationsOf(id.sara, 'course_enrolled')).toHaveLength(1);
    });

    it('a finished enrolment does not block a new one', async () => {
      const r = await enroll(id.history, form());
      expect(r.status).toBe(200);
      const course = await s.api('GET', `/courses/${id.history}`, { token: tok.sara });
      expect(course.body.data.enrollment.id).toBe(r.body.data.id);
    });

    it('cannot enrol in a retired or unknown course', async () => {
      expect((await enroll(id.hidden, form())).status).toBe(404);
      expect((await enroll(999999, form())).status).toBe(404);
    });
  });

  describe('resubmit (PUT)', () => {
    const grammarForm = (over: Record<string, unknown> = {}) => ({
      class_duration: 45, weekly_classes: 3, start_day: nextOn([0, 2, 4]), comment: 'mornings please', preferred_days: [4, 0, 2],
      schedule: [{ day: 0, from: '10:00', to: '11:00' }, { day: 2, from: '10:00', to: '11:00' }, { day: 4, from: '10:00', to: '11:00' }, { day: null, from: '', to: '' }],
      ...over,
    });

    it('requires a change from the stored form', async () => {
      const r = await s.api('PUT', `/courses/${id.grammar}/enroll`, { token: tok.sara, body: grammarForm() });
      expect422(r, 'form', 'Please update enrollment form to resubmit');
    });

    it('validates like the creation', async () => {
      const r = await s.api('PUT', `/courses/${id.grammar}/enroll`, { token: tok.sara, body: grammarForm({ weekly_classes: 4 }) });
      expect422(r, 'preferred_days', PREFERRED);
    });

    it('saves the change: status updated, admin comment cleared', async () => {
      const r = await s.api('PUT', `/courses/${id.grammar}/enroll`, {
        token: tok.sara, body: grammarForm({ comment: 'evenings now', schedule: [
          { day: 0, from: '19:00', to: '20:00' }, { day: 2, from: '19:00', to: '20:00' }, { day: 4, from: '19:00', to: '20:00' }] }),
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: id.grammarEnr, status: 'updated', admin_comment: null, comment: 'evenings now', hourly_price: 15 });
      expect(r.body.data.schedule[0]).toEqual({ day: 0, from: '19:00', to: '20:00' });
    });

    it('refuses an approved enrolment with NOT_ALLOWED and a missing one with 404', async () => {
      const r = await s.api('PUT', `/courses/${id.fiqh}/enroll`, { token: tok.sara, body: form() });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'NOT_ALLOWED', message: 'NOT_ALLOWED' });
      // Omar has no enrolment in Grammar (Sara has): 404, nothing changes for Sara
      const o = await s.api('PUT', `/courses/${id.grammar}/enroll`, { token: tok.omar, body: form() });
      expect(o.status).toBe(404);
      expect((s.app.db.prepare('SELECT student_id FROM enrollments WHERE id = ?').get(id.grammarEnr) as { student_id: number }).student_id).toBe(id.sara);
    });
  });

  describe('finish (Cancel Subscription)', () => {
    it('requires a reason', async () => {
      for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
        expect422(await s.api('POST', `/courses/${id.fiqh}/finish`, { token: tok.sara, body }), 'reason', 'Please enter the reason.');
      }
    });

    it('applies only to an approved or joined enrolment', async () => {
      const pending = await s.api('POST', `/courses/${id.grammar}/finish`, { token: tok.sara, body: { reason: 'moving' } });
      expect(pending.status).toBe(400);
      expect(pending.body.code).toBe('NOT_ALLOWED');
      const none = await s.api('POST', `/courses/${id.tajweed}/finish`, { token: tok.kiri, body: { reason: 'moving' } });
      expect(none.status).toBe(404);
      const already = await s.api('POST', `/courses/${id.seerah}/finish`, { token: tok.sara, body: { reason: 'again' } });
      expect(already.status).toBe(400);
      expect(already.body.code).toBe('NOT_ALLOWED');
    });

    it('records the request, notifies, and takes the remaining classes off the calendar', async () => {
      const r = await s.api('POST', `/courses/${id.fiqh}/finish`, { token: tok.sara, body: { reason: 'Travelling for a year' } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: id.fiqhEnr, status: 'approved', finish_requested: true });
      const row = s.app.db.prepare('SELECT finish_requested, finish_reason FROM enrollments WHERE id = ?').get(id.fiqhEnr) as Pick<EnrollmentRow, 'finish_requested' | 'finish_reason'>;
      expect(row).toEqual({ finish_requested: 1, finish_reason: 'Travelling for a year' });
      expect(notificationsOf(id.sara, 'finish_enrollment_request')).toHaveLength(1);

      const classes = s.app.db.prepare('SELECT id, canceled, cancelation_reason FROM classes WHERE enrollment_id = ? ORDER BY start_at').all(id.fiqhEnr) as Pick<ClassRow, 'id' | 'canceled' | 'cancelation_reason'>[];
      expect(classes.map((k) => k.id)).toEqual([id.pastClass, id.futureWithHistory]);
      expect(classes[0]!.canceled).toBe(0);
      expect(classes[1]).toMatchObject({ canceled: 1, cancelation_reason: 'Subscription canceled' });
      expect(s.app.db.prepare('SELECT COUNT(*) AS n FROM reschedule_requests WHERE class_id = ?').get(id.future1)).toEqual({ n: 0 });

      const course = await s.api('GET', `/courses/${id.fiqh}`, { token: tok.sara });
      expect(course.body.data).toMatchObject({ enrolled: true, finish_requested: true });
      const again = await s.api('POST', `/courses/${id.fiqh}/finish`, { token: tok.sara, body: { reason: 'Travelling' } });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('NOT_ALLOWED');
    });
  });

  describe('my enrolments', () => {
    it('a student gets their own, newest first', async () => {
      const r = await s.api('GET', '/my-enrollments', { token: tok.sara });
      expect(r.status).toBe(200);
      const list: EnrollmentResource[] = r.body.data;
      expect(list.every((e) => e.student.id === id.sara)).toBe(true);
      expect(list.map((e) => e.id)).toContain(id.historyEnr);
      expect(list.map((e) => e.id)).not.toContain(id.omarEnr);
      const created = list.map((e) => Date.parse(e.created_at));
      expect([...created].sort((a, b) => b - a)).toEqual(created);
    });

    it('a teacher gets the running enrolments they teach', async () => {
      const r = await s.api('GET', '/my-enrollments', { token: tok.teacher });
      expect(r.status).toBe(200);
      expect(r.body.data.map((e: EnrollmentResource) => e.id).sort()).toEqual([id.fiqhEnr, id.omarEnr].sort());
      const r2 = await s.api('GET', '/my-enrollments', { token: tok.teacher2 });
      expect(r2.body.data.map((e: EnrollmentResource) => e.id)).toEqual([id.seerahEnr]);
    });
  });

  describe('test API: the admin decides', () => {
    it('approves with the first teacher by default and notifies student and teacher', async () => {
      const mine = await s.api('GET', `/courses/${id.tajweed}`, { token: tok.sara });
      const enrId = mine.body.data.enrollment.id;
      const r = await s.api('POST', `/test/enrollments/${enrId}/status`, { body: { status: 'approved' } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 'approved', teacher: { id: id.teacher, name: 'Ahmad Teacher' } });
      expect(notificationsOf(id.sara, 'enrollment_approved')).toHaveLength(1);
      expect(notificationsOf(id.teacher, 'teacher_enrollment_approved')).toHaveLength(1);
      const t = await s.api('GET', '/my-enrollments', { token: tok.teacher });
      expect(t.body.data.map((e: EnrollmentResource) => e.id)).toContain(enrId);
    });

    it('approves with a chosen teacher; refuses a non-teacher', async () => {
      const mine = await s.api('GET', `/courses/${id.history}`, { token: tok.sara });
      const enrId = mine.body.data.enrollment.id;
      const bad = await s.api('POST', `/test/enrollments/${enrId}/status`, { body: { status: 'approved', teacher_id: id.omar } });
      expect(bad.status).toBe(422);
      const r = await s.api('POST', `/test/enrollments/${enrId}/status`, { body: { status: 'approved', teacher_id: id.teacher2 } });
      expect(r.body.data.teacher.id).toBe(id.teacher2);
      expect(notificationsOf(id.teacher2, 'teacher_enrollment_approved')).toHaveLength(1);
    });

    it('asks for action with a comment that the student sees', async () => {
      const r = await s.api('POST', `/test/enrollments/${id.grammarEnr}/status`, { body: { status: 'action-needed', admin_comment: 'Choose a later start' } });
      expect(r.body.data).toMatchObject({ status: 'action-needed', admin_comment: 'Choose a later start' });
      const n = notificationsOf(id.sara, 'enrollment_action_needed');
      expect(n).toHaveLength(1);
      expect(n[0]!.content).toBe('Choose a later start');
      const bad = await s.api('POST', `/test/enrollments/${id.grammarEnr}/status`, { body: { status: 'dancing' } });
      expect(bad.status).toBe(422);
      expect((await s.api('POST', '/test/enrollments/999999/status', { body: { status: 'approved' } })).status).toBe(404);
    });
  });
});
