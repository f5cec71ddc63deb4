import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  appForFile, approvedEnrollmentOf, callApi, dismissInstall, toast, userIdOf, launchBrowser, waitForServiceWorker, type Browser, type LaunchOptions, signIn as signInAt,
} from './harness.ts';

/**
 * Classes across two real browsers against the seeded reference server: the demo student asks to
 * move a class and the demo teacher approves it from the dashboard; the teacher writes a report and
 * marks a class attended while the student's open dashboard shows the charge; a cancel past the
 * monthly limit is refused and the class stays. Each test fails on any console error.
 */

const STUDENT = 'student@example.com';
const TEACHER = 'teacher@example.com';
const PASSWORD = 'password';
const HIFZ = 'Quran Memorisation (Hifz)';
const TIMEOUT = 15_000;
/** The home poll is 10 s and the calendar's 20 s: allow twice as long (2 cores, two browsers). */
const HOME_POLL_WAIT = 20_000;
const CALENDAR_POLL_WAIT = 30_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const app = appForFile();
let studentId = 0;
let teacherId = 0;
/** The demo pair's approved (non-trial) Hifz enrolment. */
let hifzEnrollment = 0;

beforeAll(async () => {
  studentId = userIdOf(app, STUDENT);
  teacherId = userIdOf(app, TEACHER);
  hifzEnrollment = approvedEnrollmentOf(app, STUDENT, TEACHER, HIFZ);
});

const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app.url, method, path, token, body);

/** A class on the demo Hifz enrolment, through the test-only route. */
async function createClass(body: { start_at?: string; start_in_minutes?: number; duration?: number }): Promise<{ id: number; start_datetime: string }> {
  const r = await api<{ data: { id: number; start_datetime: string } }>('POST', '/test/classes', null, { enrollment_id: hifzEnrollment, ...body });
  return r.data;
}

const classRow = (id: number) =>
  app.app.db.prepare('SELECT start_at, canceled, attended, rescheduled FROM classes WHERE id = ?').get(id) as
    { start_at: number; canceled: number; attended: number; rescheduled: number };
const studentCredits = () => (app.app.db.prepare('SELECT credits FROM users WHERE id = ?').get(studentId) as { credits: number }).credits;

/** How many of the demo student's classes start on a UTC date (the month view shows four a day before "+more"). */
function classesOn(date: string): number {
  const from = Date.parse(`${date}T00:00:00Z`);
  return (app.app.db
    .prepare('SELECT COUNT(*) AS n FROM classes k JOIN enrollments e ON e.id = k.enrollment_id WHERE e.student_id = ? AND k.start_at >= ? AND k.start_at < ?')
    .get(studentId, from, from + DAY) as { n: number }).n;
}

/** The first of `times` (HH:mm, UTC) at which none of the demo student's classes starts on `date`: its calendar label is unique. */
function freeTime(date: string, times: string[], taken: string[] = []): string {
  const at = app.app.db.prepare('SELECT COUNT(*) AS n FROM classes k JOIN enrollments e ON e.id = k.enrollment_id WHERE e.student_id = ? AND k.start_at = ?');
  const t = times.find((x) => !taken.includes(x) && (at.get(studentId, Date.parse(`${date}T${x}:00.000Z`)) as { n: number }).n === 0);
  if (!t) throw new Error(`no free start time on ${date}`);
  return t;
}

/** The quietest UTC dates from `first` to `last` days ahead (inclusive), quietest first. */
function quietDates(first: number, last: number): string[] {
  const dates: string[] = [];
  for (let d = first; d <= last; d++) dates.push(new Date(Date.now() + d * DAY).toISOString().slice(0, 10));
  return dates.sort((a, b) => classesOn(a) - classesOn(b));
}

async function signIn(page: Page, email: string, teacher = false) {
  await signInAt(page, app.url, email, { teacher, password: PASSWORD, timeout: TIMEOUT });
  // The app sends the browser's timezone (UTC here) after sign-in: times below are read in UTC.
  await expect.poll(() => (app.app.db.prepare('SELECT timezone FROM users WHERE email = ?').get(email) as { timezone: string }).timezone,
    { timeout: TIMEOUT }).toBe('UTC');
}

