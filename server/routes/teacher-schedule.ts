import { Hono } from 'hono';
import type { AppContext, Env } from '../lib/context.ts';
import { requireAuth, requireTeacher } from '../lib/auth.ts';
import { validation } from '../lib/errors.ts';
import { readBody } from '../lib/request.ts';

/** A teacher's fixed weekly working hours (day 0 Sunday .. 6 Saturday, times HH:mm in their timezone). */
export const scheduleRoutes = new Hono<Env>();

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_ROWS = 100;

interface ScheduleRow { id: number; day: number; start_time: string; end_time: string }

const rowsOf = (app: AppContext, teacherId: number) =>
  app.db
    .prepare('SELECT id, day, start_time, end_time FROM teacher_schedule WHERE teacher_id = ? ORDER BY day, start_time, id')
    .all(teacherId) as ScheduleRow[];

scheduleRoutes.get('/teacher-schedule', requireAuth, (c) => {
  const user = c.get('user');
  requireTeacher(user);
  return c.json({ data: rowsOf(c.get('app'), user.id) });
});

scheduleRoutes.put('/teacher-schedule', requireAuth, async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireTeacher(user);
  const b = await readBody(c);
  const list = b.schedule;
  if (!Array.isArray(list) || list.length === 0) {
    throw validation({ schedule: ['Please add at least one working time.'] });
  }
  if (list.length > MAX_ROWS) throw validation({ schedule: [`You may add at most ${MAX_ROWS} working times.`] });

  const errors: Record<string, string[]> = {};
  const rows: Omit<ScheduleRow, 'id'>[] = [];
  list.forEach((item: unknown, i: number) => {
    const o = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const day = typeof o.day === 'string' && /^\d$/.test(o.day) ? Number(o.day) : o.day;
    const start = typeof o.start_time === 'string' ? o.start_time.trim() : '';
    const end = typeof o.end_time === 'string' ? o.end_time.trim() : '';
    if (o.day == null || o.day === '') errors[`schedule.${i}.day`] = ['The day field is required.'];
    else if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) errors[`schedule.${i}.day`] = ['The day must be between 0 and 6.'];
    if (!start) errors[`schedule.${i}.start_time`] = ['The start time field is required.'];
    else if (!TIME_RE.test(start)) errors[`schedule.${i}.start_time`] = ['The start time must be in HH:mm format.'];
    if (!end) errors[`schedule.${i}.end_time`] = ['The end time field is required.'];
    else if (!TIME_RE.test(end)) errors[`schedule.${i}.end_time`] = ['The end time must be in HH:mm format.'];
    else if (TIME_RE.test(start) && end <= start) errors[`schedule.${i}.end_time`] = ['The end time must be after the start time.'];
    rows.push({ day: day as number, start_time: start, end_time: end });
  });
  if (Object.keys(errors).length) throw validation(errors);

  app.db.transaction(() => {
    app.db.prepare('DELETE FROM teacher_schedule WHERE teacher_id = ?').run(user.id);
    const ins = app.db.prepare('INSERT INTO teacher_schedule (teacher_id, day, start_time, end_time) VALUES (?, ?, ?, ?)');
    for (const r of rows) ins.run(user.id, r.day, r.start_time, r.end_time);
  })();
  return c.json({ data: rowsOf(app, user.id) });
});
