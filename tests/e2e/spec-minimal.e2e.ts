import { beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { Locator, Page } from 'playwright-core';
import { appForFile, approvedEnrollmentOf, callApi, dismissInstall, goInApp, signIn, tick, toast, userIdOf, withBrowser } from './harness.ts';
import { salaryReport } from '../../server/routes/history.ts';
import { UNKNOWN_STATUS } from '../../server/lib/spec-minimal.ts';

/**
 * Issue 25, item 5: every screen of both roles against a backend that answers only what the spec
 * promises — the reference server with `specMinimal` (SPEC_MINIMAL=1: replies cut to the fields
 * the spec names, one row per list with a status or type the spec does not name, 404 for the calls
 * it does not list). Each screen must show a concrete piece of the seeded data (not only "no
 * spinner"), never "Error occurred during fetching data" / "... loading your data", and no reply may
 * be reported invalid (the engine's `invalid-reply` event, recorded in the page from
 * `window.__engine`, and its console warning). Unknown statuses show as their text ("on_hold").
 *
 * The walk does not stop at the first screen that fails: each screen's problem is collected (with a
 * screenshot in /tmp/spec-minimal-<role>-<screen>.png) and the test fails once at the end with the
 * whole list, so one run says everything the client still needs.
 *
 * One server for the file, one browser per role, in-app navigation between screens (no reload but
 * the one that checks a stored session), no fixed sleeps.
 */

const STUDENT = 'student@example.com';
const TEACHER = 'teacher@example.com';
const HIFZ = 'Quran Memorisation (Hifz)';
/** A course the demo student is not enrolled in (tests/e2e/courses.e2e.ts enrols in it the same way). */
const NEW_COURSE = 'Quranic Arabic';
const TIMEOUT = 15_000;
const FAILED = /Error occurred during (fetching|loading your) data/;

const app = appForFile({ config: { specMinimal: process.env.SPEC_MINIMAL_E2E_OFF !== '1' } });

/**
 * Before the app runs: records every `invalid-reply` event the engine client gives this tab (the
 * engine is exposed as `window.__engine` when it starts: the setter subscribes to it at once).
 */
const RECORD_INVALID = `(() => {
  const seen = (globalThis.__invalid = []);
  let engine;
  Object.defineProperty(window, '__engine', {
    configurable: true,
    get() { return engine; },
    set(v) {
      engine = v;
      try {
        v.events((e) => { if (e && e.type === 'invalid-reply') seen.push(e.path + ': ' + e.issues); });
      } catch (err) { seen.push('could not watch the engine: ' + err); }
    },
  });
})();`;

type Row = Record<string, unknown>;
const one = <T extends Row>(sql: string, ...args: unknown[]) => app.app.db.prepare(sql).get(...args) as T;

const visible = (l: Locator) => l.filter({ visible: true }).first();

/** A walk over screens that notes every problem instead of stopping at the first. */
class Walk {
  readonly problems: string[] = [];
  private invalidSeen = 0;
  private readonly warnings: string[] = [];
  private invalidEvents = 0;

  constructor(private readonly page: Page, private readonly role: string) {
    page.on('console', (m) => {
      // The tab's report of a reply that did not fit (src/lib/engine/client.ts), whatever its wording.
      if (m.type() === 'warning' && /^\[engine\]/.test(m.text()) && /fit|invalid|not stored|left out/i.test(m.text())) this.warnings.push(m.text());
    });
  }

  private async shot(screen: string) {
    const file = `/tmp/spec-minimal-${this.role}-${screen.replace(/\W+/g, '-')}.png`;
    await this.page.screenshot({ path: file }).catch(() => {});
    return file;
  }

  private async note(screen: string, problem: string) {
    this.problems.push(`${this.role} / ${screen}: ${problem} (${await this.shot(screen)})`);
  }

  /** Replies reported invalid since the last look, charged to `screen`. */
  async invalidReplies(screen: string) {
    const all = await this.page.evaluate(() => (globalThis as unknown as { __invalid?: string[] }).__invalid ?? []).catch(() => [] as string[]);
    const fresh = all.slice(this.invalidSeen);
    this.invalidSeen = all.length;
    this.invalidEvents += fresh.length;
    for (const r of fresh) this.problems.push(`${this.role} / ${screen}: a reply was reported invalid: ${r}`);
  }

  /**
   * Opens `path` (null: stays where it is) and waits, for each `wants` entry, for it to be visible
   * or for the error text; answers whether every one showed. Notes what did not.
   */
  async screen(name: string, path: string | null, wants: [string, Locator][]): Promise<boolean> {
    if (path) await goInApp(this.page, path);
    const failed = visible(this.page.getByText(FAILED));
    let ok = true;
    for (const [what, want] of wants) {
      const shown = await visible(want).or(failed).first().waitFor({ timeout: TIMEOUT }).then(() => true, () => false);
      if (await failed.isVisible().catch(() => false)) {
        await this.note(name, `shows "${await failed.innerText().catch(() => 'Error occurred ...')}" instead of ${what}`);
        ok = false;
        break;
      }
      if (!shown) {
        await this.note(name, `${what} is not shown`);
        ok = false;
      }
    }
    await this.invalidReplies(name);
    return ok;
  }

  /** Runs a step of a screen (an action), noting its error instead of stopping the walk. */
  async step(name: string, fn: () => Promise<void>): Promise<boolean> {
    try {
      await fn();
      await this.invalidReplies(name);
      return true;
    } catch (e) {
      await this.note(name, (e as Error).message.split('\n')[0]!);
      await this.invalidReplies(name);
      return false;
    }
  }

  /**
   * Fails the test with every problem seen. The engine's console warnings say the same as its
   * events: they count only if the events could not be watched (then they are all there is).
   */
  async finish() {
    await this.invalidReplies('(end of the walk)');
    const warnings = this.invalidEvents === 0 ? this.warnings.map((w) => `${this.role}: console: ${w}`) : [];
    const all = [...this.problems, ...warnings];
    if (all.length) throw new Error(`${all.length} problem(s) against a spec-shaped backend:\n- ${all.join('\n- ')}`);
  }
}

const main = (page: Page) => page.locator('main');
/** A class event of the calendar (FullCalendar's button with our kind class, as tests/e2e/polish-calendar.e2e.ts finds it). */
const calendarEvent = (page: Page) => page.locator('.tutoring-calendar [role=button][class*="event-"]');

describe('a spec-shaped backend (SPEC_MINIMAL): every screen shows its data', () => {
  let studentId = 0;
  let teacherId = 0;
  /** A class on the demo Hifz enrolment running for hours, no link, the teacher not in: the student's next class. */
  let joinClass = 0;

  beforeAll(async () => {
    studentId = userIdOf(app, STUDENT);
    teacherId = userIdOf(app, TEACHER);
    const hifz = approvedEnrollmentOf(app, STUDENT, TEACHER, HIFZ);
    const r = await callApi<{ data: { id: number } }>(app.url, 'POST', '/test/classes', null, { enrollment_id: hifz, start_in_minutes: -600, duration: 720 });
    joinClass = r.data.id;
  });

  it('a student: dashboard, class dialog and Join, calendar, inbox, courses and enrolment, my courses, wallet, family, transactions, reports, referral, settings', async () => {
    const me = one<{ credits: number; referral_token: string }>('SELECT credits, referral_token FROM users WHERE id = ?', studentId);
    const teacherRequest = one<{ reason: string }>(
      `SELECT r.reason FROM reschedule_requests r JOIN classes k ON k.id = r.class_id JOIN enrollments e ON e.id = k.enrollment_id
       WHERE e.student_id = ? AND r.sender_id <> ? AND r.status = 'pending' ORDER BY r.created_at LIMIT 1`, studentId, studentId).reason;
    const conversation = one<{ id: number; title: string }>(
      `SELECT c.id, c.title FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id
       WHERE m.user_id = ? ORDER BY c.id LIMIT 1`, studentId);
    const message = olderTextMessage(conversation.id);
    const notification = one<{ title: string }>('SELECT title FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id LIMIT 1', studentId).title;
    const enrolledCourse = one<{ id: number }>('SELECT id FROM courses WHERE name = ?', HIFZ).id;
    const child = one<{ name: string }>('SELECT name FROM users WHERE parent_id = ? ORDER BY id LIMIT 1', studentId).name;
    const serial = one<{ id: number }>('SELECT id FROM transactions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1', studentId).id;
    const report = newestReportCourse('e.student_id', studentId);

    await withBrowser('spec-minimal-student', async (b) => {
      await b.context.addInitScript(RECORD_INVALID);
      // The class room is outside the app: the test answers it.
      await b.context.route('https://meet.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Class room</title>' }));
      const page = await b.newPage();
      const walk = new Walk(page, 'student');
      await signIn(page, app.url, STUDENT, { timeout: TIMEOUT });
      await dismissInstall(page);

      const upcoming = page.getByRole('region', { name: 'Upcoming Class' });
      await walk.screen('dashboard', null, [
        ['the upcoming class', upcoming.getByText(HIFZ)],
        ["the teacher's reschedule request", main(page).getByText(teacherRequest)],
      ]);
      // A stored session on load: /token/valid's user (no email in the spec's User).
      await page.reload();
      await walk.screen('dashboard after a reload', null, [['the upcoming class', upcoming.getByText(HIFZ)]]);

      await walk.step('notifications menu', async () => {
        await page.getByRole('button', { name: /^Notifications/ }).click({ timeout: TIMEOUT });
        await visible(page.getByRole('menu')).getByText(notification).first().waitFor({ timeout: TIMEOUT });
        await page.keyboard.press('Escape');
      });

      // The class dialog, and Join: the spec's answer is join_url, payment_status and credits.
      const details = page.getByRole('dialog', { name: 'Class Details' });
      const opened = await walk.step('class dialog', async () => {
        await upcoming.getByRole('button', { name: 'Class Details' }).click({ timeout: TIMEOUT });
        await details.getByText(`#${joinClass}`).waitFor({ timeout: TIMEOUT });
      });
      if (opened) {
        await walk.step('class dialog: Join Class', async () => {
          const [tab] = await Promise.all([
            b.context.waitForEvent('page', { timeout: TIMEOUT }),
            details.getByRole('button', { name: 'Join Class' }).click({ timeout: TIMEOUT }),
          ]);
          await tab.waitForURL(/^https:\/\/meet\.example\.com\//, { timeout: TIMEOUT });
          await tab.close();
          await page.bringToFront();
          // The temporary link (4 s) ...
          await details.getByText('Your class opened in a new tab').waitFor({ timeout: TIMEOUT });
        });
        await walk.step('class dialog: Join Class alerts', async () => {
          // ... and, the teacher not in the room (the class had no link and nobody had joined), the spec's info alert.
          await details.getByText('Wait for Teacher').waitFor({ timeout: 5000 });
        });
        await page.keyboard.press('Escape');
      }

      await walk.screen('calendar', '/calendar', [['a Hifz class', calendarEvent(page).filter({ hasText: HIFZ })]]);

      await walk.screen('inbox', '/inbox', [['a conversation', page.getByTestId('conversation-item').filter({ hasText: conversation.title.slice(0, 15) })]]);
      await walk.screen('conversation', `/inbox?c=${conversation.id}`, [
        ['the composer', page.getByRole('textbox', { name: 'Message' })],
        ['an earlier message', main(page).getByText(message)],
      ]);

      await walk.screen('my courses', '/my-courses', [
        ['the Hifz enrolment', main(page).getByRole('link', { name: HIFZ })],
        [`the unknown status "${UNKNOWN_STATUS}"`, main(page).getByText(UNKNOWN_STATUS, { exact: true })],
      ]);
      await walk.screen('course catalog', '/courses', [['a course', main(page).getByRole('link', { name: NEW_COURSE })]]);
      await walk.screen('course detail (enrolled)', `/courses/${enrolledCourse}`, [
        ['its name', main(page).getByRole('heading', { name: HIFZ })],
        ['the approved enrolment (Cancel Subscription)', main(page).getByText('Cancel Subscription')],
      ]);
      const catalogued = await walk.step('course catalog: open a course', async () => {
        await goInApp(page, '/courses');
        await visible(main(page).getByRole('link', { name: NEW_COURSE })).click({ timeout: TIMEOUT });
        await page.waitForURL(/\/courses\/\d+$/, { timeout: TIMEOUT });
      });
      if (catalogued && (await walk.screen('course detail', null, [['its name', main(page).getByRole('heading', { name: NEW_COURSE })]]))) {
        await walk.step('enrolment', () => enrol(page, timezoneOf(studentId)));
      }

      await walk.screen('wallet', '/wallet', [
        ['a payment method', main(page).getByText('Bank Transfer')],
        ['the balance', page.getByTestId('wallet-balance').filter({ hasText: me.credits.toFixed(2) })],
      ]);
      await walk.screen('family', '/childs', [['a child', main(page).getByRole('link', { name: child })]]);
      await walk.screen('transactions history', '/transactions-history', [
        ['the newest transaction', main(page).getByText(`TX-${String(serial).padStart(6, '0')}`)],
        ['the unknown type', main(page).getByText(/gift[_ ]reward/i)],
      ]);
      await walk.screen('class reports', '/class-reports', [['a report', main(page).getByRole('list', { name: 'Class reports' }).getByText(report)]]);
      await walk.screen('referral', '/referral', [
        ['the referral link', main(page).locator(`input[value$="referral=${me.referral_token}"]`)],
      ]);
      await walk.screen('settings', '/settings', [['the timezone', page.getByLabel('Timezone')]]);
      await walk.step('settings: the timezone is the user\'s', async () => {
        // Sign-in sends the browser's timezone when it differs from the stored one: the stored one now.
        await expect.poll(() => page.getByLabel('Timezone').inputValue(), { timeout: TIMEOUT }).toBe(timezoneOf(studentId));
      });
      await walk.finish();
    }, { allowErrors: /status of 404/ });
  }, 300_000);

  it('a teacher: dashboard, coming classes, class dialog and Join, classes history, calendar, inbox, reports, salary, previous salary, working hours', async () => {
    const studentRequest = one<{ reason: string }>(
      `SELECT r.reason FROM reschedule_requests r JOIN classes k ON k.id = r.class_id JOIN enrollments e ON e.id = k.enrollment_id
       WHERE e.teacher_id = ? AND r.sender_id <> ? AND r.status = 'pending' ORDER BY r.created_at LIMIT 1`, teacherId, teacherId).reason;
    const studentName = one<{ name: string }>('SELECT name FROM users WHERE id = ?', studentId).name;
    // The history's first row: the teacher's class that ended last (which student that is depends on the hour).
    const lastPast = one<{ id: number; name: string }>(
      `SELECT k.id, u.name FROM classes k JOIN enrollments e ON e.id = k.enrollment_id JOIN users u ON u.id = e.student_id
       WHERE e.teacher_id = ? AND k.start_at + k.duration * 60000 <= ? ORDER BY k.start_at DESC, k.id DESC LIMIT 1`, teacherId, app.app.now());
    const students = one<{ n: number }>(
      "SELECT COUNT(DISTINCT student_id) AS n FROM enrollments WHERE teacher_id = ? AND status IN ('approved', 'joined')", teacherId).n;
    const conversation = one<{ id: number; title: string }>(
      `SELECT c.id, c.title FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id
       WHERE m.user_id = ? ORDER BY c.id LIMIT 1`, teacherId);
    const message = olderTextMessage(conversation.id);
    const report = newestReportCourse('e.teacher_id', teacherId);
    const salary = salaryReport(app.app, teacherId, 0);
    const previous = salaryReport(app.app, teacherId, -1);
    const hours = (app.app.db.prepare('SELECT start_time FROM teacher_schedule WHERE teacher_id = ?').all(teacherId) as { start_time: string }[])
      .map((h) => h.start_time);

    await withBrowser('spec-minimal-teacher', async (b) => {
      await b.context.addInitScript(RECORD_INVALID);
      await b.context.route('https://meet.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Class room</title>' }));
      const page = await b.newPage();
      const walk = new Walk(page, 'teacher');
      await signIn(page, app.url, TEACHER, { teacher: true, timeout: TIMEOUT });
      await dismissInstall(page);

      await walk.screen('dashboard', null, [
        ['the upcoming class', page.getByRole('region', { name: 'Upcoming Class' }).getByText(studentName)],
        ["the student's reschedule request", main(page).getByText(studentRequest)],
        ['the number of students', main(page).getByRole('region', { name: 'Statistics' }).filter({ hasText: new RegExp(`My Students\\s*${students}(?!\\d)`) })],
      ]);

      // Coming classes, soonest first: the class the student joined, with the unknown status the first row carries.
      const card = main(page).getByRole('article', { name: new RegExp(`, class ${joinClass}$`) });
      await walk.screen('coming classes', '/classes/coming', [
        ['the running class', card],
        [`the unknown status "${UNKNOWN_STATUS}"`, card.getByText(UNKNOWN_STATUS, { exact: true })],
      ]);
      const details = page.getByRole('dialog', { name: 'Class Details' });
      const opened = await walk.step('class dialog', async () => {
        await visible(card).getByRole('button', { name: 'Class Details' }).click({ timeout: TIMEOUT });
        await details.getByText(`#${joinClass}`).waitFor({ timeout: TIMEOUT });
        await details.getByText(studentName).first().waitFor({ timeout: TIMEOUT });
      });
      if (opened) {
        await walk.step('class dialog: Join Class', async () => {
          const [tab] = await Promise.all([
            b.context.waitForEvent('page', { timeout: TIMEOUT }),
            details.getByRole('button', { name: 'Join Class' }).click({ timeout: TIMEOUT }),
          ]);
          await tab.waitForURL(/^https:\/\/meet\.example\.com\//, { timeout: TIMEOUT });
          await tab.close();
          await page.bringToFront();
          await details.getByText('Your class opened in a new tab').waitFor({ timeout: TIMEOUT });
          // A teacher is never told to wait for the teacher.
          expect(await details.getByText('Wait for Teacher').count()).toBe(0);
        });
        await page.keyboard.press('Escape');
      }

      await walk.screen('classes history', '/classes/history', [
        ['a past class', main(page).getByRole('article').filter({ hasText: `#${lastPast.id}` }).filter({ hasText: lastPast.name })],
        [`the unknown status "${UNKNOWN_STATUS}"`, main(page).getByRole('article').getByText(UNKNOWN_STATUS, { exact: true })],
      ]);
      await walk.screen('calendar', '/calendar', [['a class of the demo student', calendarEvent(page).filter({ hasText: studentName })]]);
      await walk.screen('inbox', '/inbox', [['a conversation', page.getByTestId('conversation-item').filter({ hasText: conversation.title.slice(0, 15) })]]);
      await walk.screen('conversation', `/inbox?c=${conversation.id}`, [['an earlier message', main(page).getByText(message)]]);
      await walk.screen('class reports', '/class-reports', [['a report', main(page).getByRole('list', { name: 'Class reports' }).getByText(report)]]);
      await walk.screen('salary report', '/salary-report', [
        ['the salary', page.getByTestId('salary').filter({ hasText: salary.salary.toFixed(2) })],
        ['the classes count', page.getByTestId('classes-count').filter({ hasText: new RegExp(`^${salary.classes_count}$`) })],
      ]);
      await walk.screen('previous salary', '/previous-salary', [
        ['the salary', page.getByTestId('salary').filter({ hasText: previous.salary.toFixed(2) })],
        ['the classes count', page.getByTestId('classes-count').filter({ hasText: new RegExp(`^${previous.classes_count}$`) })],
      ]);
      await walk.screen('working hours', '/my-schedule', [['the first time entry', page.getByLabel('From 1', { exact: true })]]);
      await walk.step('working hours: the seeded entries', async () => {
        const shown = () => page.locator('main input[aria-label^="From "]').filter({ visible: true }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).sort());
        await expect.poll(shown, { timeout: TIMEOUT }).toEqual([...hours].sort());
      });
      await walk.finish();
    }, { allowErrors: /status of 404/ });
  }, 300_000);
});

