import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../server/db/index.ts';
import { seed, seedIfEmpty, LARGEST_SCALE } from '../../server/seed/index.ts';
import { verifyPassword } from '../../server/lib/auth.ts';
import { localTime, monthRange } from '../../server/lib/time.ts';
import { startTestServer } from '../helpers/server.ts';

/** Mid-March: North America moved its clocks on 8 March, Europe moves on 29 March, Sydney on 5 April. */
const NOW = Date.UTC(2026, 2, 18, 14, 7, 31);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const dirs: string[] = [];
const dbs: DB[] = [];
function freshDb(): DB {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-seed-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  dbs.push(db);
  return db;
}
afterAll(() => {
  for (const db of dbs) if (db.open) db.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const all = <T = Record<string, unknown>>(db: DB, sql: string, ...p: unknown[]) => db.prepare(sql).all(...p) as T[];
const one = <T = Record<string, unknown>>(db: DB, sql: string, ...p: unknown[]) => db.prepare(sql).get(...p) as T;
const count = (db: DB, sql: string, ...p: unknown[]) => (db.prepare(sql).get(...p) as { n: number }).n;

const TABLES = [
  'users', 'categories', 'courses', 'enrollments', 'classes', 'class_changes', 'class_reports', 'reschedule_requests',
  'teacher_schedule', 'conversations', 'conversation_members', 'messages', 'notifications', 'payments', 'transactions', 'settings',
];

// One demo world shared by the read-only checks below.
const world = freshDb();
const summary = seed(world, { now: NOW });
const user = (email: string) => one<{
  id: number; name: string; group_id: number; kind: string; credits: number; loan_credits: number; can_borrow: number;
  max_borrow_amount: number; timezone: string; email_verified_at: number | null; parent_id: number | null; password_hash: string;
  teacher_hourly_price: number; referral_token: string | null;
}>(world, 'SELECT * FROM users WHERE email = ?', email);
const student = user('student@example.com');
const teacher = user('teacher@example.com');

describe('seed: determinism', () => {
  it('the same seed and now give the same rows; another seed gives another world', () => {
    const a = freshDb();
    const b = freshDb();
    seed(a, { now: NOW, seed: 7 });
    seed(b, { now: NOW, seed: 7 });
    for (const t of TABLES) {
      // Password hashes are salted: the only column that may differ.
      const cols = t === 'users' ? 'id, name, email, group_id, kind, avatar, credits, loan_credits, timezone, parent_id, referral_token, referred_by, created_at' : '*';
      const rows = (db: DB) => JSON.stringify(all(db, `SELECT ${cols} FROM ${t} ORDER BY rowid`));
      expect(rows(a), t).toBe(rows(b));
    }
    expect(count(a, 'SELECT COUNT(*) AS n FROM classes')).toBeGreaterThan(300);

    const c = freshDb();
    seed(c, { now: NOW, seed: 8 });
    const names = (db: DB) => JSON.stringify(all(db, 'SELECT name FROM users ORDER BY id'));
    expect(names(c)).not.toBe(names(a));
  });

  it('dates follow `now`: the same seed at another now is the same world shifted in time', () => {
    const later = freshDb();
    seed(later, { now: NOW + 30 * DAY });
    const last = (db: DB) => one<{ m: number }>(db, 'SELECT MAX(created_at) AS m FROM messages').m;
    expect(last(world)).toBeLessThanOrEqual(NOW);
    expect(last(later)).toBeGreaterThan(NOW + 20 * DAY);
    expect(last(later)).toBeLessThanOrEqual(NOW + 30 * DAY);
  });

  it('seedIfEmpty seeds once', () => {
    const db = freshDb();
    expect(seedIfEmpty(db, { now: NOW })).toBe(true);
    const n = count(db, 'SELECT COUNT(*) AS n FROM users');
    expect(seedIfEmpty(db, { now: NOW })).toBe(false);
    expect(count(db, 'SELECT COUNT(*) AS n FROM users')).toBe(n);
  });
});

describe('seed: demo accounts', () => {
  it('student, teacher, support and admin have the right roles, settings and password', async () => {
    expect(student).toMatchObject({ name: 'Yusuf Rahman', group_id: 0, kind: 'user', timezone: 'Europe/London', credits: 45, loan_credits: 0, can_borrow: 1, max_borrow_amount: 50, parent_id: null });
    expect(student.email_verified_at).not.toBeNull();
    expect(teacher).toMatchObject({ name: 'Ustadha Amina Hassan', group_id: 1, timezone: 'Africa/Cairo', teacher_hourly_price: 4 });
    expect(user('support@example.com')).toMatchObject({ name: 'Support Team', kind: 'support' });
    expect(user('admin@example.com')).toMatchObject({ kind: 'admin' });
    for (const email of ['student@example.com', 'teacher@example.com', 'maryam.child@example.com', 'ibrahim.child@example.com']) {
      expect(await verifyPassword('password', user(email).password_hash), email).toBe(true);
      expect(await verifyPassword('wrong', user(email).password_hash)).toBe(false);
    }
    expect(summary.demo).toMatchObject({ studentId: student.id, teacherId: teacher.id });
  });

  it('the demo student is the parent of two children, one under 2 credits and one above', () => {
    const kids = all<{ email: string; credits: number; parent_id: number; group_id: number }>(world, 'SELECT * FROM users WHERE parent_id = ? ORDER BY id', student.id);
    expect(kids.map((k) => k.email)).toEqual(['maryam.child@example.com', 'ibrahim.child@example.com']);
    expect(kids.every((k) => k.group_id === 0)).toBe(true);
    expect(kids[0]!.credits).toBeLessThan(2);
    expect(kids[1]!.credits).toBeGreaterThan(2);
  });

  it('more teachers (5 × scale) and students (20 × scale) over timezones with different DST rules', () => {
    expect(count(world, 'SELECT COUNT(*) AS n FROM users WHERE group_id = 1')).toBe(6);
    expect(count(world, "SELECT COUNT(*) AS n FROM users WHERE group_id = 0 AND kind = 'user' AND parent_id IS NULL")).toBeGreaterThanOrEqual(21);
    const zones = all<{ timezone: string }>(world, 'SELECT DISTINCT timezone FROM users').map((r) => r.timezone);
    expect(zones.length).toBeGreaterThanOrEqual(6);
    const emails = all<{ email: string }>(world, 'SELECT email FROM users').map((r) => r.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(all<{ t: string | null }>(world, 'SELECT referral_token AS t FROM users').every((r) => /^[0-9a-f]{16}$/.test(r.t ?? ''))).toBe(true);
  });
});

describe('seed: the demo pair', () => {
  const pairClasses = () => all<{ id: number; start_at: number; duration: number; canceled: number; series_key: string | null; rescheduled: number; makeup: number; enrollment_id: number; join_url: string | null }>(world,
    `SELECT k.* FROM classes k JOIN enrollments e ON e.id = k.enrollment_id
     WHERE e.student_id = ? AND e.teacher_id = ? AND e.status IN ('approved', 'joined') AND k.canceled = 0 ORDER BY k.start_at`,
    student.id, teacher.id);

  it('shares approved enrolments with the teacher', () => {
    const rows = all<{ status: string }>(world, 'SELECT status FROM enrollments WHERE student_id = ? AND teacher_id = ?', student.id, teacher.id);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.status === 'approved')).toBe(true);
  });

  it('has a class running now, one within the hour, one within 12 hours and one next week', () => {
    const ks = pairClasses();
    const running = ks.filter((k) => k.start_at <= NOW && NOW < k.start_at + k.duration * MIN);
    expect(running).toHaveLength(1);
    expect(NOW - running[0]!.start_at).toBeGreaterThanOrEqual(10 * MIN);
    expect(NOW - running[0]!.start_at).toBeLessThan(15 * MIN);
    expect(running[0]!.join_url).toMatch(/^https:\/\//);
    const soon = ks.filter((k) => k.start_at > NOW && k.start_at <= NOW + HOUR);
    expect(soon.length).toBeGreaterThanOrEqual(1);
    // Not overlapping the running class.
    expect(soon[0]!.start_at).toBeGreaterThanOrEqual(running[0]!.start_at + running[0]!.duration * MIN);
    const within12h = ks.filter((k) => k.start_at > NOW + HOUR && k.start_at <= NOW + 12 * HOUR);
    expect(within12h.length).toBeGreaterThanOrEqual(1);
    expect(ks.some((k) => k.start_at >= NOW + 6 * DAY && k.start_at <= NOW + 8 * DAY)).toBe(true);
    // The next week's class is the same weekly series as the running one.
    expect(ks.some((k) => k.series_key === running[0]!.series_key && k.start_at > NOW + 6 * DAY && k.start_at < NOW + 7 * DAY)).toBe(true);
  });

  it('weekly series keep the local clock time of the student across daylight-saving changes', () => {
    const ks = all<{ start_at: number; series_key: string; timezone: string }>(world,
      `SELECT k.start_at, k.series_key, s.timezone FROM classes k JOIN enrollments e ON e.id = k.enrollment_id
       JOIN users s ON s.id = e.student_id WHERE k.series_key IS NOT NULL AND k.rescheduled = 0`);
    const bySeries = new Map<string, Set<string>>();
    for (const k of ks) {
      const set = bySeries.get(k.series_key) ?? new Set<string>();
      set.add(localTime(k.start_at, k.timezone));
      bySeries.set(k.series_key, set);
    }
    expect(bySeries.size).toBeGreaterThan(20);
    for (const [key, times] of bySeries) expect([...times], key).toHaveLength(1);
    // The London series spans the clock change, so its UTC time moved by an hour.
    const london = all<{ start_at: number }>(world,
      `SELECT k.start_at FROM classes k JOIN enrollments e ON e.id = k.enrollment_id
       WHERE e.student_id = ? AND e.teacher_id = ? AND k.series_key LIKE '%:0' AND k.rescheduled = 0 AND e.status = 'approved' ORDER BY k.start_at`, student.id, teacher.id);
    const utcTimes = new Set(london.map((k) => new Date(k.start_at).toISOString().slice(11, 16)));
    expect(utcTimes.size).toBe(2);
  });

  it('has pending reschedule requests in both directions and decided ones', () => {
    const reqs = all<{ sender_id: number; status: string; new_start_at: number }>(world,
      `SELECT r.* FROM reschedule_requests r JOIN classes k ON k.id = r.class_id JOIN enrollments e ON e.id = k.enrollment_id
       WHERE e.student_id = ? AND e.teacher_id = ?`, student.id, teacher.id);
    const pending = reqs.filter((r) => r.status === 'pending');
    expect(pending.some((r) => r.sender_id === student.id)).toBe(true);
    expect(pending.some((r) => r.sender_id === teacher.id)).toBe(true);
    expect(pending.every((r) => r.new_start_at > NOW)).toBe(true);
    expect(reqs.some((r) => r.status === 'approved')).toBe(true);
    expect(reqs.some((r) => r.status === 'rejected')).toBe(true);
  });

  it('leaves the demo accounts monthly class changes available', () => {
    const month = new Date(NOW).toISOString().slice(0, 7);
    for (const id of [student.id, teacher.id]) {
      const n = count(world, 'SELECT COUNT(*) AS n FROM class_changes WHERE user_id = ? AND month = ?', id, month);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(2);
    }
  });

  it('talks in an open conversation with messages from both, the newest unread by the student', () => {
    const conv = one<{ id: number; closed: number }>(world,
      `SELECT c.* FROM conversations c WHERE c.closed = 0
         AND EXISTS (SELECT 1 FROM conversation_members m WHERE m.conversation_id = c.id AND m.user_id = ?)
         AND EXISTS (SELECT 1 FROM conversation_members m WHERE m.conversation_id = c.id AND m.user_id = ?)`, student.id, teacher.id);
    expect(conv).toBeDefined();
    const senders = all<{ sender_id: number }>(world, 'SELECT DISTINCT sender_id FROM messages WHERE conversation_id = ?', conv.id).map((r) => r.sender_id);
    expect(senders.sort()).toEqual([student.id, teacher.id].sort());
    const types = all<{ type: string }>(world, 'SELECT DISTINCT type FROM messages WHERE conversation_id = ?', conv.id).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['text', 'image', 'audio']));
    expect(count(world, 'SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ? AND text LIKE ?', conv.id, '%السلام عليكم%')).toBeGreaterThan(0);
    expect(one<{ seen: number }>(world, 'SELECT seen FROM conversation_members WHERE conversation_id = ? AND user_id = ?', conv.id, student.id).seen).toBe(0);
    // updated_at is the last message; ids follow time.
    const msgs = all<{ id: number; created_at: number }>(world, 'SELECT id, created_at FROM messages WHERE conversation_id = ? ORDER BY id', conv.id);
    for (let i = 1; i < msgs.length; i++) expect(msgs[i]!.created_at).toBeGreaterThanOrEqual(msgs[i - 1]!.created_at);
    expect(one<{ updated_at: number }>(world, 'SELECT updated_at FROM conversations WHERE id = ?', conv.id).updated_at).toBe(msgs.at(-1)!.created_at);
    expect(msgs[0]!.created_at).toBeLessThan(NOW - 14 * DAY);
  });

  it('has a support conversation with a support sender, a closed one, and a manual payment under review', () => {
    const kinds = all<{ kind: string }>(world,
      `SELECT DISTINCT u.kind FROM messages m JOIN users u ON u.id = m.sender_id
       JOIN conversation_members cm ON cm.conversation_id = m.conversation_id WHERE cm.user_id = ?`, student.id).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['support', 'admin', 'user']));
    expect(count(world, 'SELECT COUNT(*) AS n FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id WHERE m.user_id = ? AND c.closed = 1', student.id)).toBeGreaterThan(0);
    expect(count(world, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ? AND status = 'review'", student.id)).toBe(1);
    expect(count(world, 'SELECT COUNT(*) AS n FROM teacher_schedule WHERE teacher_id = ?', teacher.id)).toBeGreaterThan(5);
  });

  it('gives the teacher delayed classes and salary this month and last month', () => {
    for (const delta of [0, -1]) {
      const [from, to] = monthRange(NOW, 'Africa/Cairo', delta);
      const s = one<{ done: number; delayed: number }>(world,
        `SELECT COUNT(CASE WHEN k.attended = 1 THEN 1 END) AS done, COUNT(CASE WHEN k.attended = 1 AND k.delay_minutes > 0 THEN 1 END) AS delayed
         FROM classes k JOIN enrollments e ON e.id = k.enrollment_id WHERE e.teacher_id = ? AND k.start_at >= ? AND k.start_at < ? AND k.start_at < ?`,
        teacher.id, from, to, NOW);
      expect(s.done, `month ${delta}`).toBeGreaterThan(3);
      expect(s.delayed, `month ${delta}`).toBeGreaterThan(0);
    }
  });
});

