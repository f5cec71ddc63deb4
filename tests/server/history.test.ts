import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createClass, createCourse, createEnrollment, createUser, type UserInput } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';
import { DAY, HOUR, MINUTE, monthRange } from '../../server/lib/time.ts';

const U: Record<string, { id: number; token: string }> = {};
const K: Record<string, number> = {};
let E1 = 0;
let COURSE = 0;

/** 2024-11-20 20:15 UTC = 03:15 PM in New York (EST); long before the salary months below. */
const T0 = Date.UTC(2024, 10, 20, 20, 15);

describe('transactions history and salary reports', () => {
  let s: TestServer;
  const now = Date.now();
  const [from, to] = monthRange(now, 'Africa/Cairo', 0);
  const [pfrom] = monthRange(now, 'Africa/Cairo', -1);

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      const add = (handle: string, extra: Partial<UserInput> = {}) => {
        const id = createUser(db, { name: `User ${handle}`, email: `${handle}@example.com`, ...extra });
        U[handle] = { id, token: issueToken(db, id, Date.now()) };
        return id;
      };
      const student = add('student', { timezone: 'America/New_York', credits: 60.5 });
      const other = add('other');
      const teacher = add('teacher', { group_id: 1, teacher_hourly_price: 6, avatar: '/t.png' });
      const teacher2 = add('teacher2', { group_id: 1 });
      add('borrower', { credits: 0 });
      const cat = createCategory(db, 'Quran');
      COURSE = createCourse(db, { name: 'Tajweed', category_id: cat, hourly_price: 15, image_url: '/img/tajweed.png' });
      E1 = createEnrollment(db, { student_id: student, teacher_id: teacher, course_id: COURSE, status: 'approved' });
      const e2 = createEnrollment(db, { student_id: other, teacher_id: teacher2, course_id: COURSE, status: 'approved' });

      const paidClass = createClass(db, { enrollment_id: E1, start_at: T0 - DAY, duration: 30, attended: true, paid: true, charged_amount: 7.5 });
      const tx = db.prepare(
        'INSERT INTO transactions (user_id, type, value, amount, class_id, comment, credits_after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const rows: [string, number, number | null, number | null, string | null, number][] = [
        ['recharge', 50, 50, null, null, 50],
        ['class_payment', -7.5, null, paidClass, null, 42.5],
        ['borrow_balance', 10, 10, null, null, 52.5],
        ['borrow_balance_deduct', -10, 10, null, null, 42.5],
        ['family_balance_transfer', -5, 5, null, 'Transfer to Kid', 37.5],
        ['referral_reward', 3, 3, null, null, 40.5],
        ['admin_credits_update', 2, null, null, 'Compensation', 42.5],
        ['wise_reward', 1, 1, null, 'Wise +5% bonus', 43.5],
        ['recharge', 20, 20, null, null, 63.5],
        ['class_payment', -3, null, paidClass, null, 60.5],
      ];
      rows.forEach(([type, value, amount, classId, comment, after], i) =>
        tx.run(student, type, value, amount, classId, comment, after, T0 + i * HOUR));
      tx.run(other, 'recharge', 99, 99, null, null, 99, T0);

      // salary: teacher's attended classes, months in Cairo time
      K.cur1 = createClass(db, { enrollment_id: E1, start_at: from + 30 * MINUTE, duration: 60, attended: true, paid: true });
      K.cur2 = createClass(db, { enrollment_id: E1, start_at: from + 2 * DAY + 10 * HOUR, duration: 30, attended: true, is_trial: true });
      createClass(db, { enrollment_id: E1, start_at: from + 3 * DAY, duration: 60 }); // not attended
      createClass(db, { enrollment_id: E1, start_at: from + 4 * DAY, duration: 60, attended: true, canceled: true });
      createClass(db, { enrollment_id: E1, start_at: from + 5 * DAY, duration: 60, absent: true });
      createClass(db, { enrollment_id: e2, start_at: from + 1 * DAY, duration: 60, attended: true, paid: true }); // other teacher
      K.prev1 = createClass(db, { enrollment_id: E1, start_at: from - 30 * MINUTE, duration: 120, attended: true, paid: true });
      K.prev2 = createClass(db, { enrollment_id: E1, start_at: pfrom + DAY, duration: 45, attended: true, paid: true });
      createClass(db, { enrollment_id: E1, start_at: pfrom - DAY, duration: 60, attended: true, paid: true }); // two months ago
    });
  });
  afterAll(() => s.close());

  const api = (method: string, p: string, who: string, body?: unknown) => s.api(method, p, { token: U[who]!.token, body });

  describe('GET /history/transactions', () => {
    it('groups recharges, class payments and wallet logs, newest first, with signed values', async () => {
      const r = await api('GET', '/history/transactions', 'student');
      expect(r.status).toBe(200);
      const { recharges, class_payments, wallet_logs } = r.body.data;
      expect(Object.keys(r.body.data).sort()).toEqual(['class_payments', 'recharges', 'wallet_logs']);
      expect(recharges.map((t: { value: number }) => t.value)).toEqual([20, 50]);
      expect(class_payments.map((t: { value: number }) => t.value)).toEqual([-3, -7.5]);
      expect(wallet_logs.map((t: { type: string; value: number }) => [t.type, t.value])).toEqual([
        ['wise_reward', 1], ['admin_credits_update', 2], ['referral_reward', 3], ['family_balance_transfer', -5],
        ['borrow_balance_deduct', -10], ['borrow_balance', 10],
      ]);
      const first = recharges[1];
      expect(first).toEqual({
        id: expect.any(Number),
        serial: `TX-${String(first.id).padStart(6, '0')}`,
        type: 'recharge',
        timestamp: Math.floor(T0 / 1000),
        created_at_readable: '2024-11-20 03:15 PM',
        credits_after: 50,
        value: 50,
        amount: 50,
        comment: null,
        class: null,
      });
      expect(class_payments[1]).toMatchObject({
        type: 'class_payment',
        created_at_readable: '2024-11-20 04:15 PM',
        class: { id: expect.any(Number), name: 'Tajweed', start_datetime: new Date(T0 - DAY).toISOString() },
      });
      expect(wallet_logs[3].comment).toBe('Transfer to Kid');
    });

    it('shows only the caller\'s transactions and includes moves made through the API', async () => {
      const other = await api('GET', '/history/transactions', 'other');
      expect(other.body.data.recharges.map((t: { value: number }) => t.value)).toEqual([99]);
      expect(other.body.data.wallet_logs).toEqual([]);
      expect((await api('POST', '/wallet/borrow', 'borrower', { amount: 12 })).status).toBe(200);
      const b = await api('GET', '/history/transactions', 'borrower');
      expect(b.body.data.wallet_logs).toEqual([
        expect.objectContaining({ type: 'borrow_balance', value: 12, amount: 12, credits_after: 12, class: null }),
      ]);
      expect(b.body.data.wallet_logs[0].serial).toMatch(/^TX-\d{6,}$/);
      expect(Math.abs(b.body.data.wallet_logs[0].timestamp - Date.now() / 1000)).toBeLessThan(60);
    });

    it('is for students only', async () => {
      expect((await api('GET', '/history/transactions', 'teacher')).status).toBe(403);
      expect((await s.api('GET', '/history/transactions')).status).toBe(401);
    });
  });

  describe('GET /history/salary and /history/salary/previous', () => {
    it('reports the current Cairo month: attended classes only, trial classes unpaid but earning', async () => {
      const r = await api('GET', '/history/salary', 'teacher');
      expect(r.status).toBe(200);
      expect(r.body.data.salary).toBe(9); // (60 + 30) min × 6 $/h
      expect(r.body.data.classes_count).toBe(2);
      const [c1, c2] = r.body.data.classes;
      const cairo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' });
      expect(c1).toEqual({
        id: K.cur1,
        paid: true,
        enrollment: {
          id: E1,
          course: { id: COURSE, name: 'Tajweed', image_url: '/img/tajweed.png' },
          student: { id: U.student!.id, name: 'User student', avatar: null },
          teacher: { id: U.teacher!.id, name: 'User teacher', avatar: '/t.png' },
        },
        duration: 60,
        teacher_hourly_price: 6,
        // 00:30 on the 1st in Cairo, though still the previous day in UTC
        start_formated: `${cairo.format(new Date(from + 30 * MINUTE))} 12:30 AM`,
      });
      expect(c1.start_formated).toMatch(/-01 12:30 AM$/);
      expect(c2).toMatchObject({ id: K.cur2, paid: false, duration: 30, start_formated: expect.stringMatching(/-03 10:00 AM$/) });
    });

    it('reports the previous Cairo month', async () => {
      const r = await api('GET', '/history/salary/previous', 'teacher');
      expect(r.status).toBe(200);
      expect(r.body.data.salary).toBe(16.5); // (120 + 45) min × 6 $/h
      expect(r.body.data.classes.map((c: { id: number }) => c.id)).toEqual([K.prev2, K.prev1]);
      expect(r.body.data.classes_count).toBe(2);
      expect(r.body.data.classes[1].start_formated).toMatch(/ 11:30 PM$/);
    });

    it('follows the server clock: a month later the current month becomes the previous one', async () => {
      s.setClockOffset(to + 2 * DAY - Date.now());
      try {
        const prev = await api('GET', '/history/salary/previous', 'teacher');
        expect(prev.body.data.classes.map((c: { id: number }) => c.id)).toEqual([K.cur1, K.cur2]);
        const cur = await api('GET', '/history/salary', 'teacher');
        expect(cur.body.data).toEqual({ salary: 0, classes_count: 0, classes: [] });
      } finally {
        s.setClockOffset(0);
      }
    });

    it('another teacher sees only their own classes; students are refused', async () => {
      const r = await api('GET', '/history/salary', 'teacher2');
      expect(r.body.data.classes_count).toBe(1);
      expect(r.body.data.salary).toBe(5); // default 5 $/h × 60 min
      expect((await api('GET', '/history/salary', 'student')).status).toBe(403);
      expect((await api('GET', '/history/salary/previous', 'student')).status).toBe(403);
      expect((await s.api('GET', '/history/salary')).status).toBe(401);
    });
  });
});