const timezoneOf = (userId: number) => one<{ timezone: string }>('SELECT timezone FROM users WHERE id = ?', userId).timezone;

/** A text message of the conversation that is not its newest (the newest carries the unknown type in this mode): its first words. */
function olderTextMessage(conversationId: number): string {
  const m = one<{ text: string }>(
    `SELECT text FROM messages WHERE conversation_id = ? AND type = 'text' AND text IS NOT NULL
       AND id <> (SELECT id FROM messages WHERE conversation_id = ? ORDER BY created_at DESC, id DESC LIMIT 1)
     ORDER BY created_at DESC, id DESC LIMIT 1`, conversationId, conversationId);
  return m.text.split('\n')[0]!.trim().slice(0, 30);
}

/** The course name of the newest class report of a party (`e.student_id` or `e.teacher_id`). */
function newestReportCourse(col: 'e.student_id' | 'e.teacher_id', userId: number): string {
  return one<{ name: string }>(
    `SELECT co.name FROM class_reports r JOIN classes k ON k.id = r.class_id JOIN enrollments e ON e.id = k.enrollment_id
       JOIN courses co ON co.id = e.course_id WHERE ${col} = ? ORDER BY r.created_at DESC, r.id DESC LIMIT 1`, userId).name;
}

/** Enrols in the open course page with a valid form (as tests/e2e/courses.e2e.ts does) and waits for the spec's answer on screen. */
async function enrol(page: Page, timezone: string) {
  const tomorrow = Temporal.Now.plainDateISO(timezone).add({ days: 1 });
  const weekday = tomorrow.dayOfWeek % 7;
  const dayName = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const secondDay = (weekday + 3) % 7;
  // The course page seen before stays mounted, hidden (kept screens): only the one on view.
  const v = (l: Locator) => l.filter({ visible: true });
  await v(page.getByLabel('Class Duration')).selectOption({ label: '45 Minutes' }, { timeout: TIMEOUT });
  await v(page.getByLabel('Classes/ Week')).selectOption('2');
  // A checkbox's input is hidden (the control is drawn): found in the visible fieldset.
  const days = v(page.getByRole('group', { name: 'Preferred Days' }));
  await tick(days.getByRole('checkbox', { name: dayName[weekday]! }));
  await tick(days.getByRole('checkbox', { name: dayName[secondDay]! }));
  await v(page.getByLabel('Start Day')).fill(tomorrow.toString());
  await v(page.getByLabel('Day 1')).selectOption({ label: dayName[weekday]! });
  await v(page.getByLabel('From 1')).fill('17:00');
  await v(page.getByLabel('To 1')).fill('19:00');
  await v(page.getByLabel('Day 2')).selectOption({ label: dayName[secondDay]! });
  await v(page.getByLabel('From 2')).fill('17:00');
  await v(page.getByLabel('To 2')).fill('19:00');
  await v(page.getByRole('button', { name: 'Enroll Now' })).click();
  await toast(page, "You've succesfully enrolled the course");
  await page.getByText('Thank you for enrolling!').waitFor({ timeout: TIMEOUT });
}