async function withBrowsers(n: number, fn: (bs: Browser[]) => Promise<void>, opts: LaunchOptions = {}) {
  const bs: Browser[] = [];
  try {
    for (let i = 0; i < n; i++) bs.push(await launchBrowser(opts));
    await fn(bs).catch(async (e: unknown) => {
      const shots: string[] = [];
      for (const [i, b] of bs.entries()) {
        const shot = `/tmp/classes-e2e-failure-${Date.now()}-${i}.png`;
        await b.context.pages()[0]?.screenshot({ path: shot, fullPage: true }).then(() => shots.push(shot)).catch(() => {});
      }
      throw new Error(`${(e as Error).message}\n(screenshots: ${shots.join(', ')})`);
    });
    for (const b of bs) expect(b.errors).toEqual([]);
  } finally {
    for (const b of bs) await b.close();
  }
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
/** "2:15am", as the calendar labels an event's start. */
const eventTime = (iso: string) => {
  const d = new Date(iso);
  const h = d.getUTCHours();
  return `${h % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
};

/** The month view's cell of a UTC date, moving to the month before or after when the date is not on screen. */
async function dayCell(page: Page, date: string) {
  const label = LONG_DATE.format(new Date(`${date}T12:00:00Z`));
  const cell = page.getByRole('cell', { name: new RegExp(`^${label}\\b`) });
  const grid = page.getByRole('table', { name: /^\w+ \d{4}$/ });
  await grid.waitFor({ timeout: TIMEOUT });
  if ((await cell.count()) === 0) {
    // The grid is named after its month ("November 2026").
    const shown = new Date(`1 ${await grid.getAttribute('aria-label')} 12:00 UTC`).toISOString().slice(0, 7);
    await page.getByRole('button', { name: date.slice(0, 7) > shown ? 'Next' : 'Previous' }).click();
    await cell.waitFor({ timeout: TIMEOUT });
  }
  return cell;
}

/** The calendar event of a class of the Hifz course starting at `iso`. */
async function calendarEvent(page: Page, iso: string) {
  return (await dayCell(page, iso.slice(0, 10))).getByRole('button', { name: `${eventTime(iso)} ${HIFZ}`, exact: true });
}

describe('classes', () => {
  it('a student asks to reschedule; the teacher approves from the dashboard; the class moves on the student calendar', async () => {
    // A fresh class with no pending request, on a quiet day two to six days ahead, early in the (UTC) morning.
    const [fromDate, toDate] = quietDates(2, 6);
    const EARLY = ['02:15', '03:45', '01:45', '00:45', '04:15', '01:15', '02:45', '03:15'];
    const fromTime = freeTime(fromDate!, EARLY);
    const toTime = freeTime(toDate!, EARLY, [fromTime]);
    const klass = await createClass({ start_at: `${fromDate}T${fromTime}:00.000Z`, duration: 60 });
    const newIso = `${toDate}T${toTime}:00.000Z`;
    const reason = `Family visit that morning (e2e ${Date.now()})`;

    await withBrowsers(2, async ([s, t]) => {
      const student = await s!.newPage();
      const teacher = await t!.newPage();
      await signIn(student, STUDENT);
      await signIn(teacher, TEACHER, true);
      await teacher.getByRole('heading', { name: 'Reschedule Requests' }).waitFor({ timeout: TIMEOUT });

      // The student opens the class from the calendar and asks to move it.
      await student.goto(`${app.url}/calendar`);
      await dismissInstall(student);
      await (await calendarEvent(student, klass.start_datetime)).click({ timeout: TIMEOUT });
      const details = student.getByRole('dialog', { name: 'Class Details' });
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      await details.getByRole('button', { name: 'Reschedule' }).click();
      const form = student.getByRole('dialog', { name: 'Reschedule Class' });
      await form.getByLabel('New date').fill(toDate!);
      await form.getByLabel('Start time').fill(toTime);
      await form.getByLabel('Reason').fill(reason);
      await form.getByRole('button', { name: 'Send Request' }).click();
      await toast(student, 'Reschedule request submitted');
      // Back on the details, which no longer offer another request for this class.
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      await expect.poll(() => details.getByRole('button', { name: 'Reschedule' }).isDisabled(), { timeout: TIMEOUT }).toBe(true);
      await details.getByRole('button', { name: 'Close' }).click();
      expect(classRow(klass.id).start_at).toBe(Date.parse(klass.start_datetime));

      // The teacher's open dashboard shows the request within the home poll, and approves it.
      const row = teacher.getByRole('table', { name: 'Reschedule requests' }).getByRole('row').filter({ hasText: reason });
      await row.waitFor({ timeout: HOME_POLL_WAIT });
      expect(await row.getByRole('cell', { name: 'Yusuf Rahman' }).count()).toBe(1);
      await dismissInstall(teacher);
      await row.getByRole('button', { name: 'Approve' }).click();
      await toast(teacher, 'Reschedule has been approved successfully');
      await row.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(classRow(klass.id)).toMatchObject({ start_at: Date.parse(newIso), rescheduled: 1 });

      // The student's open calendar moves the class within its poll: gone from the old day, at the new time on the new day.
      const moved = await calendarEvent(student, newIso);
      await moved.waitFor({ timeout: CALENDAR_POLL_WAIT });
      await dayCell(student, fromDate!);
      expect(await (await calendarEvent(student, klass.start_datetime)).count()).toBe(0);
      await moved.click();
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      await details.getByText('Rescheduled', { exact: true }).waitFor({ timeout: TIMEOUT });
    });
  });

  it('a teacher writes the report and marks a class attended; the student\'s open dashboard shows the charge', async () => {
    // Started 70 minutes ago, 60 minutes long: ended, not yet marked.
    const klass = await createClass({ start_in_minutes: -70, duration: 60 });
    const { token } = await api<{ token: string }>('POST', '/login', null, { email: TEACHER, password: PASSWORD });
    const { data } = await api<{ data: { price: number; payment_status: string; can_mark_attended: boolean } }>('GET', `/classes/${klass.id}`, token);
    expect(data.payment_status).not.toBe('trial');
    expect(data.can_mark_attended).toBe(true);
    const price = data.price;
    expect(price).toBeGreaterThan(0);
    const before = studentCredits();
    expect(before).toBeGreaterThanOrEqual(price);
    const money = (n: number) => `$${n.toFixed(2)}`;

    await withBrowsers(2, async ([s, t]) => {
      const student = await s!.newPage();
      const teacher = await t!.newPage();
      await signIn(student, STUDENT);
      const badge = student.getByTestId('credits-badge');
      const wallet = student.getByTestId('wallet-balance').filter({ visible: true });
      await expect.poll(() => badge.textContent(), { timeout: TIMEOUT }).toBe(money(before));
      await expect.poll(() => wallet.textContent(), { timeout: TIMEOUT }).toBe(money(before));

      await signIn(teacher, TEACHER, true);
      await teacher.goto(`${app.url}/classes/history`);
      await dismissInstall(teacher);
      const card = teacher.getByRole('article', { name: `Yusuf Rahman, class ${klass.id}` });
      await card.getByRole('button', { name: 'Class Details' }).click({ timeout: TIMEOUT });
      const details = teacher.getByRole('dialog', { name: 'Class Details' });
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      // Attended needs the report first.
      expect(await details.getByRole('button', { name: 'Mark Attended' }).isDisabled()).toBe(true);
      await details.getByText('Write the class report first.').waitFor();

      await details.getByRole('button', { name: 'Add Class Report' }).click();
      const report = teacher.getByRole('dialog', { name: 'Class Report' });
      await report.getByRole('button', { name: 'Save Report' }).click();
      await expect.poll(() => report.getByText('Input is required').count()).toBe(2);
      const star = report.getByRole('radio', { name: '4 stars' });
      const box = (await star.boundingBox())!;
      await star.click({ position: { x: box.width - 2, y: box.height / 2 } });
      await report.getByLabel('Class activity').fill('Revised Surah Al-Mulk, verses 1-15, with tajweed corrections.');
      await report.getByLabel('Homework').fill('Memorise verses 16-20 and recite them twice a day.');
      await report.getByRole('button', { name: 'Save Report' }).click();
      await toast(teacher, 'Class Report Saved Successfully');
      expect(app.app.db.prepare('SELECT rating, homework FROM class_reports WHERE class_id = ?').get(klass.id))
        .toEqual({ rating: 4, homework: 'Memorise verses 16-20 and recite them twice a day.' });

      // Back on the details: the report is in, attended can be marked.
      const attend = details.getByRole('button', { name: 'Mark Attended' });
      await expect.poll(() => attend.isEnabled(), { timeout: TIMEOUT }).toBe(true);
      await attend.click();
      // It asks first, saying what will be charged; nothing is charged until confirmed (issue 16.4).
      const confirm = teacher.getByRole('dialog', { name: 'Mark Attended' });
      await confirm.getByText(`Mark Yusuf Rahman attended? ${money(price)} will be charged from the student's balance.`, { exact: false }).waitFor({ timeout: TIMEOUT });
      expect(classRow(klass.id).attended).toBe(0);
      expect(studentCredits()).toBeCloseTo(before, 2);
      await confirm.getByRole('button', { name: 'Confirm Attended' }).click();
      await toast(teacher, `Marked attended: ${money(price)} charged to Yusuf Rahman.`);
      await attend.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(classRow(klass.id).attended).toBe(1);
      expect(studentCredits()).toBeCloseTo(before - price, 2);
      const charge = app.app.db.prepare("SELECT value FROM transactions WHERE user_id = ? AND class_id = ? AND type = 'class_payment'").all(studentId, klass.id);
      expect(charge).toEqual([{ value: -price }]);

      // The student's already-open dashboard shows the new balance within the home poll.
      await expect.poll(() => badge.textContent(), { timeout: HOME_POLL_WAIT }).toBe(money(before - price));
      await expect.poll(() => wallet.textContent(), { timeout: TIMEOUT }).toBe(money(before - price));
    });
  });

  it('a cancel beyond the monthly limit is refused with "Monthly limit exceeded" and the class stays', async () => {
    const { data: settings } = await api<{ data: { monthly_class_changes: number } }>('GET', '/app', null);
    const limit = settings.monthly_class_changes;
    expect(limit).toBeGreaterThan(0);
    const [date] = quietDates(2, 7);
    const klass = await createClass({ start_at: `${date}T${freeTime(date!, ['01:30', '00:30', '02:30', '03:30', '04:30'])}:00.000Z`, duration: 60 });
    const month = new Date().toISOString().slice(0, 7);
    /** Sets the demo student's class changes of this month to `n`. */
    const setChanges = (n: number) => {
      const db = app.app.db;
      db.prepare('DELETE FROM class_changes WHERE user_id = ? AND month = ?').run(studentId, month);
      const ins = db.prepare("INSERT INTO class_changes (user_id, class_id, month, kind, created_at) VALUES (?, ?, ?, 'cancel', ?)");
      for (let i = 0; i < n; i++) ins.run(studentId, klass.id, month, Date.now());
    };
    setChanges(limit - 1);

    await withBrowsers(1, async ([s]) => {
      const page = await s!.newPage();
      await signIn(page, STUDENT);
      await page.goto(`${app.url}/calendar`);
      await dismissInstall(page);
      await (await calendarEvent(page, klass.start_datetime)).click({ timeout: TIMEOUT });
      const details = page.getByRole('dialog', { name: 'Class Details' });
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      await details.getByText(`1 of ${limit} class changes left this month`).waitFor({ timeout: TIMEOUT });
      await details.getByRole('button', { name: 'Cancel Class' }).click();

      // Meanwhile the last change of the month is used elsewhere: the server refuses the cancel.
      const form = page.getByRole('dialog', { name: 'Cancel Class' });
      await form.getByLabel('Reason (optional)').fill('Travelling that week.');
      // No pause: the re-read after the refusal is forced past the engine's screen-refresh reuse.
      setChanges(limit);
      await form.getByRole('button', { name: 'Confirm Cancel' }).click();
      await toast(page, 'Monthly limit exceeded');
      // The form re-reads the class: the limit shows and Confirm is disabled.
      await form.getByRole('alert').getByText('Monthly limit exceeded').waitFor({ timeout: TIMEOUT });
      expect(await form.getByRole('button', { name: 'Confirm Cancel' }).isDisabled()).toBe(true);
      expect(classRow(klass.id).canceled).toBe(0);

      // The details now offer neither cancel nor reschedule.
      await form.getByRole('button', { name: 'Back' }).click();
      await details.getByText(`0 of ${limit} class changes left this month`).waitFor({ timeout: TIMEOUT });
      expect(await details.getByRole('button', { name: 'Cancel Class' }).isDisabled()).toBe(true);
      expect(await details.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);
      await details.getByText('Monthly limit exceeded').waitFor();

      // Still scheduled after a fresh load too.
      await details.getByRole('button', { name: 'Close' }).click();
      await page.reload();
      await (await calendarEvent(page, klass.start_datetime)).click({ timeout: TIMEOUT });
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      expect(await details.getByRole('button', { name: 'Cancel Class' }).isDisabled()).toBe(true);
      expect(await details.getByText('Canceled', { exact: true }).count()).toBe(0);
      expect(classRow(klass.id).canceled).toBe(0);
      expect(app.app.db.prepare('SELECT COUNT(*) AS n FROM class_changes WHERE user_id = ? AND month = ?').get(studentId, month)).toEqual({ n: limit });
    });
  });
  it('working hours saved offline wait in the outbox and reach the server when the network returns', async () => {
    const rows = () => app.app.db.prepare('SELECT day, start_time, end_time FROM teacher_schedule WHERE teacher_id = ? ORDER BY day, start_time')
      .all(teacherId) as { day: number; start_time: string; end_time: string }[];
    const added = { day: 5, start_time: '05:00', end_time: '06:30' };
    expect(rows()).not.toContainEqual(added);

    await withBrowsers(1, async ([t]) => {
      const page = await t!.newPage();
      await signIn(page, TEACHER, true);
      // Offline only after one completed online visit (the app's files then come from its worker).
      await waitForServiceWorker(page);
      await page.goto(`${app.url}/my-schedule`);
      await dismissInstall(page);
      await page.getByRole('heading', { name: 'Working Hours' }).waitFor({ timeout: TIMEOUT });
      // The saved rows come from the mirror; wait until the form shows them.
      await expect.poll(async () => page.getByLabel('From 1', { exact: true }).inputValue(), { timeout: TIMEOUT }).not.toBe('');

      await t!.context.setOffline(true);
      await page.getByRole('button', { name: 'Additional Time Entry' }).click();
      const n = await page.getByRole('group', { name: /^Time entry \d+$/ }).count();
      // From stays disabled until a day is chosen, To until From is set.
      expect(await page.getByLabel(`From ${n}`, { exact: true }).isDisabled()).toBe(true);
      await page.getByLabel(`Day ${n}`, { exact: true }).selectOption({ label: 'Friday' });
      expect(await page.getByLabel(`To ${n}`, { exact: true }).isDisabled()).toBe(true);
      await page.getByLabel(`From ${n}`, { exact: true }).fill(added.start_time);
      await page.getByLabel(`To ${n}`, { exact: true }).fill(added.end_time);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Saved on this device. Your changes will be sent when you are back online.').first().waitFor({ timeout: TIMEOUT });
      expect(rows()).not.toContainEqual(added);

      // Back online: the outbox sends it once.
      await t!.context.setOffline(false);
      await expect.poll(() => rows().filter((r) => r.day === added.day && r.start_time === added.start_time).length, { timeout: TIMEOUT }).toBe(1);
      expect(rows()).toContainEqual(added);

      // A fresh load shows it from the mirror and the server alike.
      await page.reload();
      await page.getByRole('heading', { name: 'Working Hours' }).waitFor({ timeout: TIMEOUT });
      const froms = page.getByRole('group', { name: /^Time entry/ }).getByLabel(/^From \d+$/);
      await expect.poll(async () => (await froms.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).includes(added.start_time),
        { timeout: TIMEOUT }).toBe(true);
    }, { serviceWorker: true });
  });
});
