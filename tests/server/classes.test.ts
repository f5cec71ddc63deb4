import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createClass, createCourse, createEnrollment, createUser, type ClassInput } from '../../server/seed/factory.ts';
import { setSetting } from '../../server/lib/settings.ts';
import { classRow, type ClassResource } from '../../server/lib/classes.ts';
import type { NotificationRow } from '../../server/lib/notify.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** The server's clock in every test of this file (tests that need another moment set their own). */
const FIXED_NOW = Date.UTC(2031, 0, 15, 22, 30);

export const CLASS_KEYS = [
  'id', 'name', 'date', 'start', 'end', 'start_datetime', 'end_datetime', 'duration', 'status', 'full_status', 'enrollment',
  'rescheduled', 'waiting_reschedule_request', 'absent', 'canceled', 'cancelation_reason', 'makeup', 'payment_status',
  'has_class_report', 'class_report_rating', 'join_url', 'url_editable', 'url_added_at', 'editable', 'joinable',
  'can_mark_attended', 'attended', 'limit_exceeded', 'available_class_changes', 'monthly_class_changes', 'student_age',
  'student_timezone', 'teacher_joined', 'price',
].sort();

const REQUEST_KEYS = [
  'id', 'class_id', 'enrollment', 'sender', 'permanent', 'old_start_formated', 'start_formated', 'old_start_datetime',
  'start_datetime', 'reason', 'status',
].sort();

interface World {
  teacher: number; teacher2: number; teacher3: number; student: number; poor: number; other: number; london: number;
  course: number; e1: number; e2: number; e3: number; eLondon: number; ePending: number; eList: number;
}

