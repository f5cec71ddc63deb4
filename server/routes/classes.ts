import crypto from 'node:crypto';
import { Hono } from 'hono';
import { Temporal } from 'temporal-polyfill';
import type { AppContext, AuthUser, Env } from '../lib/context.ts';
import { bool } from '../db/index.ts';
import { isTeacher, requireAuth, requireTeacher, testOnly } from '../lib/auth.ts';
import { business, forbidden, invalid, notFound, validation } from '../lib/errors.ts';
import { idParam, numberOf, paged, pageParam, readBody } from '../lib/request.ts';
import { readText, textProblem } from '../lib/text.ts';
import { applyCredits } from '../lib/ledger.ts';
import { hintChanged, notify } from '../lib/notify.ts';
import { getSettings } from '../lib/settings.ts';
import { DAY, MINUTE, formated, instantOf, localDate, monthRange, zoned } from '../lib/time.ts';
import {
  CLASS_SELECT, type ClassRow, canMarkAttended, classChangesThisMonth, classPrice, classRow, editBlock, freshClass,
  isJoinable, isOpen, isStudentOf, isTeacherOf, loadClass, localShift, paymentStatus, recordClassChange, rescheduleRow, returnRescheduleChange,
  serializeClass, serializeClasses, serializeRescheduleRequest, shiftLocal, urlEditable,
} from '../lib/classes.ts';

/**
 * Classes: the calendar, the teacher's coming and past lists, one class, and its actions (join,
 * join URL, absent, attended, cancel, reschedule), makeup classes and reschedule decisions.
 */
export const classRoutes = new Hono<Env>();

const PER_PAGE = 15;

