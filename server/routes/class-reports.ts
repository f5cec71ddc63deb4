import { Hono } from 'hono';
import type { AppContext, AuthUser, Env } from '../lib/context.ts';
import { isTeacher, requireAuth, requireTeacher } from '../lib/auth.ts';
import { BusinessCode, business, notFound, validation } from '../lib/errors.ts';
import { readText } from '../lib/text.ts';
import { idParam, paged, pageParam, readBody } from '../lib/request.ts';
import { CLASS_REPORT_SELECT, serializeClassReport, type ClassReportRow } from '../lib/enrollments.ts';
import { hintChanged } from '../lib/notify.ts';

/**
 * Class reports: the teacher writes one per class (POST creates or replaces it, PUT edits it); the
 * student and the teacher of the class read them. Anyone else gets 404; a student writing gets 403.
 */
export const classReportRoutes = new Hono<Env>();

classReportRoutes.use('/class-reports/*', requireAuth); // also guards `/class-reports` itself

const PER_PAGE = 10;
const MAX_TEXT = 5000;

/** The column that makes a user a party of an enrolment: a teacher teaches it, a student takes it. */
const partyColumn = (user: AuthUser) => (isTeacher(user) ? 'e.teacher_id' : 'e.student_id');

classReportRoutes.get('/class-reports', (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const page = pageParam(c);
  const where = [`${partyColumn(user)} = ?`];
  const args: (number | string)[] = [user.id];
  const rawEnrollment = c.req.query('enrollment_id');
  if (rawEnrollment !== undefined && rawEnrollment !== '') {
    if (!/^\d{1,12}$/.test(rawEnrollment)) throw notFound();
    const mine = app.db
      .prepare(`SELECT 1 FROM enrollments e WHERE e.id = ? AND ${partyColumn(user)} = ?`)
      .get(Number(rawEnrollment), user.id);
    if (!mine) throw notFound();
    where.push('e.id = ?');
    args.push(Number(rawEnrollment));
  }
  const filter = where.join(' AND ');
  const total = (app.db
    .prepare(`SELECT COUNT(*) AS n FROM class_reports r JOIN classes k ON k.id = r.class_id JOIN enrollments e ON e.id = k.enrollment_id WHERE ${filter}`)
    .get(...args) as { n: number }).n;
  const rows = app.db
    .prepare(`${CLASS_REPORT_SELECT} WHERE ${filter} ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`)
    .all(...args, PER_PAGE, (page - 1) * PER_PAGE) as ClassReportRow[];
  return c.json(paged(c, rows.map(serializeClassReport), page, PER_PAGE, total));
});

/** The report if the user is its student or its teacher; else 404. */
function partyReport(app: AppContext, user: AuthUser, id: number): ClassReportRow {
  const r = app.db.prepare(`${CLASS_REPORT_SELECT} WHERE r.id = ?`).get(id) as ClassReportRow | undefined;
  if (!r || (isTeacher(user) ? r.teacher_id !== user.id : r.student_id !== user.id)) throw notFound();
  return r;
}
const reportById = (app: AppContext, id: number) =>
  serializeClassReport(app.db.prepare(`${CLASS_REPORT_SELECT} WHERE r.id = ?`).get(id) as ClassReportRow);

classReportRoutes.get('/class-reports/:id', (c) => {
  const app = c.get('app');
  return c.json({ data: serializeClassReport(partyReport(app, c.get('user'), idParam(c))) });
});

interface ReportForm { rating: number; class_activity: string; homework: string; teacher_notes: string | null }

