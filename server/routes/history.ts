import { Hono } from 'hono';
import type { AppContext, Env } from '../lib/context.ts';
import { requireAuth, requireStudent, requireTeacher } from '../lib/auth.ts';
import { bool, money } from '../db/index.ts';
import { formated, iso, monthRange } from '../lib/time.ts';
import { CLASS_SELECT, enrollmentRef, type ClassRow } from '../lib/classes.ts';

/**
 * Histories: a student's transactions (grouped as recharges, class payments and wallet logs) and a
 * teacher's salary report for the current or the previous calendar month (Cairo time).
 */
export const historyRoutes = new Hono<Env>();

historyRoutes.use('/history/*', requireAuth);

interface TransactionRow {
  id: number; type: string; value: number; amount: number | null; comment: string | null; credits_after: number;
  created_at: number; class_id: number | null; class_name: string | null; class_start_at: number | null;
}

export const serial = (id: number) => `TX-${String(id).padStart(6, '0')}`;

function serializeTransaction(t: TransactionRow, tz: string) {
  return {
    id: t.id,
    serial: serial(t.id),
    type: t.type,
    timestamp: Math.floor(t.created_at / 1000),
    created_at_readable: formated(t.created_at, tz),
    credits_after: t.credits_after,
    value: t.value,
    amount: t.amount,
    comment: t.comment,
    class: t.class_id == null ? null : { id: t.class_id, name: t.class_name, start_datetime: iso(t.class_start_at) },
  };
}

historyRoutes.get('/history/transactions', (c) => {
  const user = c.get('user');
  requireStudent(user);
  const app = c.get('app');
  const rows = app.db
    .prepare(
      `SELECT t.id, t.type, t.value, t.amount, t.comment, t.credits_after, t.created_at, t.class_id,
         COALESCE(k.name, co.name) AS class_name, k.start_at AS class_start_at
       FROM transactions t
       LEFT JOIN classes k ON k.id = t.class_id
       LEFT JOIN enrollments e ON e.id = k.enrollment_id
       LEFT JOIN courses co ON co.id = e.course_id
       WHERE t.user_id = ?
       ORDER BY t.created_at DESC, t.id DESC`,
    )
    .all(user.id) as TransactionRow[];
  const data = { recharges: [] as ReturnType<typeof serializeTransaction>[], class_payments: [] as ReturnType<typeof serializeTransaction>[], wallet_logs: [] as ReturnType<typeof serializeTransaction>[] };
  for (const r of rows) {
    const t = serializeTransaction(r, user.timezone);
    if (r.type === 'recharge') data.recharges.push(t);
    else if (r.type === 'class_payment') data.class_payments.push(t);
    else data.wallet_logs.push(t);
  }
  return c.json({ data });
});

/** Salaries are computed on Cairo calendar months, as the spec shows them. */
export const SALARY_TZ = 'Africa/Cairo';

/**
 * The teacher's attended (not canceled) classes that start in the month, oldest first. Salary is
 * duration / 60 × the teacher's hourly price for every attended class, trial classes included:
 * the teacher taught them. `paid` says whether the student was charged, so a trial class is
 * `paid: false` even though it earns salary.
 */
export function salaryReport(app: AppContext, teacherId: number, monthsDelta: 0 | -1) {
  const [from, to] = monthRange(app.now(), SALARY_TZ, monthsDelta);
  const hourly = (app.db.prepare('SELECT teacher_hourly_price AS p FROM users WHERE id = ?').get(teacherId) as { p: number }).p;
  const rows = app.db
    .prepare(
      `${CLASS_SELECT}
       WHERE e.teacher_id = ? AND k.attended = 1 AND k.canceled = 0 AND k.start_at >= ? AND k.start_at < ?
       ORDER BY k.start_at, k.id`,
    )
    .all(teacherId, from, to) as ClassRow[];
  const classes = rows.map((r) => ({
    id: r.id,
    paid: bool(r.paid) && !bool(r.is_trial),
    enrollment: enrollmentRef(r),
    duration: r.duration,
    teacher_hourly_price: hourly,
    start_formated: formated(r.start_at, SALARY_TZ),
  }));
  const salary = money(rows.reduce((s, r) => s + (r.duration / 60) * hourly, 0));
  return { salary, classes_count: classes.length, classes };
}

historyRoutes.get('/history/salary', (c) => {
  const user = c.get('user');
  requireTeacher(user);
  return c.json({ data: salaryReport(c.get('app'), user.id, 0) });
});

historyRoutes.get('/history/salary/previous', (c) => {
  const user = c.get('user');
  requireTeacher(user);
  return c.json({ data: salaryReport(c.get('app'), user.id, -1) });
});