/** The other party of a class, as a user id and timezone (for a notification). */
function otherParty(row: ClassRow, actor: AuthUser): { id: number; tz: string } | null {
  if (isStudentOf(row, actor)) return row.teacher_id == null ? null : { id: row.teacher_id, tz: row.teacher_timezone ?? 'UTC' };
  return { id: row.student_id, tz: row.student_timezone };
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

function plainDate(s: string): Temporal.PlainDate | null {
  if (!DATE_RE.test(s)) return null;
  try {
    return Temporal.PlainDate.from(s, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** Fails with the business code when the actor may not cancel or reschedule the class now. */
function assertChangeAllowed(app: AppContext, row: ClassRow, actor: AuthUser): void {
  const block = editBlock(row, app.now());
  if (block) throw business(block);
  if (classChangesThisMonth(app, actor.id) >= getSettings(app.db).monthly_class_changes) throw business('LIMIT_EXCEEDED');
}

// ---------------------------------------------------------------------------------------------
// Calendar and lists

classRoutes.get('/calendar', requireAuth, (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const tz = user.timezone;
  const q = c.req.query('start_date');
  let first: Temporal.ZonedDateTime;
  if (q != null && q !== '') {
    const d = plainDate(q);
    if (!d) throw invalid('start_date', 'The start date is not a valid date.');
    first = d.with({ day: 1 }).toZonedDateTime({ timeZone: tz });
  } else {
    first = Temporal.Instant.fromEpochMilliseconds(monthRange(app.now(), tz)[0]).toZonedDateTimeISO(tz);
  }
  const from = first.subtract({ days: 7 }).epochMilliseconds;
  const to = first.add({ months: 1 }).add({ days: 7 }).epochMilliseconds;
  const col = isTeacher(user) ? 'e.teacher_id' : 'e.student_id';
  const rows = app.db
    .prepare(`${CLASS_SELECT} WHERE ${col} = ? AND k.start_at >= ? AND k.start_at < ? ORDER BY k.start_at, k.id`)
    .all(user.id, from, to) as ClassRow[];
  return c.json({ data: serializeClasses(app, rows, user) });
});

function teacherList(kind: 'coming' | 'history') {
  return (c: import('hono').Context<Env>) => {
    const app = c.get('app');
    const user = c.get('user');
    requireTeacher(user);
    const page = pageParam(c);
    const now = app.now();
    const where = kind === 'coming'
      // No class lasts a day: the bound on start_at lets the (enrollment_id, start_at) index do the range.
      ? `e.teacher_id = ? AND k.canceled = 0 AND k.start_at + k.duration * 60000 > ? AND k.start_at > ${now - DAY}`
      // History is what has happened: classes whose time is over, canceled or not. A class canceled
      // ahead of its time joins the history when that time has passed (until then it is on the calendar).
      : 'e.teacher_id = ? AND k.start_at + k.duration * 60000 <= ?';
    const order = kind === 'coming' ? 'k.start_at, k.id' : 'k.start_at DESC, k.id DESC';
    const total = (app.db
      .prepare(`SELECT COUNT(*) AS n FROM classes k JOIN enrollments e ON e.id = k.enrollment_id WHERE ${where}`)
      .get(user.id, now) as { n: number }).n;
    const rows = app.db
      .prepare(`${CLASS_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(user.id, now, PER_PAGE, (page - 1) * PER_PAGE) as ClassRow[];
    return c.json(paged(c, serializeClasses(app, rows, user), page, PER_PAGE, total));
  };
}

classRoutes.get('/classes', requireAuth, teacherList('coming'));
classRoutes.get('/classes/history', requireAuth, teacherList('history'));

classRoutes.get('/classes/:id', requireAuth, (c) => {
  const app = c.get('app');
  const user = c.get('user');
  return c.json({ data: serializeClass(app, loadClass(app, idParam(c), user), user) });
});

// ---------------------------------------------------------------------------------------------
// Makeup classes

classRoutes.post('/classes/makeup', requireAuth, async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  requireTeacher(user);
  const b = await readBody(c);
  const errors: Record<string, string[]> = {};
  const enrollmentId = numberOf(b.enrollment_id);
  if (b.enrollment_id == null || b.enrollment_id === '') errors.enrollment_id = ['The enrollment field is required.'];
  else if (!Number.isInteger(enrollmentId) || enrollmentId <= 0) errors.enrollment_id = ['The selected enrollment is invalid.'];
  const date = str(b.date);
  const time = str(b.start_time);
  if (!date) errors.date = ['The date field is required.'];
  else if (!plainDate(date)) errors.date = ['The date is not a valid date.'];
  if (!time) errors.start_time = ['The start time field is required.'];
  else if (!TIME_RE.test(time)) errors.start_time = ['The start time must be in HH:mm format.'];
  if (Object.keys(errors).length) throw validation(errors);

  const e = app.db.prepare('SELECT id, teacher_id, status, class_duration FROM enrollments WHERE id = ?').get(enrollmentId) as
    | { id: number; teacher_id: number | null; status: string; class_duration: number }
    | undefined;
  if (!e || e.teacher_id !== user.id) throw notFound();
  if (e.status !== 'approved' && e.status !== 'joined') throw business('NOT_ALLOWED');

  const now = app.now();
  const tz = user.timezone;
  const today = localDate(now, tz);
  if (date < today) throw invalid('date', 'The date cannot be before today.');
  const start = instantOf(date, time, tz);
  if (start == null) throw invalid('start_time', 'The start time is not valid.');
  if (start < now) throw invalid('start_time', 'The time cannot be before now.');

  const id = Number(app.db
    .prepare('INSERT INTO classes (enrollment_id, start_at, duration, makeup, created_at) VALUES (?, ?, ?, 1, ?)')
    .run(e.id, start, e.class_duration, now).lastInsertRowid);
  const made = classRow(app, id)!;
  hintChanged(app, { id: made.student_id, tz: made.student_timezone }, 'makeup_added', [{ id, startsAt: [start] }]);
  return c.json({ data: freshClass(app, id, user) });
});

// ---------------------------------------------------------------------------------------------
// Joining and the join URL

/**
 * A meeting link as stored: `https:` (`http:` too in development) with a real host written right
 * after `//` (`https:///evil` and `https:/evil`, which URL parsers repair, are refused), no
 * credentials, no control or invisible characters; answered in its normalised form, or null.
 */
export function joinUrl(raw: string, allowHttp: boolean): string | null {
  // No control, format (zero-width, direction) or space character anywhere: URL parsers drop some of them silently.
  if (raw.length > 2000 || textProblem(raw) || /[\p{Cf}\p{Z}]/u.test(raw)) return null;
  const m = /^(https?):\/\/([^/?#\\\s@]+)(?:[/?#]|$)/i.exec(raw);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  if (scheme !== 'https' && !(allowHttp && scheme === 'http')) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  const host = u.hostname;
  const named = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{1,63}$/i.test(host) || host === 'localhost';
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || /^\[[0-9a-f:.]+\]$/i.test(host);
  if (!(named || ip) || u.username || u.password) return null;
  return u.href;
}

classRoutes.post('/classes/:id/join', requireAuth, (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  const now = app.now();
  let hint: { to: { id: number; tz: string } | null; startsAt: number } | null = null;
  const result = app.db.transaction(() => {
    const row = loadClass(app, id, user);
    if (!isJoinable(row, now)) throw business('NOT_ALLOWED');
    let joinUrl = row.join_url;
    if (!joinUrl) {
      // Both parties must land in the same room: the generated link is kept on the class.
      joinUrl = `https://meet.example.com/class-${row.id}-${crypto.randomBytes(6).toString('hex')}`;
      app.db.prepare('UPDATE classes SET join_url = ? WHERE id = ?').run(joinUrl, row.id);
    }
    if (isTeacherOf(row, user)) {
      if (row.teacher_joined_at == null) {
        const late = Math.max(0, Math.round(((now - row.start_at) / MINUTE) * 10) / 10);
        app.db.prepare('UPDATE classes SET teacher_joined_at = ?, delay_minutes = ? WHERE id = ?').run(now, late, row.id);
      }
    } else if (row.student_joined_at == null) {
      app.db.prepare('UPDATE classes SET student_joined_at = ? WHERE id = ?').run(now, row.id);
    }
    const fresh = classRow(app, row.id)!;
    // The other party sees the room's link and who is in the class.
    const changed = fresh.join_url !== row.join_url || fresh.teacher_joined_at !== row.teacher_joined_at || fresh.student_joined_at !== row.student_joined_at;
    if (changed) hint = { to: otherParty(row, user), startsAt: row.start_at };
    return {
      payment_status: paymentStatus(fresh),
      credits: fresh.student_credits,
      join_url: joinUrl,
      teacher_joined: fresh.teacher_joined_at != null,
    };
  })();
  const joined = hint as { to: { id: number; tz: string } | null; startsAt: number } | null;
  if (joined) hintChanged(app, joined.to, 'class_joined', [{ id, startsAt: [joined.startsAt] }]);
  return c.json(result);
});

classRoutes.put('/classes/:id/join-url', requireAuth, async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const row = loadClass(app, idParam(c), user);
  if (!isTeacherOf(row, user)) throw forbidden();
  const b = await readBody(c);
  const raw = typeof b.join_url === 'string' ? b.join_url.trim() : '';
  if (!raw) throw invalid('join_url', 'The join url field is required.');
  const url = joinUrl(raw, app.config.allowHttpJoinUrls ?? process.env.NODE_ENV === 'development');
  if (!url) throw invalid('join_url', 'The join url must be a valid URL.');
  if (!urlEditable(row, user, app.now())) throw business('NOT_ALLOWED');
  app.db.prepare('UPDATE classes SET join_url = ?, url_added_at = ? WHERE id = ?').run(url, app.now(), row.id);
  hintChanged(app, otherParty(row, user), 'join_url_set', [{ id: row.id, startsAt: [row.start_at] }]);
  return c.json({ data: freshClass(app, row.id, user) });
});

// ---------------------------------------------------------------------------------------------
// Attendance

classRoutes.post('/classes/:id/absent', requireAuth, (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  const marked = app.db.transaction(() => {
    const row = loadClass(app, id, user);
    if (!isTeacherOf(row, user)) throw forbidden();
    if (!canMarkAttended(row, user, app.now())) throw business('NOT_ALLOWED');
    app.db.prepare('UPDATE classes SET absent = 1 WHERE id = ?').run(row.id);
    return row;
  })();
  hintChanged(app, otherParty(marked, user), 'attendance_marked', [{ id, startsAt: [marked.start_at] }]);
  return c.json({ data: freshClass(app, id, user) });
});

classRoutes.post('/classes/:id/attended', requireAuth, (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  let marked: ClassRow | null = null;
  const credits = app.db.transaction(() => {
    const row = loadClass(app, id, user);
    marked = row;
    if (!isTeacherOf(row, user)) throw forbidden();
    if (!canMarkAttended(row, user, app.now())) throw business('NOT_ALLOWED');
    const report = app.db.prepare('SELECT id FROM class_reports WHERE class_id = ?').get(row.id);
    if (!report) throw invalid('class_report', 'Please add the class report first.');
    if (bool(row.is_trial)) {
      app.db.prepare('UPDATE classes SET attended = 1, charged_amount = 0 WHERE id = ?').run(row.id);
      return row.student_credits;
    }
    const price = classPrice(row);
    if (row.student_credits < price) throw business('NO_ENOUGH_CREDITS');
    const after = applyCredits(app, row.student_id, 'class_payment', -price, { class_id: row.id });
    app.db.prepare('UPDATE classes SET attended = 1, paid = 1, charged_amount = ? WHERE id = ?').run(price, row.id);
    return after.credits;
  })();
  // The student's class, credits and next class changed.
  const row = marked as ClassRow | null;
  if (row) hintChanged(app, otherParty(row, user), 'attendance_marked', [{ id, startsAt: [row.start_at] }]);
  return c.json({ data: freshClass(app, id, user), credits });
});

// ---------------------------------------------------------------------------------------------
// Cancel and reschedule

classRoutes.post('/classes/:id/cancel', requireAuth, async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  const b = await readBody(c);
  const checked = readText(b.cancelation_reason, 'cancelation reason');
  if (checked.error) throw invalid('cancelation_reason', checked.error);
  const reason = checked.text || null;
  if (reason && reason.length > 1000) throw invalid('cancelation_reason', 'The cancelation reason may not be greater than 1000 characters.');
  const canceled = app.db.transaction(() => {
    const row = loadClass(app, id, user);
    assertChangeAllowed(app, row, user);
    const now = app.now();
    app.db.prepare('UPDATE classes SET canceled = 1, canceled_by = ?, cancelation_reason = ? WHERE id = ?').run(user.id, reason, row.id);
    // A pending move of a canceled class can no longer apply. Canceled by the other party, it was
    // refused: its sender gets the change back.
    const waiting = app.db.prepare("SELECT sender_id FROM reschedule_requests WHERE class_id = ? AND status = 'pending'").all(row.id) as { sender_id: number }[];
    app.db.prepare("UPDATE reschedule_requests SET status = 'rejected', decided_at = ? WHERE class_id = ? AND status = 'pending'").run(now, row.id);
    for (const w of waiting) if (w.sender_id !== user.id) returnRescheduleChange(app, w.sender_id, row.id);
    recordClassChange(app, user.id, row.id, 'cancel');
    const other = otherParty(row, user);
    if (other) {
      notify(app, other.id, 'class_canceled', 'Class Canceled',
        `${user.name} canceled the ${row.course_name} class of ${formated(row.start_at, other.tz)}${reason ? `: ${reason}` : '.'}`,
        { course_id: row.course_id, course_class_id: row.id });
    }
    return row;
  })();
  hintChanged(app, otherParty(canceled, user), 'class_canceled', [{ id, startsAt: [canceled.start_at] }]);
  return c.json({ data: freshClass(app, id, user) });
});

classRoutes.put('/classes/:id/reschedule', requireAuth, async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  const row0 = loadClass(app, id, user);
  const b = await readBody(c);
  const date = str(b.date);
  const time = str(b.start_time ?? b.time);
  if (!date || !time) {
    const errors: Record<string, string[]> = {};
    if (!date) errors.date = ['Fill required inputs'];
    if (!time) errors.start_time = ['Fill required inputs'];
    throw validation(errors);
  }
  const tz = user.timezone;
  const now = app.now();
  const d = plainDate(date);
  if (!d) throw invalid('date', 'The date is not a valid date.');
  const today = zoned(now, tz).toPlainDate();
  const ahead = today.until(d, { largestUnit: 'days' }).days;
  if (ahead < 1 || ahead > 7) throw invalid('date', 'The date must be between tomorrow and 7 days from today.');
  if (!TIME_RE.test(time)) throw invalid('start_time', 'The start time must be in HH:mm format.');
  if (time !== '23:59' && Number(time.slice(3)) % 15 !== 0) {
    throw invalid('start_time', 'The minutes must be 00, 15, 30 or 45.');
  }
  const newStart = instantOf(date, time, tz);
  if (newStart == null) throw invalid('start_time', 'The start time is not valid.');
  const checkedReason = readText(b.reason, 'reason');
  if (checkedReason.error) throw invalid('reason', checkedReason.error);
  const reason = checkedReason.text || null;
  if (reason && reason.length > 1000) throw invalid('reason', 'The reason may not be greater than 1000 characters.');
  const permanent = truthy(b.permanent);

  let asked: ClassRow | null = null;
  const requestId = app.db.transaction(() => {
    const row = classRow(app, row0.id)!;
    assertChangeAllowed(app, row, user);
    const pending = app.db.prepare("SELECT id FROM reschedule_requests WHERE class_id = ? AND status = 'pending'").get(row.id);
    if (pending) throw business('NOT_ALLOWED');
    const rid = Number(app.db
      .prepare(`INSERT INTO reschedule_requests (class_id, sender_id, permanent, old_start_at, new_start_at, reason, status, created_at)
                VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)`)
      .run(row.id, user.id, permanent ? 1 : 0, row.start_at, newStart, reason, now).lastInsertRowid);
    recordClassChange(app, user.id, row.id, 'reschedule');
    asked = row;
    const other = otherParty(row, user);
    if (other) {
      notify(app, other.id, 'class_rescheduled', 'Reschedule Request',
        `${user.name} asks to move the ${row.course_name} class of ${formated(row.start_at, other.tz)} to ${formated(newStart, other.tz)}${permanent ? ' and the following classes' : ''}.`,
        { course_id: row.course_id, course_class_id: row.id });
    }
    return rid;
  })();
  // The other party's home lists the request; the class shows it pending.
  const row = asked as ClassRow | null;
  if (row) hintChanged(app, otherParty(row, user), 'reschedule_requested', [{ id: row.id, startsAt: [row.start_at] }]);
  return c.json({ data: serializeRescheduleRequest(rescheduleRow(app, requestId)!, user) });
});

// ---------------------------------------------------------------------------------------------
// Reschedule decisions

classRoutes.post('/reschedule-requests/:id/:action', requireAuth, (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  const action = c.req.param('action');
  if (action !== 'approve' && action !== 'reject') throw notFound();
  const now = app.now();

  let sender: { id: number; tz: string } | null = null;
  const changed: { id: number; startsAt: number[] }[] = [];
  const moved = app.db.transaction(() => {
    const r = rescheduleRow(app, id);
    if (!r || !(isStudentOf(r, user) || isTeacherOf(r, user))) throw notFound();
    if (r.sender_id === user.id) throw forbidden();
    if (r.request_status !== 'pending') throw business('NOT_ALLOWED');
    const to = r.sender_id === r.student_id ? { tz: r.student_timezone } : { tz: r.teacher_timezone ?? 'UTC' };
    sender = { id: r.sender_id, tz: to.tz };

    if (action === 'reject') {
      app.db.prepare("UPDATE reschedule_requests SET status = 'rejected', decided_at = ? WHERE id = ?").run(now, r.request_id);
      // A request the other party refused does not use up one of the sender's monthly changes.
      returnRescheduleChange(app, r.sender_id, r.id);
      notify(app, r.sender_id, 'class_rescheduled_rejected', 'Reschedule Rejected',
        `${user.name} rejected moving the ${r.course_name} class of ${formated(r.old_start_at, to.tz)}.`,
        { course_id: r.course_id, course_class_id: r.id });
      changed.push({ id: r.id, startsAt: [r.old_start_at] });
      return [] as number[];
    }

    if (!isOpen(r)) throw business('NOT_ALLOWED');
    const ids: number[] = [r.id];
    const update = app.db.prepare('UPDATE classes SET start_at = ?, rescheduled = 1 WHERE id = ?');
    update.run(r.new_start_at, r.id);
    changed.push({ id: r.id, startsAt: [r.old_start_at, r.new_start_at] });
    if (bool(r.permanent) && r.series_key) {
      // The rest of the series keeps the new local weekday and time of day in the student's timezone.
      const tz = r.student_timezone;
      const shift = localShift(r.old_start_at, r.new_start_at, tz);
      const later = app.db
        .prepare(`SELECT k.id, k.start_at FROM classes k
                  WHERE k.enrollment_id = ? AND k.series_key = ? AND k.id <> ? AND k.start_at > ?
                    AND k.canceled = 0 AND k.attended = 0 AND k.absent = 0
                  ORDER BY k.start_at`)
        .all(r.enrollment_id, r.series_key, r.id, r.old_start_at) as { id: number; start_at: number }[];
      for (const k of later) {
        const to = shiftLocal(k.start_at, tz, shift.days, shift.hour, shift.minute);
        update.run(to, k.id);
        changed.push({ id: k.id, startsAt: [k.start_at, to] });
        ids.push(k.id);
      }
    }
    app.db.prepare("UPDATE reschedule_requests SET status = 'approved', decided_at = ? WHERE id = ?").run(now, r.request_id);
    notify(app, r.sender_id, 'class_rescheduled', 'Reschedule Approved',
      `${user.name} approved moving the ${r.course_name} class to ${formated(r.new_start_at, to.tz)}${ids.length > 1 ? ' and the following classes' : ''}.`,
      { course_id: r.course_id, course_class_id: r.id });
    return ids;
  })();
  hintChanged(app, sender, action === 'approve' ? 'reschedule_approved' : 'reschedule_rejected', changed);

  const rows = moved.length
    ? (app.db.prepare(`${CLASS_SELECT} WHERE k.id IN (SELECT value FROM json_each(?)) ORDER BY k.start_at, k.id`)
      .all(JSON.stringify(moved)) as ClassRow[])
    : [];
  return c.json({ data: serializeRescheduleRequest(rescheduleRow(app, id)!, user), classes: serializeClasses(app, rows, user) });
});

// ---------------------------------------------------------------------------------------------
// Test-only: put a class on an enrolment at a chosen time (end-to-end tests of join, attendance...)

classRoutes.post('/test/classes', testOnly, async (c) => {
  const app = c.get('app');
  const b = await readBody(c);
  const e = app.db.prepare('SELECT id, class_duration FROM enrollments WHERE id = ?').get(numberOf(b.enrollment_id)) as
    | { id: number; class_duration: number }
    | undefined;
  if (!e) throw notFound();
  const startAt = typeof b.start_at === 'string' ? Date.parse(b.start_at) : app.now() + numberOf(b.start_in_minutes ?? 0) * MINUTE;
  if (!Number.isFinite(startAt)) throw invalid('start_at', 'The start at is not a valid date.');
  const duration = numberOf(b.duration ?? e.class_duration);
  if (!Number.isInteger(duration) || duration <= 0) throw invalid('duration', 'The duration must be a positive number of minutes.');
  const id = Number(app.db
    .prepare(`INSERT INTO classes (enrollment_id, name, start_at, duration, series_key, is_trial, join_url, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(e.id, typeof b.name === 'string' ? b.name : null, startAt, duration, typeof b.series_key === 'string' ? b.series_key : null,
      truthy(b.is_trial) ? 1 : 0, typeof b.join_url === 'string' ? b.join_url : null, app.now()).lastInsertRowid);
  return c.json({ data: { id, start_datetime: new Date(startAt).toISOString(), duration } });
});