describe('classes', () => {
  let s: TestServer;
  const w = {} as World;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      const cat = createCategory(db, 'Quran');
      w.course = createCourse(db, { name: 'Tajweed', category_id: cat, hourly_price: 10 });
      w.teacher = createUser(db, { name: 'Teacher One', email: 't1@x.test', group_id: 1, timezone: 'Africa/Cairo' });
      w.teacher2 = createUser(db, { name: 'Teacher Two', email: 't2@x.test', group_id: 1 });
      w.teacher3 = createUser(db, { name: 'Teacher Three', email: 't3@x.test', group_id: 1 });
      w.student = createUser(db, { name: 'Student One', email: 's1@x.test', credits: 100, timezone: 'Europe/London', date_of_birth: '2012-01-15' });
      w.poor = createUser(db, { name: 'Poor Student', email: 's2@x.test', credits: 1 });
      w.other = createUser(db, { name: 'Other Student', email: 's3@x.test', credits: 50 });
      w.london = createUser(db, { name: 'London Student', email: 's4@x.test', credits: 50, timezone: 'Europe/London' });
      w.e1 = createEnrollment(db, { student_id: w.student, teacher_id: w.teacher, course_id: w.course, status: 'approved', class_duration: 60 });
      w.e2 = createEnrollment(db, { student_id: w.poor, teacher_id: w.teacher, course_id: w.course, status: 'joined', hourly_price: 12, class_duration: 30 });
      w.e3 = createEnrollment(db, { student_id: w.other, teacher_id: w.teacher2, course_id: w.course, status: 'approved' });
      w.eLondon = createEnrollment(db, { student_id: w.london, teacher_id: w.teacher, course_id: w.course, status: 'approved' });
      w.ePending = createEnrollment(db, { student_id: w.other, teacher_id: w.teacher, course_id: w.course, status: 'pending' });
      w.eList = createEnrollment(db, { student_id: w.other, teacher_id: w.teacher3, course_id: w.course, status: 'approved' });
    });
    for (const [k, e] of [['teacher', 't1'], ['teacher2', 't2'], ['teacher3', 't3'], ['student', 's1'], ['poor', 's2'], ['other', 's3'], ['london', 's4']]) {
      tok[k!] = await s.login(`${e}@x.test`);
    }
  });
  afterAll(() => s.close());
  // Every test starts at one fixed instant, never the wall clock: 22:30 UTC is already tomorrow in
  // Cairo (the teacher) but still today in London (the student), so the rules that count days in the
  // user's own timezone are checked where the two disagree, whatever time the suite runs at. A
  // mid-month Wednesday in winter keeps month limits and daylight-saving changes out of the way.
  beforeEach(() => {
    s.app.clockOffsetMs = FIXED_NOW - Date.now();
    s.app.db.prepare('DELETE FROM class_changes').run();
  });

  const mk = (k: Partial<ClassInput> & { enrollment_id?: number; in: number }) =>
    createClass(s.app.db, { enrollment_id: k.enrollment_id ?? w.e1, start_at: s.app.now() + k.in, ...k });
  const cls = (id: number) => classRow(s.app, id)!;
  const credits = (id: number) => (s.app.db.prepare('SELECT credits FROM users WHERE id = ?').get(id) as { credits: number }).credits;
  const addReport = (classId: number, rating = 4.5) =>
    s.app.db.prepare('INSERT INTO class_reports (class_id, rating, class_activity, homework, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(classId, rating, 'Read', 'Revise', Date.now(), Date.now());
  const notes = (userId: number, type: string) =>
    s.app.db.prepare('SELECT * FROM notifications WHERE user_id = ? AND type = ?').all(userId, type) as NotificationRow[];
  const localDay = (tz: string, plusDays: number) => Temporal.Instant.fromEpochMilliseconds(s.app.now()).toZonedDateTimeISO(tz).toPlainDate().add({ days: plusDays }).toString();

  describe('GET /classes/:id', () => {
    it('serializes a class for its student, in the student timezone', async () => {
      // 2 days ahead, 45 minutes, at a fixed UTC instant so the local clock can be checked
      const startAt = Date.UTC(2031, 0, 14, 15, 0); // 15:00 London (winter), 17:00 Cairo
      s.app.clockOffsetMs = startAt - 2 * DAY - Date.now();
      const id = createClass(s.app.db, { enrollment_id: w.e1, start_at: startAt, duration: 45, name: 'Juz Amma' });
      const r = await s.api('GET', `/classes/${id}`, { token: tok.student });
      expect(r.status).toBe(200);
      const c = r.body.data;
      expect(Object.keys(c).sort()).toEqual(CLASS_KEYS);
      expect(c).toMatchObject({
        id, name: 'Juz Amma', date: '2031-01-14', start: '15:00', end: '15:45', duration: 45,
        start_datetime: '2031-01-14T15:00:00.000Z', end_datetime: '2031-01-14T15:45:00.000Z',
        status: 'scheduled', full_status: 'scheduled', payment_status: 'paid', price: 7.5,
        editable: true, joinable: false, url_editable: false, can_mark_attended: false, attended: false,
        canceled: false, absent: false, makeup: false, rescheduled: false, waiting_reschedule_request: false,
        has_class_report: false, class_report_rating: null, join_url: null, url_added_at: null,
        limit_exceeded: false, available_class_changes: 4, monthly_class_changes: 4,
        student_age: null, student_timezone: null, teacher_joined: false, cancelation_reason: null,
      });
      expect(c.enrollment).toEqual({
        id: w.e1,
        course: { id: w.course, name: 'Tajweed', image_url: null },
        student: { id: w.student, name: 'Student One', avatar: null },
        teacher: { id: w.teacher, name: 'Teacher One', avatar: null },
      });
    });

    it('shows the teacher their own clock, the student age and timezone, and url_editable', async () => {
      const startAt = Date.UTC(2031, 0, 14, 15, 0);
      s.app.clockOffsetMs = startAt - 2 * DAY - Date.now();
      const id = createClass(s.app.db, { enrollment_id: w.e1, start_at: startAt, duration: 60 });
      const c = (await s.api('GET', `/classes/${id}`, { token: tok.teacher })).body.data;
      expect(c).toMatchObject({ date: '2031-01-14', start: '17:00', end: '18:00', name: 'Tajweed', student_timezone: 'Europe/London', student_age: 18, url_editable: true, price: 10 });
    });

    it('derives status, full_status and payment_status', async () => {
      const running = mk({ in: -10 * MIN });
      const missed = mk({ in: -3 * HOUR });
      const done = mk({ in: -3 * HOUR, attended: true, paid: true });
      const canceled = mk({ in: 2 * DAY, canceled: true });
      const absent = mk({ in: -3 * HOUR, absent: true });
      const trial = mk({ in: DAY, is_trial: true });
      const poor = mk({ enrollment_id: w.e2, in: DAY, duration: 30 });
      const poorPaid = mk({ enrollment_id: w.e2, in: -2 * HOUR, duration: 30, paid: true, attended: true });
      const get = async (id: number, t = tok.student) => (await s.api('GET', `/classes/${id}`, { token: t })).body.data;
      expect(await get(running)).toMatchObject({ status: 'running', full_status: 'running', joinable: true, editable: false });
      expect(await get(missed)).toMatchObject({ status: 'expired', full_status: 'missed', joinable: false });
      expect(await get(done)).toMatchObject({ status: 'expired', full_status: 'expired', payment_status: 'paid', attended: true });
      expect(await get(canceled)).toMatchObject({ status: 'scheduled', full_status: 'canceled', editable: false, canceled: true });
      expect(await get(absent)).toMatchObject({ full_status: 'absent', absent: true });
      expect(await get(trial)).toMatchObject({ payment_status: 'trial' });
      expect(await get(poor, tok.poor)).toMatchObject({ payment_status: 'credits-not-enough', price: 6 });
      expect(await get(poorPaid, tok.poor)).toMatchObject({ payment_status: 'paid' });
      // the teacher may mark a running or ended class, never a coming one
      expect(await get(running, tok.teacher)).toMatchObject({ can_mark_attended: true, url_editable: true });
      expect(await get(missed, tok.teacher)).toMatchObject({ can_mark_attended: true, url_editable: false });
      expect(await get(done, tok.teacher)).toMatchObject({ can_mark_attended: false });
      expect(await get(trial, tok.teacher)).toMatchObject({ can_mark_attended: false });
      expect(await get(running)).toMatchObject({ can_mark_attended: false, url_editable: false });
    });

    it('locks editing 30 minutes before the start for both parties', async () => {
      const soon = mk({ in: 29 * MIN });
      const later = mk({ in: 31 * MIN });
      for (const t of [tok.student, tok.teacher]) {
        expect((await s.api('GET', `/classes/${soon}`, { token: t })).body.data.editable).toBe(false);
        expect((await s.api('GET', `/classes/${later}`, { token: t })).body.data.editable).toBe(true);
      }
      const opening = mk({ in: 9 * MIN });
      const notYet = mk({ in: 11 * MIN });
      expect((await s.api('GET', `/classes/${opening}`, { token: tok.student })).body.data.joinable).toBe(true);
      expect((await s.api('GET', `/classes/${notYet}`, { token: tok.student })).body.data.joinable).toBe(false);
    });

    it('refuses strangers: another student or teacher gets 404, no token 401', async () => {
      const id = mk({ in: DAY });
      expect((await s.api('GET', `/classes/${id}`, { token: tok.other })).status).toBe(404);
      expect((await s.api('GET', `/classes/${id}`, { token: tok.teacher2 })).status).toBe(404);
      expect((await s.api('GET', '/classes/999999', { token: tok.student })).status).toBe(404);
      expect((await s.api('GET', `/classes/${id}`)).status).toBe(401);
    });
  });

  describe('lists', () => {
    it('GET /classes pages the teacher\'s coming classes, soonest first, 15 a page', async () => {
      const ids: number[] = [];
      for (let i = 17; i >= 1; i--) ids.push(mk({ enrollment_id: w.eList, in: i * HOUR }));
      mk({ enrollment_id: w.eList, in: 30 * MIN, canceled: true });
      const running = mk({ enrollment_id: w.eList, in: -10 * MIN });
      mk({ enrollment_id: w.eList, in: -5 * HOUR });
      const p1 = await s.api('GET', '/classes', { token: tok.teacher3 });
      expect(p1.status).toBe(200);
      expect(p1.body.data).toHaveLength(15);
      expect(p1.body.meta).toEqual({ current_page: 1, per_page: 15, total: 18 });
      expect(p1.body.data[0].id).toBe(running);
      const starts = p1.body.data.map((c: ClassResource) => c.start_datetime);
      expect([...starts].sort()).toEqual(starts);
      expect(Object.keys(p1.body.data[1]).sort()).toEqual(CLASS_KEYS);
      expect(p1.body.links.next).toMatch(/\/api\/classes\?page=2$/);
      const p2 = await s.api('GET', p1.body.links.next, { token: tok.teacher3 });
      expect(p2.body.data).toHaveLength(3);
      expect(p2.body.links.next).toBeNull();
      expect(p2.body.data.at(-1).id).toBe(ids[0]);
    });

    it('GET /classes/history lists what has happened (ended, missed, canceled once its time passed), newest first', async () => {
      // From the test above: a class canceled for 30 minutes from now (not history yet), one running,
      // one missed 5 hours ago. Add a class canceled ahead of its time that is now over, and one in two days.
      const pastCanceled = mk({ enrollment_id: w.eList, in: -2 * HOUR, canceled: true });
      mk({ enrollment_id: w.eList, in: 2 * DAY, canceled: true });
      const r = await s.api('GET', '/classes/history', { token: tok.teacher3 });
      expect(r.status).toBe(200);
      expect(r.body.data.map((c: ClassResource) => c.full_status)).toEqual(['canceled', 'missed']);
      expect(r.body.data[0].id).toBe(pastCanceled);
      const starts = r.body.data.map((c: ClassResource) => c.start_datetime);
      expect([...starts].sort().reverse()).toEqual(starts);
      expect(r.body.data.every((c: ClassResource) => Date.parse(c.end_datetime) <= s.app.now())).toBe(true);
      expect(r.body.meta.total).toBe(2);
      expect(r.body.links.next).toBeNull();
      // only their own classes
      const t2 = await s.api('GET', '/classes/history', { token: tok.teacher2 });
      expect(t2.body.data.every((c: ClassResource) => c.enrollment.teacher?.id === w.teacher2)).toBe(true);
    });

    it('refuses students on the teacher lists', async () => {
      expect((await s.api('GET', '/classes', { token: tok.student })).status).toBe(403);
      expect((await s.api('GET', '/classes/history', { token: tok.student })).status).toBe(403);
    });
  });

  describe('GET /calendar', () => {
    it('answers the month with 7 days either side, in the viewer timezone, default the current month', async () => {
      // pin the clock to 2031-05-15 12:00 London
      const now = Date.UTC(2031, 4, 15, 11, 0);
      s.app.clockOffsetMs = now - Date.now();
      const at = (iso: string) => createClass(s.app.db, { enrollment_id: w.eLondon, start_at: Date.parse(iso) });
      const inMonth = at('2031-05-20T09:00:00Z');
      const before = at('2031-04-24T23:30:00Z'); // 2031-04-25 00:30 London: 6 days before May
      const tooEarly = at('2031-04-23T22:30:00Z'); // 2031-04-23 23:30 London: 8 days before
      const after = at('2031-06-07T20:00:00Z'); // 21:00 London on 7 June: inside
      const tooLate = at('2031-06-07T23:30:00Z'); // 8 June 00:30 London: outside
      const june = at('2031-06-20T10:00:00Z');
      const def = await s.api('GET', '/calendar', { token: tok.london });
      expect(def.status).toBe(200);
      const ids = def.body.data.map((c: ClassResource) => c.id);
      expect(ids).toEqual([before, inMonth, after]);
      expect(ids).not.toContain(tooEarly);
      expect(ids).not.toContain(tooLate);
      expect(Object.keys(def.body.data[0]).sort()).toEqual(CLASS_KEYS);
      expect(def.body.data[0]).toMatchObject({ date: '2031-04-25', start: '00:30' });

      const jun = await s.api('GET', '/calendar?start_date=2031-06-01', { token: tok.london });
      expect(jun.body.data.map((c: ClassResource) => c.id)).toEqual([after, tooLate, june]);

      // the teacher sees the same classes; other users do not
      const t = await s.api('GET', '/calendar?start_date=2031-06-01', { token: tok.teacher });
      expect(t.body.data.map((c: ClassResource) => c.id)).toEqual(expect.arrayContaining([after, tooLate, june]));
      expect((await s.api('GET', '/calendar?start_date=2031-06-01', { token: tok.other })).body.data).toEqual([]);
      expect((await s.api('GET', '/calendar?start_date=2031-06-01', { token: tok.teacher2 })).body.data).toEqual([]);
    });

    it('refuses a malformed start_date with 422 and needs a token', async () => {
      for (const q of ['2031-13-01', 'june', '2031-02-30']) {
        const r = await s.api('GET', `/calendar?start_date=${q}`, { token: tok.student });
        expect(r.status).toBe(422);
        expect(r.body.errors.start_date).toBeDefined();
      }
      expect((await s.api('GET', '/calendar')).status).toBe(401);
    });
  });

  describe('join', () => {
    it('lets the student join a joinable class and answers the payment state and link', async () => {
      const id = mk({ in: 5 * MIN });
      const r = await s.api('POST', `/classes/${id}/join`, { token: tok.student });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['credits', 'join_url', 'payment_status', 'teacher_joined']);
      expect(r.body).toMatchObject({ payment_status: 'paid', credits: credits(w.student), teacher_joined: false });
      expect(r.body.join_url).toMatch(new RegExp(`^https://meet\\.example\\.com/class-${id}-\\w+$`));
      expect(cls(id).student_joined_at).not.toBeNull();
      // the teacher lands in the same room
      const t = await s.api('POST', `/classes/${id}/join`, { token: tok.teacher });
      expect(t.body.join_url).toBe(r.body.join_url);
      expect(t.body.teacher_joined).toBe(true);
      expect(cls(id).delay_minutes).toBe(0);
      expect((await s.api('POST', `/classes/${id}/join`, { token: tok.student })).body.teacher_joined).toBe(true);
    });

    it('records the teacher delay and gives the class join_url when set', async () => {
      const id = mk({ in: -12 * MIN, join_url: 'https://zoom.example/j/1' });
      const r = await s.api('POST', `/classes/${id}/join`, { token: tok.teacher });
      expect(r.body.join_url).toBe('https://zoom.example/j/1');
      expect(cls(id).delay_minutes).toBeCloseTo(12, 0);
    });

    it('refuses a class that is not joinable and strangers', async () => {
      const early = mk({ in: HOUR });
      expect((await s.api('POST', `/classes/${early}/join`, { token: tok.student })).body).toEqual({ code: 'NOT_ALLOWED', message: 'NOT_ALLOWED' });
      const canceled = mk({ in: 0, canceled: true });
      expect((await s.api('POST', `/classes/${canceled}/join`, { token: tok.student })).status).toBe(400);
      const ended = mk({ in: -2 * HOUR });
      expect((await s.api('POST', `/classes/${ended}/join`, { token: tok.teacher })).status).toBe(400);
      const open = mk({ in: 0 });
      expect((await s.api('POST', `/classes/${open}/join`, { token: tok.other })).status).toBe(404);
      expect((await s.api('POST', `/classes/${open}/join`, { token: tok.teacher2 })).status).toBe(404);
      expect(cls(open).student_joined_at).toBeNull();
    });
  });

  describe('PUT /classes/:id/join-url', () => {
    it('lets the class teacher save an http(s) link', async () => {
      const id = mk({ in: DAY });
      const r = await s.api('PUT', `/classes/${id}/join-url`, { token: tok.teacher, body: { join_url: 'https://meet.example.org/abc' } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id, join_url: 'https://meet.example.org/abc' });
      expect(r.body.data.url_added_at).toMatch(/Z$/);
    });

    it('refuses bad links (422), ended classes (400), students (403) and other teachers (404)', async () => {
      const id = mk({ in: DAY });
      for (const bad of ['ftp://x.org/a', 'not a url', '']) {
        const r = await s.api('PUT', `/classes/${id}/join-url`, { token: tok.teacher, body: { join_url: bad } });
        expect(r.status).toBe(422);
        expect(r.body.errors.join_url).toHaveLength(1);
      }
      const ended = mk({ in: -2 * HOUR });
      expect((await s.api('PUT', `/classes/${ended}/join-url`, { token: tok.teacher, body: { join_url: 'https://a.b/c' } })).body.code).toBe('NOT_ALLOWED');
      const canceled = mk({ in: DAY, canceled: true });
      expect((await s.api('PUT', `/classes/${canceled}/join-url`, { token: tok.teacher, body: { join_url: 'https://a.b/c' } })).status).toBe(400);
      expect((await s.api('PUT', `/classes/${id}/join-url`, { token: tok.student, body: { join_url: 'https://a.b/c' } })).status).toBe(403);
      expect((await s.api('PUT', `/classes/${id}/join-url`, { token: tok.teacher2, body: { join_url: 'https://a.b/c' } })).status).toBe(404);
      expect(cls(id).join_url).toBeNull();
    });
  });

  describe('attendance', () => {
    it('marks absent once, only for a started class, only by its teacher', async () => {
      const id = mk({ in: -20 * MIN });
      expect((await s.api('POST', `/classes/${id}/absent`, { token: tok.student })).status).toBe(403);
      expect((await s.api('POST', `/classes/${id}/absent`, { token: tok.teacher2 })).status).toBe(404);
      const r = await s.api('POST', `/classes/${id}/absent`, { token: tok.teacher });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id, absent: true, full_status: 'absent', can_mark_attended: false, joinable: false });
      expect((await s.api('POST', `/classes/${id}/absent`, { token: tok.teacher })).body.code).toBe('NOT_ALLOWED');
      expect((await s.api('POST', `/classes/${id}/attended`, { token: tok.teacher })).body.code).toBe('NOT_ALLOWED');
      const coming = mk({ in: HOUR });
      expect((await s.api('POST', `/classes/${coming}/absent`, { token: tok.teacher })).body.code).toBe('NOT_ALLOWED');
    });

    it('needs a class report before attended', async () => {
      const id = mk({ in: -70 * MIN });
      const r = await s.api('POST', `/classes/${id}/attended`, { token: tok.teacher });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ class_report: ['Please add the class report first.'] });
      expect(cls(id).attended).toBe(0);
    });

    it('charges exactly the class price and records a class_payment', async () => {
      const id = mk({ in: -50 * MIN, duration: 45 });
      addReport(id, 3.5);
      const before = credits(w.student);
      expect((await s.api('POST', `/classes/${id}/attended`, { token: tok.student })).status).toBe(403);
      const r = await s.api('POST', `/classes/${id}/attended`, { token: tok.teacher });
      expect(r.status).toBe(200);
      expect(r.body.credits).toBe(before - 7.5);
      expect(credits(w.student)).toBe(before - 7.5);
      expect(r.body.data).toMatchObject({ id, attended: true, full_status: 'expired', payment_status: 'paid', has_class_report: true, class_report_rating: 3.5, can_mark_attended: false });
      const tx = s.app.db.prepare('SELECT * FROM transactions WHERE class_id = ?').all(id) as { user_id: number; type: string; value: number; credits_after: number }[];
      expect(tx).toHaveLength(1);
      expect(tx[0]).toMatchObject({ user_id: w.student, type: 'class_payment', value: -7.5, credits_after: before - 7.5 });
      expect(cls(id)).toMatchObject({ attended: 1, paid: 1, charged_amount: 7.5 });
      const again = await s.api('POST', `/classes/${id}/attended`, { token: tok.teacher });
      expect(again.body.code).toBe('NOT_ALLOWED');
      expect(credits(w.student)).toBe(before - 7.5);
    });

    it('makes trial classes free', async () => {
      const id = mk({ in: -90 * MIN, is_trial: true });
      addReport(id);
      const before = credits(w.student);
      const r = await s.api('POST', `/classes/${id}/attended`, { token: tok.teacher });
      expect(r.status).toBe(200);
      expect(r.body.credits).toBe(before);
      expect(r.body.data).toMatchObject({ attended: true, payment_status: 'trial', full_status: 'expired' });
      expect(s.app.db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE class_id = ?').get(id)).toEqual({ n: 0 });
    });

    it('refuses when the student cannot pay, changing nothing', async () => {
      const id = mk({ enrollment_id: w.e2, in: -40 * MIN, duration: 30 });
      addReport(id);
      const r = await s.api('POST', `/classes/${id}/attended`, { token: tok.teacher });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'NO_ENOUGH_CREDITS', message: 'NO_ENOUGH_CREDITS' });
      expect(credits(w.poor)).toBe(1);
      expect(cls(id).attended).toBe(0);
    });
  });

  describe('cancel', () => {
    it('cancels, counts the change and tells the other party', async () => {
      const id = mk({ in: 2 * DAY });
      const r = await s.api('POST', `/classes/${id}/cancel`, { token: tok.student, body: { cancelation_reason: 'Travel' } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id, canceled: true, full_status: 'canceled', cancelation_reason: 'Travel', editable: false, available_class_changes: 3, limit_exceeded: false });
      expect(cls(id).canceled_by).toBe(w.student);
      expect(s.app.db.prepare('SELECT user_id, class_id, kind FROM class_changes').all()).toEqual([{ user_id: w.student, class_id: id, kind: 'cancel' }]);
      const n = notes(w.teacher, 'class_canceled').filter((x) => x.course_class_id === id);
      expect(n).toHaveLength(1);
      expect(n[0]!.content).toContain('Travel');
      expect((await s.api('POST', `/classes/${id}/cancel`, { token: tok.student })).body.code).toBe('NOT_ALLOWED');
    });

    it('lets the teacher cancel without a reason', async () => {
      const id = mk({ in: 3 * DAY });
      const r = await s.api('POST', `/classes/${id}/cancel`, { token: tok.teacher });
      expect(r.body.data).toMatchObject({ canceled: true, cancelation_reason: null });
      expect(notes(w.student, 'class_canceled').some((x) => x.course_class_id === id)).toBe(true);
    });

    it('is locked under 30 minutes and closed for started classes', async () => {
      const soon = mk({ in: 20 * MIN });
      expect((await s.api('POST', `/classes/${soon}/cancel`, { token: tok.student })).body).toEqual({ code: 'CLASS_LOCKED', message: 'CLASS_LOCKED' });
      expect((await s.api('POST', `/classes/${soon}/cancel`, { token: tok.teacher })).body.code).toBe('CLASS_LOCKED');
      const running = mk({ in: -5 * MIN });
      expect((await s.api('POST', `/classes/${running}/cancel`, { token: tok.student })).body.code).toBe('NOT_ALLOWED');
      expect(cls(soon).canceled).toBe(0);
    });

    it('refuses past the monthly limit and changes nothing', async () => {
      setSetting(s.app.db, 'monthly_class_changes', 2);
      try {
        const a = mk({ in: 2 * DAY });
        const b = mk({ in: 3 * DAY });
        const c = mk({ in: 4 * DAY });
        expect((await s.api('POST', `/classes/${a}/cancel`, { token: tok.student })).status).toBe(200);
        const r2 = await s.api('POST', `/classes/${b}/cancel`, { token: tok.student });
        expect(r2.body.data).toMatchObject({ available_class_changes: 0, limit_exceeded: true, monthly_class_changes: 2 });
        const r3 = await s.api('POST', `/classes/${c}/cancel`, { token: tok.student });
        expect(r3.status).toBe(400);
        expect(r3.body).toEqual({ code: 'LIMIT_EXCEEDED', message: 'LIMIT_EXCEEDED' });
        expect(cls(c).canceled).toBe(0);
        expect(s.app.db.prepare('SELECT COUNT(*) AS n FROM class_changes').get()).toEqual({ n: 2 });
        const re = await s.api('PUT', `/classes/${c}/reschedule`, { token: tok.student, body: { date: localDay('Europe/London', 2), start_time: '10:00' } });
        expect(re.body.code).toBe('LIMIT_EXCEEDED');
        // the limit is the actor's: the teacher can still cancel
        expect((await s.api('POST', `/classes/${c}/cancel`, { token: tok.teacher })).status).toBe(200);
      } finally {
        setSetting(s.app.db, 'monthly_class_changes', 4);
      }
    });

    it('refuses strangers', async () => {
      const id = mk({ in: 2 * DAY });
      expect((await s.api('POST', `/classes/${id}/cancel`, { token: tok.other })).status).toBe(404);
      expect((await s.api('POST', `/classes/${id}/cancel`, { token: tok.teacher2 })).status).toBe(404);
      expect(cls(id).canceled).toBe(0);
    });
  });

  describe('reschedule', () => {
    const tz = 'Europe/London';

    it('validates required inputs, the window and quarter hours', async () => {
      const id = mk({ in: 3 * DAY });
      const put = (body: unknown) => s.api('PUT', `/classes/${id}/reschedule`, { token: tok.student, body });
      const missing = await put({ date: localDay(tz, 2) });
      expect(missing.status).toBe(422);
      expect(missing.body.message).toBe('Fill required inputs');
      expect((await put({ start_time: '10:00' })).body.message).toBe('Fill required inputs');
      for (const d of [0, 8, -1]) {
        const r = await put({ date: localDay(tz, d), start_time: '10:00' });
        expect(r.status).toBe(422);
        expect(r.body.errors.date).toBeDefined();
      }
      for (const t of ['10:10', '10:59', '25:00', '9:00']) {
        const r = await put({ date: localDay(tz, 2), start_time: t });
        expect(r.status).toBe(422);
        expect(r.body.errors.start_time).toBeDefined();
      }
      expect(s.app.db.prepare('SELECT COUNT(*) AS n FROM reschedule_requests WHERE class_id = ?').get(id)).toEqual({ n: 0 });
      expect((await put({ date: localDay(tz, 7), start_time: '23:59' })).status).toBe(200);
    });

    it('creates a pending request, once, and shows it on the class', async () => {
      const id = mk({ in: 3 * DAY });
      // Two days ahead: at FIXED_NOW "tomorrow" in London is "today" in Cairo, and the teacher's second
      // request below must fail on the pending one, not on the date window.
      const date = localDay(tz, 2);
      const r = await s.api('PUT', `/classes/${id}/reschedule`, { token: tok.student, body: { date, start_time: '09:45', permanent: false, reason: 'Exam' } });
      expect(r.status).toBe(200);
      const req = r.body.data;
      expect(Object.keys(req).sort()).toEqual(REQUEST_KEYS);
      const expected = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: tz, plainTime: '09:45' }).epochMilliseconds;
      expect(req).toMatchObject({
        class_id: id, permanent: false, reason: 'Exam', status: 'pending',
        sender: { id: w.student, name: 'Student One', avatar: null },
        start_datetime: new Date(expected).toISOString(), old_start_datetime: new Date(cls(id).start_at).toISOString(),
        start_formated: `${date} 09:45 AM`,
      });
      expect(req.enrollment.id).toBe(w.e1);
      expect(notes(w.teacher, 'class_rescheduled').some((x) => x.course_class_id === id)).toBe(true);
      expect(s.app.db.prepare("SELECT kind FROM class_changes WHERE class_id = ?").all(id)).toEqual([{ kind: 'reschedule' }]);
      const c = (await s.api('GET', `/classes/${id}`, { token: tok.student })).body.data;
      expect(c.waiting_reschedule_request).toBe(true);
      expect(c.start_datetime).toBe(new Date(cls(id).start_at).toISOString()); // not moved yet
      const again = await s.api('PUT', `/classes/${id}/reschedule`, { token: tok.teacher, body: { date, start_time: '10:00' } });
      expect(again.body.code).toBe('NOT_ALLOWED');
    });

    it('is locked under 30 minutes and refuses strangers', async () => {
      const soon = mk({ in: 25 * MIN });
      const body = { date: localDay(tz, 2), start_time: '10:00' };
      expect((await s.api('PUT', `/classes/${soon}/reschedule`, { token: tok.student, body })).body.code).toBe('CLASS_LOCKED');
      const id = mk({ in: 2 * DAY });
      expect((await s.api('PUT', `/classes/${id}/reschedule`, { token: tok.other, body })).status).toBe(404);
      expect((await s.api('PUT', `/classes/${id}/reschedule`, { token: tok.teacher2, body })).status).toBe(404);
    });
  });

  describe('reschedule decisions', () => {
    const request = async (classId: number, token: string | undefined, body: Record<string, unknown>) => {
      const r = await s.api('PUT', `/classes/${classId}/reschedule`, { token, body });
      expect(r.status).toBe(200);
      return r.body.data.id as number;
    };

    it('lets only the other party decide, once', async () => {
      const id = mk({ in: 3 * DAY });
      const rid = await request(id, tok.student, { date: localDay('Europe/London', 2), start_time: '14:30', reason: 'Work' });
      expect((await s.api('POST', `/reschedule-requests/${rid}/approve`, { token: tok.student })).status).toBe(403);
      expect((await s.api('POST', `/reschedule-requests/${rid}/approve`, { token: tok.other })).status).toBe(404);
      expect((await s.api('POST', `/reschedule-requests/${rid}/approve`, { token: tok.teacher2 })).status).toBe(404);
      expect((await s.api('POST', `/reschedule-requests/${rid}/accept`, { token: tok.teacher })).status).toBe(404);
      expect((await s.api('POST', '/reschedule-requests/99999/approve', { token: tok.teacher })).status).toBe(404);
      const shown = Date.parse((await s.api('GET', `/classes/${id}`, { token: tok.student })).body.data.start_datetime);
      expect(shown).toBe(cls(id).start_at); // nothing moved by the refusals

      const r = await s.api('POST', `/reschedule-requests/${rid}/approve`, { token: tok.teacher });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: rid, status: 'approved' });
      expect(r.body.classes).toHaveLength(1);
      expect(r.body.classes[0]).toMatchObject({ id, rescheduled: true, waiting_reschedule_request: false, start_datetime: r.body.data.start_datetime });
      expect(Object.keys(r.body.classes[0]).sort()).toEqual(CLASS_KEYS);
      expect(new Date(cls(id).start_at).toISOString()).toBe(r.body.data.start_datetime);
      expect(notes(w.student, 'class_rescheduled').some((x) => x.course_class_id === id)).toBe(true);
      expect((await s.api('POST', `/reschedule-requests/${rid}/reject`, { token: tok.teacher })).body.code).toBe('NOT_ALLOWED');
    });

    it('rejects without moving the class', async () => {
      const id = mk({ in: 3 * DAY });
      const before = cls(id).start_at;
      const rid = await request(id, tok.teacher, { date: localDay('Africa/Cairo', 4), start_time: '08:00' });
      const r = await s.api('POST', `/reschedule-requests/${rid}/reject`, { token: tok.student });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ data: { id: rid, status: 'rejected', sender: { id: w.teacher } }, classes: [] });
      expect(cls(id)).toMatchObject({ start_at: before, rescheduled: 0 });
      expect(notes(w.teacher, 'class_rescheduled_rejected').some((x) => x.course_class_id === id)).toBe(true);
      expect((await s.api('POST', `/reschedule-requests/${rid}/approve`, { token: tok.student })).body.code).toBe('NOT_ALLOWED');
    });

    it('gives the sender the change back when the other party rejects the request (server/API.md)', async () => {
      setSetting(s.app.db, 'monthly_class_changes', 1);
      try {
        const id = mk({ in: 3 * DAY });
        const other = mk({ in: 4 * DAY });
        const date = localDay('Europe/London', 2);
        const rid = await request(id, tok.student, { date, start_time: '11:00' });
        const waiting = (await s.api('GET', `/classes/${other}`, { token: tok.student })).body.data;
        expect(waiting).toMatchObject({ available_class_changes: 0, limit_exceeded: true });
        expect((await s.api('PUT', `/classes/${other}/reschedule`, { token: tok.student, body: { date, start_time: '12:00' } })).body.code).toBe('LIMIT_EXCEEDED');
        expect((await s.api('POST', `/reschedule-requests/${rid}/reject`, { token: tok.teacher })).status).toBe(200);
        const after = (await s.api('GET', `/classes/${other}`, { token: tok.student })).body.data;
        expect(after).toMatchObject({ available_class_changes: 1, limit_exceeded: false });
        // The change is usable again: the same class can be asked for once more.
        await request(id, tok.student, { date, start_time: '12:00' });
        expect((await s.api('GET', `/classes/${other}`, { token: tok.student })).body.data.available_class_changes).toBe(0);
      } finally {
        setSetting(s.app.db, 'monthly_class_changes', 4);
      }
    });

    it('keeps an approved request counted, and gives it back when the other party cancels the class while it waits', async () => {
      const count = (userId: number) => (s.app.db.prepare('SELECT COUNT(*) AS n FROM class_changes WHERE user_id = ?').get(userId) as { n: number }).n;
      const a = mk({ in: 3 * DAY });
      const ra = await request(a, tok.student, { date: localDay('Europe/London', 2), start_time: '15:00' });
      expect((await s.api('POST', `/reschedule-requests/${ra}/approve`, { token: tok.teacher })).status).toBe(200);
      expect(count(w.student)).toBe(1);
      const b = mk({ in: 4 * DAY });
      await request(b, tok.student, { date: localDay('Europe/London', 3), start_time: '15:00' });
      expect(count(w.student)).toBe(2);
      expect((await s.api('POST', `/classes/${b}/cancel`, { token: tok.teacher })).status).toBe(200);
      expect(count(w.student)).toBe(1); // refused by the teacher's cancel: given back
      expect(count(w.teacher)).toBe(1); // the teacher's cancel counts for the teacher
      // The sender's own cancel closes their request: both count.
      const c = mk({ in: 5 * DAY });
      await request(c, tok.student, { date: localDay('Europe/London', 4), start_time: '15:00' });
      expect((await s.api('POST', `/classes/${c}/cancel`, { token: tok.student })).status).toBe(200);
      expect(count(w.student)).toBe(3);
    });

    it('moves the rest of a series keeping the local clock time across a DST change', async () => {
      // The next clock change in London (a Sunday). The first class is on the Saturday before it and
      // moves to the Monday after it, so the move itself spans the change: the later classes must
      // keep 18:30 London, which a plain shift in milliseconds would get an hour wrong.
      const transition = Temporal.Now.zonedDateTimeISO('Europe/London').getTimeZoneTransition('next')!;
      const d0 = transition.toPlainDate().subtract({ days: 1 });
      const at = (d: Temporal.PlainDate, time: string) => d.toZonedDateTime({ timeZone: 'Europe/London', plainTime: time }).epochMilliseconds;
      s.app.clockOffsetMs = at(d0.subtract({ days: 3 }), '12:00') - Date.now();
      const series = 'series-dst';
      const ids = [0, 7, 14].map((days) =>
        createClass(s.app.db, { enrollment_id: w.eLondon, start_at: at(d0.add({ days }), '17:00'), series_key: series }));
      const olds = ids.map((id) => cls(id).start_at as number);
      const done = createClass(s.app.db, { enrollment_id: w.eLondon, start_at: at(d0.add({ days: 21 }), '17:00'), series_key: series, canceled: true });
      const elsewhere = createClass(s.app.db, { enrollment_id: w.eLondon, start_at: at(d0.add({ days: 28 }), '17:00'), series_key: 'another' });

      const rid = await request(ids[0]!, tok.london, { date: d0.add({ days: 2 }).toString(), start_time: '18:30', permanent: true });
      const r = await s.api('POST', `/reschedule-requests/${rid}/approve`, { token: tok.teacher });
      expect(r.status).toBe(200);
      expect(r.body.data.permanent).toBe(true);
      expect(r.body.classes.map((c: ClassResource) => c.id)).toEqual(ids);
      for (const [i, id] of ids.entries()) {
        const day = d0.add({ days: 2 + 7 * i });
        expect(cls(id).start_at).toBe(at(day, '18:30'));
        const c = (await s.api('GET', `/classes/${id}`, { token: tok.london })).body.data;
        expect(c).toMatchObject({ date: day.toString(), start: '18:30', rescheduled: true });
      }
      const naiveDelta = cls(ids[0]!).start_at - olds[0]!;
      expect(cls(ids[1]!).start_at).not.toBe(olds[1]! + naiveDelta);
      expect(cls(done).start_at).toBe(at(d0.add({ days: 21 }), '17:00'));
      expect(cls(elsewhere).start_at).toBe(at(d0.add({ days: 28 }), '17:00'));
    });
  });

  describe('POST /classes/makeup', () => {
    const tz = 'Africa/Cairo';

    it('adds a makeup class for the teacher\'s running enrolment', async () => {
      const date = localDay(tz, 3);
      const r = await s.api('POST', '/classes/makeup', { token: tok.teacher, body: { enrollment_id: w.e2, date, start_time: '16:15' } });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body.data).sort()).toEqual(CLASS_KEYS);
      expect(r.body.data).toMatchObject({ makeup: true, duration: 30, date, start: '16:15', end: '16:45', status: 'scheduled' });
      expect(r.body.data.enrollment.id).toBe(w.e2);
    });

    it('validates the date and time in the teacher timezone', async () => {
      const post = (body: unknown) => s.api('POST', '/classes/makeup', { token: tok.teacher, body });
      const past = await post({ enrollment_id: w.e1, date: localDay(tz, -1), start_time: '10:00' });
      expect(past.status).toBe(422);
      expect(past.body.errors).toEqual({ date: ['The date cannot be before today.'] });
      // pin the clock at 12:00 Cairo so "earlier today" and "later today" both exist
      const noon = Temporal.PlainDate.from(localDay(tz, 0)).toZonedDateTime({ timeZone: tz, plainTime: '12:00' }).epochMilliseconds;
      s.app.clockOffsetMs = noon - Date.now();
      const today = localDay(tz, 0);
      const earlier = await post({ enrollment_id: w.e1, date: today, start_time: '11:00' });
      expect(earlier.status).toBe(422);
      expect(earlier.body.errors).toEqual({ start_time: ['The time cannot be before now.'] });
      expect((await post({ enrollment_id: w.e1, date: today, start_time: '13:00' })).status).toBe(200);
      const missing = await post({ date: today });
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['enrollment_id', 'start_time']);
    });

    it('refuses students, other teachers\' enrolments and enrolments that are not running', async () => {
      const body = { enrollment_id: w.e1, date: localDay(tz, 2), start_time: '10:00' };
      expect((await s.api('POST', '/classes/makeup', { token: tok.student, body })).status).toBe(403);
      expect((await s.api('POST', '/classes/makeup', { token: tok.teacher2, body })).status).toBe(404);
      expect((await s.api('POST', '/classes/makeup', { token: tok.teacher, body: { ...body, enrollment_id: w.e3 } })).status).toBe(404);
      expect((await s.api('POST', '/classes/makeup', { token: tok.teacher, body: { ...body, enrollment_id: w.ePending } })).body.code).toBe('NOT_ALLOWED');
    });
  });

  describe('POST /test/classes', () => {
    it('puts a class on an enrolment at a chosen time (test API only)', async () => {
      const r = await s.api('POST', '/test/classes', { body: { enrollment_id: w.e1, start_in_minutes: 5, is_trial: true } });
      expect(r.status).toBe(200);
      const c = (await s.api('GET', `/classes/${r.body.data.id}`, { token: tok.student })).body.data;
      expect(c).toMatchObject({ joinable: true, payment_status: 'trial', duration: 60 });
      expect((await s.api('POST', '/test/classes', { body: { enrollment_id: 999999 } })).status).toBe(404);
    });

    it('does not exist without ENABLE_TEST_API', async () => {
      const off = await startTestServer({ enableTestApi: false });
      try {
        expect((await off.api('POST', '/test/classes', { body: { enrollment_id: 1 } })).status).toBe(404);
      } finally {
        await off.close();
      }
    });
  });
});