describe('seed: coverage of states and types', () => {
  it('has enrolments in every status, action-needed ones with an admin comment', () => {
    const statuses = all<{ status: string }>(world, 'SELECT DISTINCT status FROM enrollments').map((r) => r.status).sort();
    expect(statuses).toEqual(['action-needed', 'approved', 'canceled', 'finished', 'joined', 'pending', 'review', 'suspended', 'updated']);
    expect(count(world, "SELECT COUNT(*) AS n FROM enrollments WHERE status = 'action-needed' AND admin_comment IS NULL")).toBe(0);
    expect(count(world, "SELECT COUNT(*) AS n FROM enrollments WHERE status IN ('approved', 'joined', 'finished', 'suspended') AND teacher_id IS NULL")).toBe(0);
    const shapes = all<{ class_duration: number; weekly_classes: number; schedule: string; preferred_days: string }>(world, 'SELECT * FROM enrollments');
    expect(new Set(shapes.map((e) => e.class_duration))).toEqual(new Set([30, 45, 60, 90]));
    for (const e of shapes) {
      const schedule = JSON.parse(e.schedule) as { day: number; from: string; to: string }[];
      expect(schedule).toHaveLength(e.weekly_classes);
      expect((JSON.parse(e.preferred_days) as number[]).sort()).toEqual(schedule.map((s) => s.day).sort());
      if (e.weekly_classes === 1) expect(e.class_duration).toBeGreaterThanOrEqual(60);
    }
    expect(count(world, 'SELECT COUNT(*) AS n FROM enrollments WHERE finish_requested = 1 AND finish_reason IS NOT NULL')).toBeGreaterThan(0);
  });

  it('has classes in every state', () => {
    const has = (where: string) => count(world, `SELECT COUNT(*) AS n FROM classes WHERE ${where}`);
    expect(has('attended = 1 AND paid = 1 AND charged_amount > 0')).toBeGreaterThan(50);
    expect(has('absent = 1')).toBeGreaterThan(0);
    expect(has('canceled = 1 AND cancelation_reason IS NOT NULL AND canceled_by IS NOT NULL')).toBeGreaterThan(0);
    expect(has(`start_at + duration * 60000 < ${NOW} AND attended = 0 AND absent = 0 AND canceled = 0`)).toBeGreaterThan(0);
    expect(has('is_trial = 1')).toBeGreaterThan(0);
    expect(has('makeup = 1 AND series_key IS NULL')).toBeGreaterThan(0);
    expect(has('rescheduled = 1')).toBeGreaterThan(0);
    expect(has(`start_at > ${NOW} AND canceled = 0`)).toBeGreaterThan(50);
    expect(has(`start_at < ${NOW - 50 * DAY}`)).toBeGreaterThan(0);
    expect(has(`start_at > ${NOW + 25 * DAY}`)).toBeGreaterThan(0);
    // Attending needs a report; the first two classes of an enrolment are the trials.
    expect(has('attended = 1 AND id NOT IN (SELECT class_id FROM class_reports)')).toBe(0);
    expect(has('is_trial = 1 AND paid = 1')).toBe(0);
    const trials = all<{ trials: number; n: number }>(world, 'SELECT SUM(is_trial) AS trials, COUNT(*) AS n FROM classes WHERE series_key IS NOT NULL GROUP BY enrollment_id');
    for (const t of trials) expect(t.trials).toBe(Math.min(2, t.n));
    // Credits-not-enough: unpaid coming classes of a student whose balance is below the price.
    expect(count(world,
      `SELECT COUNT(*) AS n FROM classes k JOIN enrollments e ON e.id = k.enrollment_id JOIN courses c ON c.id = e.course_id
       JOIN users s ON s.id = e.student_id
       WHERE k.start_at > ${NOW} AND k.is_trial = 0 AND k.canceled = 0 AND s.credits < COALESCE(e.hourly_price, c.hourly_price) * k.duration / 60.0`)).toBeGreaterThan(0);
  });

  it('has notifications of every type, some read and some unread', () => {
    const types = all<{ type: string }>(world, 'SELECT DISTINCT type FROM notifications').map((r) => r.type).sort();
    expect(types).toEqual([
      'admin_message', 'borrow_balance', 'class_canceled', 'class_rescheduled', 'class_rescheduled_rejected', 'course_enrolled',
      'course_finished', 'enrollment_action_needed', 'enrollment_approved', 'finish_enrollment_request', 'recharge_completed',
      'teacher_enrollment_approved', 'ticket_reply',
    ]);
    for (const id of [student.id, teacher.id]) {
      expect(count(world, 'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL', id)).toBeGreaterThan(0);
      expect(count(world, 'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NOT NULL', id)).toBeGreaterThan(0);
    }
    expect(count(world, `SELECT COUNT(*) AS n FROM notifications WHERE created_at > ${NOW} OR read_at > ${NOW}`)).toBe(0);
    const ids = all<{ id: string }>(world, 'SELECT id FROM notifications').map((r) => r.id);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
  });

  it('has transactions of every type, and every balance is the last credits_after of a consistent chain', () => {
    const types = all<{ type: string }>(world, 'SELECT DISTINCT type FROM transactions').map((r) => r.type).sort();
    expect(types).toEqual(['admin_credits_update', 'borrow_balance', 'borrow_balance_deduct', 'class_payment', 'family_balance_transfer', 'recharge', 'referral_reward', 'wise_reward']);
    const mine = all<{ type: string }>(world, 'SELECT DISTINCT type FROM transactions WHERE user_id = ?', student.id).map((r) => r.type);
    expect(mine.sort()).toEqual(types);
    const users = all<{ id: number; credits: number }>(world, 'SELECT id, credits FROM users');
    for (const u of users) {
      const txs = all<{ value: number; credits_after: number; created_at: number }>(world, 'SELECT * FROM transactions WHERE user_id = ? ORDER BY created_at, id', u.id);
      let balance = 0;
      for (const t of txs) {
        balance = Math.round((balance + t.value) * 100) / 100;
        expect(t.credits_after).toBe(balance);
        expect(t.credits_after).toBeGreaterThanOrEqual(0);
        expect(t.created_at).toBeLessThanOrEqual(NOW);
      }
      expect(u.credits, `user ${u.id}`).toBe(balance);
    }
    // Every paid class has its class_payment.
    expect(count(world, "SELECT COUNT(*) AS n FROM classes WHERE paid = 1 AND id NOT IN (SELECT class_id FROM transactions WHERE type = 'class_payment' AND class_id IS NOT NULL)")).toBe(0);
  });

  it('points at generated files that exist under public/', () => {
    const urls = [
      ...all<{ u: string }>(world, 'SELECT image_url AS u FROM courses'),
      ...all<{ u: string }>(world, 'SELECT DISTINCT avatar AS u FROM users WHERE avatar IS NOT NULL'),
      ...all<{ u: string }>(world, 'SELECT DISTINCT image_url AS u FROM messages WHERE image_url IS NOT NULL'),
      ...all<{ u: string }>(world, 'SELECT DISTINCT audio AS u FROM messages WHERE audio IS NOT NULL'),
    ].map((r) => r.u);
    expect(urls.length).toBeGreaterThan(15);
    const pub = path.resolve(__dirname, '../../public');
    for (const u of urls) expect(fs.existsSync(path.join(pub, u)), u).toBe(true);
    const wav = fs.readFileSync(path.join(pub, 'media/recitation-1.wav'));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(count(world, 'SELECT COUNT(*) AS n FROM courses WHERE featured = 1')).toBeGreaterThan(2);
    expect(count(world, 'SELECT COUNT(*) AS n FROM courses WHERE hourly_price < 6 OR hourly_price > 15')).toBe(0);
  });
});