/** Rating 0–5 in half steps; activity and homework required; notes optional (`notes` or `teacher_notes`). */
function validateReport(input: Record<string, unknown>): ReportForm {
  const errors: Record<string, string[]> = {};
  const raw = input.rating;
  const rating = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (raw === undefined || raw === null || raw === '') errors.rating = ['The rating field is required.'];
  else if (!Number.isFinite(rating) || rating < 0 || rating > 5 || !Number.isInteger(rating * 2)) {
    errors.rating = ['The rating must be between 0 and 5 in half steps.'];
  }
  const text = (field: 'class_activity' | 'homework', label: string) => {
    const { text: v, error } = readText(input[field], label);
    if (error) errors[field] = [error];
    else if (!v) errors[field] = [`The ${label} field is required.`];
    else if (v.length > MAX_TEXT) errors[field] = [`The ${label} may not be greater than ${MAX_TEXT} characters.`];
    return v;
  };
  const classActivity = text('class_activity', 'class activity');
  const homework = text('homework', 'homework');
  const rawNotes = input.teacher_notes ?? input.notes;
  let notes: string | null = null;
  if (rawNotes !== undefined && rawNotes !== null) {
    const checked = readText(rawNotes, 'teacher notes');
    if (typeof rawNotes !== 'string') errors.teacher_notes = ['The teacher notes must be a string.'];
    else if (checked.error) errors.teacher_notes = [checked.error];
    else if (rawNotes.trim().length > MAX_TEXT) errors.teacher_notes = [`The teacher notes may not be greater than ${MAX_TEXT} characters.`];
    else notes = checked.text || null;
  }
  if (Object.keys(errors).length) throw validation(errors);
  return { rating, class_activity: classActivity, homework, teacher_notes: notes };
}

/** The student's class shows the report's rating: tell them (their home does not show it). */
function hintStudentOfReport(app: AppContext, reportId: number): void {
  const k = app.db
    .prepare(`SELECT k.id, k.start_at, s.id AS student_id, s.timezone AS tz FROM class_reports r JOIN classes k ON k.id = r.class_id
              JOIN enrollments e ON e.id = k.enrollment_id JOIN users s ON s.id = e.student_id WHERE r.id = ?`)
    .get(reportId) as { id: number; start_at: number; student_id: number; tz: string } | undefined;
  if (k) hintChanged(app, { id: k.student_id, tz: k.tz }, 'class_report_saved', [{ id: k.id, startsAt: [k.start_at] }], false);
}

/** The class's teacher writes its report (a second POST replaces the first). Canceled or not yet started → NOT_ALLOWED. */
classReportRoutes.post('/class-reports/:classId', async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireTeacher(user);
  const klass = app.db
    .prepare('SELECT k.id, k.canceled, k.start_at FROM classes k JOIN enrollments e ON e.id = k.enrollment_id WHERE k.id = ? AND e.teacher_id = ?')
    .get(idParam(c, 'classId'), user.id) as { id: number; canceled: number; start_at: number } | undefined;
  if (!klass) throw notFound();
  const form = validateReport(await readBody(c));
  if (klass.canceled || klass.start_at > app.now()) throw business(BusinessCode.NOT_ALLOWED);
  const now = app.now();
  app.db
    .prepare(
      `INSERT INTO class_reports (class_id, rating, class_activity, homework, teacher_notes, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(class_id) DO UPDATE SET rating = excluded.rating, class_activity = excluded.class_activity,
         homework = excluded.homework, teacher_notes = excluded.teacher_notes, updated_at = excluded.updated_at`,
    )
    .run(klass.id, form.rating, form.class_activity, form.homework, form.teacher_notes, now, now);
  const id = (app.db.prepare('SELECT id FROM class_reports WHERE class_id = ?').get(klass.id) as { id: number }).id;
  hintStudentOfReport(app, id);
  return c.json({ data: reportById(app, id) });
});

/** The teacher edits a report of their class; a student gets 403. */
classReportRoutes.put('/class-reports/:id', async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireTeacher(user);
  const report = partyReport(app, user, idParam(c));
  const form = validateReport(await readBody(c));
  app.db
    .prepare('UPDATE class_reports SET rating = ?, class_activity = ?, homework = ?, teacher_notes = ?, updated_at = ? WHERE id = ?')
    .run(form.rating, form.class_activity, form.homework, form.teacher_notes, app.now(), report.id);
  hintStudentOfReport(app, report.id);
  return c.json({ data: reportById(app, report.id) });
});
