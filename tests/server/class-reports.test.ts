import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createClass, createCourse, createEnrollment, createUser } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';
import type { DB } from '../../server/db/index.ts';
import type { ClassReportResource } from '../../server/lib/enrollments.ts';

const DAY = 86_400_000;

describe('class reports', () => {
  let s: TestServer;
  const now = Date.now();
  const id = {
    teacher: 0, teacher2: 0, sara: 0, omar: 0, tajweed: 0, fiqh: 0, saraEnr: 0, saraFiqhEnr: 0, omarEnr: 0,
    newestReport: 0, omarReport: 0, fiqhReport: 0, unreported: 0, canceled: 0, future: 0, omarUnreported: 0,
  };
  const tok = { teacher: '', teacher2: '', sara: '', omar: '' };

  const report = (db: DB, classId: number, createdAt: number, rating = 4) =>
    Number(
      db.prepare(
        `INSERT INTO class_reports (class_id, rating, class_activity, homework, teacher_notes, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(classId, rating, `activity of ${classId}`, `homework of ${classId}`, null, createdAt, createdAt).lastInsertRowid,
    );

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      id.teacher = createUser(db, { name: 'Ahmad Teacher', email: 'ahmad@example.com', group_id: 1, avatar: 'https://img/a.png' });
      id.teacher2 = createUser(db, { name: 'Bilal Teacher', email: 'bilal@example.com', group_id: 1 });
      id.sara = createUser(db, { name: 'Sara', email: 'sara@example.com' });
      id.omar = createUser(db, { name: 'Omar', email: 'omar@example.com' });
      const cat = createCategory(db, 'Quran');
      id.tajweed = createCourse(db, { name: 'Tajweed', category_id: cat, hourly_price: 10, image_url: 'https://img/t.png' });
      id.fiqh = createCourse(db, { name: 'Fiqh', category_id: cat, hourly_price: 10 });
      id.saraEnr = createEnrollment(db, { student_id: id.sara, course_id: id.tajweed, teacher_id: id.teacher, status: 'approved' });
      id.saraFiqhEnr = createEnrollment(db, { student_id: id.sara, course_id: id.fiqh, teacher_id: id.teacher2, status: 'joined' });
      id.omarEnr = createEnrollment(db, { student_id: id.omar, course_id: id.tajweed, teacher_id: id.teacher, status: 'approved' });
      for (let i = 0; i < 12; i++) {
        const k = createClass(db, { enrollment_id: id.saraEnr, start_at: now - (30 - i) * DAY, name: i === 11 ? 'Surah Al-Mulk' : null, attended: true });
        const r = report(db, k, now - (30 - i) * DAY + 3_600_000, 3 + (i % 5) / 2);
        if (i === 11) id.newestReport = r;
      }
      id.fiqhReport = report(db, createClass(db, { enrollment_id: id.saraFiqhEnr, start_at: now - 40 * DAY }), now - 40 * DAY + 3_600_000);
      id.omarReport = report(db, createClass(db, { enrollment_id: id.omarEnr, start_at: now - 3 * DAY }), now - 3 * DAY + 3_600_000);
      id.unreported = createClass(db, { enrollment_id: id.saraEnr, start_at: now - 2 * 3_600_000 });
      id.canceled = createClass(db, { enrollment_id: id.saraEnr, start_at: now - DAY, canceled: true, cancelation_reason: 'sick' });
      id.future = createClass(db, { enrollment_id: id.saraEnr, start_at: now + 2 * DAY });
      id.omarUnreported = createClass(db, { enrollment_id: id.omarEnr, start_at: now - DAY });
      for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = issueToken(db, id[k], now);
    });
  });
  afterAll(() => s.close());

  const reportCount = () => (s.app.db.prepare('SELECT COUNT(*) AS n FROM class_reports').get() as { n: number }).n;
  const valid = { rating: 4.5, class_activity: 'Read Al-Fatiha with tajweed', homework: 'Revise verses 1-7', notes: 'Great focus' };

  it('requires sign-in', async () => {
    expect((await s.api('GET', '/class-reports')).status).toBe(401);
    expect((await s.api('GET', `/class-reports/${id.newestReport}`)).status).toBe(401);
    expect((await s.api('POST', `/class-reports/${id.unreported}`, { body: valid })).status).toBe(401);
  });

  describe('reading', () => {
    it('a student pages their reports newest first, 10 a page', async () => {
      const r = await s.api('GET', '/class-reports', { token: tok.sara });
      expect(r.status).toBe(200);
      expect(r.body.meta).toEqual({ current_page: 1, per_page: 10, total: 13 });
      expect(r.body.data).toHaveLength(10);
      expect(r.body.links.next).toMatch(/\/api\/class-reports\?page=2$/);
      expect(r.body.data[0]).toEqual({
        id: id.newestReport, class_id: expect.any(Number), rating: 3.5, class_activity: expect.stringMatching(/^activity of/),
        homework: expect.stringMatching(/^homework of/), teacher_notes: null,
        student: { id: id.sara, name: 'Sara', avatar: null },
        teacher: { id: id.teacher, name: 'Ahmad Teacher', avatar: 'https://img/a.png' },
        course: { id: id.tajweed, name: 'Tajweed', image_url: 'https://img/t.png' },
        class: { id: r.body.data[0].class_id, name: 'Surah Al-Mulk', start_datetime: new Date(now - 19 * DAY).toISOString() },
        created_at_timestamp: Math.floor((now - 19 * DAY + 3_600_000) / 1000),
      });
      expect(r.body.data[1].class.name).toBe('Tajweed'); // an unnamed class is named after its course
      const stamps = r.body.data.map((x: ClassReportResource) => x.created_at_timestamp);
      expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
      const p2 = await s.api('GET', r.body.links.next, { token: tok.sara });
      expect(p2.body.data).toHaveLength(3);
      expect(p2.body.links.next).toBeNull();
      expect(p2.body.data.at(-1).id).toBe(id.fiqhReport);
      const all = [...r.body.data, ...p2.body.data];
      expect(all.every((x: ClassReportResource) => x.student.id === id.sara)).toBe(true);
      expect(all.map((x: ClassReportResource) => x.id)).not.toContain(id.omarReport);
    });

    it('filters by one of the caller\'s enrolments; another\'s enrolment is 404', async () => {
      const f = await s.api('GET', `/class-reports?enrollment_id=${id.saraFiqhEnr}`, { token: tok.sara });
      expect(f.body.data.map((x: ClassReportResource) => x.id)).toEqual([id.fiqhReport]);
      expect(f.body.meta.total).toBe(1);
      const paged = await s.api('GET', `/class-reports?enrollment_id=${id.saraEnr}`, { token: tok.sara });
      expect(paged.body.meta.total).toBe(12);
      expect(new URL(paged.body.links.next).searchParams.get('enrollment_id')).toBe(String(id.saraEnr));
      expect((await s.api('GET', `/class-reports?enrollment_id=${id.omarEnr}`, { token: tok.sara })).status).toBe(404);
      expect((await s.api('GET', '/class-reports?enrollment_id=999999', { token: tok.sara })).status).toBe(404);
      // a teacher filters by the enrolments they teach only
      const t = await s.api('GET', `/class-reports?enrollment_id=${id.omarEnr}`, { token: tok.teacher });
      expect(t.body.data.map((x: ClassReportResource) => x.id)).toEqual([id.omarReport]);
      expect((await s.api('GET', `/class-reports?enrollment_id=${id.saraFiqhEnr}`, { token: tok.teacher })).status).toBe(404);
    });

    it('a teacher sees the reports of the classes they teach', async () => {
      const r = await s.api('GET', '/class-reports', { token: tok.teacher });
      expect(r.body.meta.total).toBe(13);
      expect(r.body.data[0].id).toBe(id.omarReport);
      const r2 = await s.api('GET', '/class-reports', { token: tok.teacher2 });
      expect(r2.body.data.map((x: ClassReportResource) => x.id)).toEqual([id.fiqhReport]);
    });

    it('one report reads for its student and its teacher only', async () => {
      const mine = await s.api('GET', `/class-reports/${id.newestReport}`, { token: tok.sara });
      expect(mine.status).toBe(200);
      expect(mine.body.data.id).toBe(id.newestReport);
      expect((await s.api('GET', `/class-reports/${id.newestReport}`, { token: tok.teacher })).status).toBe(200);
      for (const [token, rid] of [[tok.omar, id.newestReport], [tok.teacher2, id.newestReport], [tok.sara, id.omarReport], [tok.sara, 999999]] as const) {
        const r = await s.api('GET', `/class-reports/${rid}`, { token });
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ message: 'Not found.' });
      }
    });
  });

  describe('writing', () => {
    it('the class\'s teacher creates the report, then a second POST replaces it', async () => {
      const before = reportCount();
      const r = await s.api('POST', `/class-reports/${id.unreported}`, { token: tok.teacher, body: valid });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        class_id: id.unreported, rating: 4.5, class_activity: 'Read Al-Fatiha with tajweed', homework: 'Revise verses 1-7',
        teacher_notes: 'Great focus', student: { id: id.sara }, teacher: { id: id.teacher }, course: { id: id.tajweed },
        class: { id: id.unreported, start_datetime: new Date(now - 2 * 3_600_000).toISOString() },
      });
      expect(reportCount()).toBe(before + 1);
      const again = await s.api('POST', `/class-reports/${id.unreported}`, {
        token: tok.teacher, body: { rating: '3.5', class_activity: 'Second try', homework: 'More', teacher_notes: 'via teacher_notes' },
      });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ id: r.body.data.id, rating: 3.5, class_activity: 'Second try', teacher_notes: 'via teacher_notes' });
      expect(reportCount()).toBe(before + 1);
      const read = await s.api('GET', `/class-reports/${r.body.data.id}`, { token: tok.sara });
      expect(read.body.data.class_activity).toBe('Second try');
    });

    it('validates rating, activity and homework', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, rating: undefined }, 'rating', 'The rating field is required.'],
        [{ ...valid, rating: 5.5 }, 'rating', 'The rating must be between 0 and 5 in half steps.'],
        [{ ...valid, rating: 4.3 }, 'rating', 'The rating must be between 0 and 5 in half steps.'],
        [{ ...valid, rating: -0.5 }, 'rating', 'The rating must be between 0 and 5 in half steps.'],
        [{ ...valid, rating: 'great' }, 'rating', 'The rating must be between 0 and 5 in half steps.'],
        [{ ...valid, class_activity: '   ' }, 'class_activity', 'The class activity field is required.'],
        [{ ...valid, homework: undefined }, 'homework', 'The homework field is required.'],
        [{ ...valid, homework: 'x'.repeat(5001) }, 'homework', 'The homework may not be greater than 5000 characters.'],
      ];
      for (const [body, field, message] of cases) {
        const r = await s.api('POST', `/class-reports/${id.omarUnreported}`, { token: tok.teacher, body });
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(r.body.errors[field]).toEqual([message]);
      }
      const none = await s.api('POST', `/class-reports/${id.omarUnreported}`, { token: tok.teacher, body: {} });
      expect(Object.keys(none.body.errors).sort()).toEqual(['class_activity', 'homework', 'rating']);
      expect((s.app.db.prepare('SELECT COUNT(*) AS n FROM class_reports WHERE class_id = ?').get(id.omarUnreported) as { n: number }).n).toBe(0);
      const zero = await s.api('POST', `/class-reports/${id.omarUnreported}`, { token: tok.teacher, body: { ...valid, rating: 0, notes: undefined } });
      expect(zero.status).toBe(200);
      expect(zero.body.data).toMatchObject({ rating: 0, teacher_notes: null });
    });

    it('refuses canceled and future classes, other teachers\' classes and students', async () => {
      const canceled = await s.api('POST', `/class-reports/${id.canceled}`, { token: tok.teacher, body: valid });
      expect(canceled.status).toBe(400);
      expect(canceled.body.code).toBe('NOT_ALLOWED');
      const future = await s.api('POST', `/class-reports/${id.future}`, { token: tok.teacher, body: valid });
      expect(future.status).toBe(400);
      expect(future.body.code).toBe('NOT_ALLOWED');
      expect((await s.api('POST', `/class-reports/${id.unreported}`, { token: tok.teacher2, body: valid })).status).toBe(404);
      expect((await s.api('POST', '/class-reports/999999', { token: tok.teacher, body: valid })).status).toBe(404);
      const student = await s.api('POST', `/class-reports/${id.unreported}`, { token: tok.sara, body: valid });
      expect(student.status).toBe(403);
      expect(student.body).toEqual({ message: 'Forbidden.' });
      for (const k of [id.canceled, id.future]) {
        expect((s.app.db.prepare('SELECT COUNT(*) AS n FROM class_reports WHERE class_id = ?').get(k) as { n: number }).n).toBe(0);
      }
    });

    it('the teacher edits a report with PUT (teacher_notes or notes)', async () => {
      const r = await s.api('PUT', `/class-reports/${id.newestReport}`, {
        token: tok.teacher, body: { rating: 5, class_activity: 'Memorised Al-Mulk 1-5', homework: 'Verses 6-10', teacher_notes: 'Excellent' },
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: id.newestReport, rating: 5, class_activity: 'Memorised Al-Mulk 1-5', homework: 'Verses 6-10', teacher_notes: 'Excellent' });
      const viaNotes = await s.api('PUT', `/class-reports/${id.newestReport}`, {
        token: tok.teacher, body: { rating: 4, class_activity: 'a', homework: 'b', notes: 'from notes' },
      });
      expect(viaNotes.body.data.teacher_notes).toBe('from notes');
      const bad = await s.api('PUT', `/class-reports/${id.newestReport}`, { token: tok.teacher, body: { rating: 4, class_activity: '', homework: 'b' } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.class_activity).toEqual(['The class activity field is required.']);
      const read = await s.api('GET', `/class-reports/${id.newestReport}`, { token: tok.sara });
      expect(read.body.data).toMatchObject({ rating: 4, class_activity: 'a', teacher_notes: 'from notes' });
    });

    it('a student cannot edit (403) and another teacher cannot see it (404)', async () => {
      const student = await s.api('PUT', `/class-reports/${id.newestReport}`, { token: tok.sara, body: valid });
      expect(student.status).toBe(403);
      const other = await s.api('PUT', `/class-reports/${id.newestReport}`, { token: tok.teacher2, body: valid });
      expect(other.status).toBe(404);
      const unknown = await s.api('PUT', '/class-reports/999999', { token: tok.teacher, body: valid });
      expect(unknown.status).toBe(404);
      const read = await s.api('GET', `/class-reports/${id.newestReport}`, { token: tok.teacher });
      expect(read.body.data.class_activity).toBe('a');
    });
  });
});