describe('seed: scale', () => {
  it(`scale ${LARGEST_SCALE} meets the benchmark floor quickly`, () => {
    const db = freshDb();
    const t0 = performance.now();
    const s = seed(db, { scale: LARGEST_SCALE, now: NOW });
    const ms = performance.now() - t0;
    console.log(`seed scale ${LARGEST_SCALE}: ${Math.round(ms)} ms`, s);
    expect(ms).toBeLessThan(30_000);
    expect(count(db, 'SELECT COUNT(*) AS n FROM classes')).toBeGreaterThanOrEqual(5000);
    expect(count(db, 'SELECT COUNT(*) AS n FROM conversations')).toBeGreaterThanOrEqual(2000);
    expect(count(db, 'SELECT COUNT(*) AS n FROM messages')).toBeGreaterThanOrEqual(50_000);
    const longest = one<{ n: number; conversation_id: number }>(db,
      `SELECT m.conversation_id, COUNT(*) AS n FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id
       WHERE cm.user_id = (SELECT id FROM users WHERE email = 'student@example.com') GROUP BY m.conversation_id ORDER BY n DESC LIMIT 1`);
    expect(longest.n).toBeGreaterThanOrEqual(5000);
    expect(longest.conversation_id).toBe(s.demo.conversationId);
    // The demo teacher's month is dense.
    const [from, to] = monthRange(NOW, 'Africa/Cairo');
    expect(count(db, 'SELECT COUNT(*) AS n FROM classes k JOIN enrollments e ON e.id = k.enrollment_id WHERE e.teacher_id = ? AND k.start_at >= ? AND k.start_at < ?',
      s.demo.teacherId, from, to)).toBeGreaterThan(300);
    expect(count(db, 'SELECT COUNT(*) AS n FROM users WHERE group_id = 1')).toBe(5 * LARGEST_SCALE + 1);
  }, 60_000);
});

describe('seed: through the server', () => {
  it('both demo accounts sign in on a seeded server', async () => {
    const s = await startTestServer({}, (db) => seed(db, { now: Date.now() }));
    try {
      const st = await s.login('student@example.com');
      const te = await s.login('teacher@example.com');
      const me = await s.api('GET', '/user', { token: st });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ email: 'student@example.com', groupId: 0, credits: 45, is_parent: true });
      const them = await s.api('GET', '/user', { token: te });
      expect(them.body.data).toMatchObject({ email: 'teacher@example.com', groupId: 1 });
    } finally {
      await s.close();
    }
  });
});
