import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissInstall, shot, htmlOf, launchBrowser, signIn, startApp, toast as toastIn, type AppServer, type Browser } from './harness.ts';
import { dashboard as enDashboard } from '../../src/lib/i18n/en/dashboard.ts';
import { calendar as enCalendar } from '../../src/lib/i18n/en/calendar.ts';

/**
 * The main flows of both roles in Arabic (issue 20), in a real browser, at 1280x800 and 375x740:
 * a student (Arabic chosen in Settings, as i18n.e2e.ts does) sees the dashboard right to left (the
 * side menu on the right at the desktop size), opens a class in its dialog and asks to reschedule it
 * (the server holds the request), sees the calendar in Arabic (Arabic month and day names, the week
 * from Saturday, right to left), sees the enrolment form of a course in Arabic (enrolling itself:
 * courses.e2e.ts) and borrows in the wallet; a teacher in Arabic sees the dashboard and approves the
 * request (the server moves the class). With SHOTS_DIR set, it leaves screenshots there.
 */
const TIMEOUT = 15_000;
/** The teacher's dashboard polls home every 10 s: allow twice as long (2 cores, two browsers). */
const HOME_POLL_WAIT = 20_000;
const STUDENT = 'student@example.com';
const TEACHER = 'teacher@example.com';
const HIFZ = 'Quran Memorisation (Hifz)';
const DAY = 24 * 3600_000;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

let app: AppServer;
let hifzEnrollment = 0;
beforeAll(async () => {
  app = await startApp();
  const id = (email: string) => (app.app.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  hifzEnrollment = (app.app.db
    .prepare(`SELECT e.id FROM enrollments e JOIN courses c ON c.id = e.course_id
              WHERE e.student_id = ? AND e.teacher_id = ? AND e.status = 'approved' AND c.name = ?`)
    .get(id(STUDENT), id(TEACHER), HIFZ) as { id: number }).id;
});
afterAll(async () => {
  await app?.close();
});

/** A class on the demo Hifz enrolment `days` ahead at a quarter hour in the small hours (UTC), through the test-only route. */
async function createClass(days: number, minute: number): Promise<{ id: number; start_datetime: string }> {
  const date = new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
  const start = `${date}T03:${String(minute).padStart(2, '0')}:00.000Z`;
  const r = await fetch(`${app.url}/api/test/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ enrollment_id: hifzEnrollment, start_at: start, duration: 30 }),
  });
  if (!r.ok) throw new Error(`create class: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { data: { id: number; start_datetime: string } }).data;
}


/** English of the dashboard and the calendar that would show if a text were left untranslated. */
const ENGLISH = [
  ...new Set([...Object.values(enDashboard), ...Object.values(enCalendar)].map((s) => s.split('{')[0]!.trim()).filter((s) => s.length >= 6)),
];
async function englishIn(page: Page, selector = 'main'): Promise<string[]> {
  const text = await page.locator(selector).first().evaluate((el) => (el as HTMLElement).innerText);
  return ENGLISH.filter((s) => text.includes(s));
}

/** Waits for a toast in Arabic, then closes the toasts (they would cover buttons). */
const toast = (page: Page, text: string) => toastIn(page, text, TIMEOUT, 'ar');

/** Signs in and chooses Arabic in Settings; the page is then right to left. */
async function signInArabic(page: Page, email: string, teacher = false) {
  if (!page.url().startsWith(app.url)) await signIn(page, app.url, email, { teacher, timeout: TIMEOUT });
  await page.goto(`${app.url}/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: TIMEOUT });
  await page.getByLabel('Language').selectOption('ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, { timeout: 5000 });
}

/** The dashboard in Arabic, right to left; at the desktop size the side menu on the right. */
async function arabicDashboard(page: Page, width: number) {
  await page.goto(`${app.url}/home`);
  await page.getByRole('heading', { level: 1, name: 'لوحة التحكم' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('heading', { name: 'الحصة القادمة' }).waitFor({ timeout: TIMEOUT });
  expect(await htmlOf(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  if (width >= 1280) {
    const box = (await page.locator('aside').boundingBox())!;
    expect(box.x).toBeGreaterThan(width / 2);
    expect(Math.round(box.x + box.width)).toBeGreaterThanOrEqual(width - 1);
  }
  await dismissInstall(page, 'ar');
  expect(await englishIn(page)).toEqual([]);
}

describe('the main flows in Arabic', () => {
  // One student and one teacher for the whole file: the switch to Arabic first, then the flows at
  // each size, each a test of its own (as one test, at CPU ×4 it took 90 s, the test time limit).
  const bs: Browser[] = [];
  let student: Page;
  let teacher: Page;
  let classes: { id: number; start_datetime: string }[];
  beforeAll(async () => {
    classes = [await createClass(3, 15), await createClass(4, 45)];
    bs.push(await launchBrowser(), await launchBrowser());
    student = await bs[0]!.newPage();
    teacher = await bs[1]!.newPage();
  });
  afterAll(async () => {
    for (const b of bs) await b.close();
  });

  it('both sign in and switch to Arabic; a second tab of the student follows, right to left, without a reload', async () => {
    // A second tab of the student's shows the calendar in English; the switch turns it Arabic and
    // right to left without a reload (FullCalendar's locale and direction follow the language).
    await signIn(student, app.url, STUDENT, { timeout: TIMEOUT });
    const other = await bs[0]!.newPage();
    await other.goto(`${app.url}/calendar`);
    const otherHeaders = other.locator('.tutoring-calendar [role=columnheader]');
    await otherHeaders.first().filter({ hasText: 'Sat' }).waitFor({ timeout: TIMEOUT });
    await other.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await signInArabic(student, STUDENT);
    await signInArabic(teacher, TEACHER, true);
    await other.getByRole('heading', { level: 1, name: 'التقويم' }).waitFor({ timeout: TIMEOUT });
    await otherHeaders.first().filter({ hasText: 'السبت' }).waitFor({ timeout: TIMEOUT });
    await expect.poll(async () => (await otherHeaders.first().boundingBox())!.x > (await otherHeaders.nth(6).boundingBox())!.x, { timeout: TIMEOUT }).toBe(true);
    expect(await other.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await other.close();
    expect(bs.flatMap((b) => b.errors)).toEqual([]);
  });

  for (const [i, size] of SIZES.entries()) {
    it(`at ${size.width}x${size.height}: a student reschedules, reads the calendar, sees the enrolment form and borrows; the teacher approves`, async () => {
      const klass = classes[i]!;
      const tag = String(size.width);
      await student.setViewportSize(size);
      await teacher.setViewportSize(size);

      // The student's dashboard.
      await arabicDashboard(student, size.width);
      await student.getByRole('heading', { name: 'رصيد المحفظة' }).or(student.getByText('رصيد المحفظة')).first().waitFor();
      await shot(student, `flows-student-dashboard-${tag}`);

      // The class in its dialog (the calendar's address opens it), and a reschedule request.
      await student.goto(`${app.url}/calendar?class=${klass.id}`);
      const details = student.getByRole('dialog', { name: 'تفاصيل الحصة' });
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      await dismissInstall(student, 'ar');
      await details.getByRole('button', { name: 'إعادة الجدولة' }).click();
      const form = student.getByRole('dialog', { name: 'إعادة جدولة الحصة' });
      const to = new Date(Date.parse(klass.start_datetime) + DAY);
      const reason = `ظرف عائلي (e2e ${Date.now()})`;
      await form.getByLabel('التاريخ الجديد').fill(to.toISOString().slice(0, 10));
      await form.getByLabel('وقت البدء').fill(to.toISOString().slice(11, 16));
      await form.getByLabel('السبب').fill(reason);
      await shot(student, `flows-reschedule-${tag}`);
      await form.getByRole('button', { name: 'إرسال الطلب' }).click();
      await toast(student, 'تم إرسال طلب تغيير الموعد');
      const request = () => app.app.db.prepare('SELECT status, new_start_at FROM reschedule_requests WHERE class_id = ? AND reason = ?').get(klass.id, reason);
      expect(request()).toEqual({ status: 'pending', new_start_at: to.getTime() });
      await details.getByRole('button', { name: 'إغلاق' }).first().click();
      await details.waitFor({ state: 'detached', timeout: TIMEOUT });

      // The calendar: Arabic month and day names, the week from Saturday, right to left.
      await student.getByRole('heading', { level: 1, name: 'التقويم' }).waitFor({ timeout: TIMEOUT });
      const title = student.getByRole('heading', { level: 2 }).filter({ hasText: /(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)/ });
      await title.first().waitFor({ timeout: TIMEOUT });
      const headers = student.locator('.tutoring-calendar [role=columnheader]');
      await headers.first().waitFor({ timeout: TIMEOUT });
      // A header's text may repeat its name (a visible and an accessible copy): its first line.
      const names = (await headers.allInnerTexts()).map((s) => s.trim().split('\n')[0]!.trim());
      expect(names.slice(0, 7)).toEqual(['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
      // Saturday, first, is the rightmost column.
      const first = (await headers.first().boundingBox())!;
      const last = (await headers.nth(6).boundingBox())!;
      expect(first.x).toBeGreaterThan(last.x);
      await student.getByRole('button', { name: 'هذا الشهر' }).waitFor();
      await student.getByRole('list', { name: 'دليل الألوان' }).getByText('الحصص القادمة').waitFor();
      expect(await englishIn(student)).toEqual([]);
      await shot(student, `flows-calendar-${tag}`);

      // The enrolment form of a course, in Arabic (courses.e2e.ts enrols).
      await student.goto(`${app.url}/courses`);
      await student.getByRole('heading', { level: 1, name: 'الدورات' }).waitFor({ timeout: TIMEOUT });
      // A course the demo student is not enrolled in (as i18n-student.e2e.ts).
      await student.getByRole('link', { name: 'Quranic Arabic' }).first().click();
      await student.getByRole('button', { name: 'سجّل الآن' }).waitFor({ timeout: TIMEOUT });
      await student.getByText('الأيام المفضلة').waitFor();

      // Borrowing in the wallet (i18n-wallet.e2e.ts walks the rest).
      await student.goto(`${app.url}/wallet`);
      await student.getByRole('heading', { level: 1, name: 'محفظة الحساب' }).waitFor({ timeout: TIMEOUT });
      await dismissInstall(student, 'ar');
      await student.getByRole('button', { name: 'اقترض', exact: true }).click();
      const borrow = student.getByRole('dialog', { name: 'اقتراض رصيد' });
      await borrow.getByLabel('المبلغ').fill('5');
      await borrow.getByRole('button', { name: 'اقترض', exact: true }).click();
      await toast(student, 'تمت عملية اقتراض الرصيد بنجاح');
      await borrow.waitFor({ state: 'detached', timeout: TIMEOUT });

      // The teacher's dashboard shows the request (within its poll) and approves it.
      await arabicDashboard(teacher, size.width);
      await teacher.getByRole('heading', { name: 'طلبات إعادة الجدولة' }).waitFor({ timeout: TIMEOUT });
      const row = size.width >= 768
        ? teacher.getByRole('table', { name: 'طلبات إعادة الجدولة' }).getByRole('row').filter({ hasText: reason })
        : teacher.getByRole('group').filter({ hasText: reason });
      await row.waitFor({ timeout: HOME_POLL_WAIT });
      await shot(teacher, `flows-teacher-dashboard-${tag}`);
      await row.getByRole('button', { name: 'موافقة' }).click();
      await toast(teacher, 'تمت الموافقة على تغيير الموعد بنجاح');
      await row.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(request()).toEqual({ status: 'approved', new_start_at: to.getTime() });
      expect((app.app.db.prepare('SELECT start_at FROM classes WHERE id = ?').get(klass.id) as { start_at: number }).start_at).toBe(to.getTime());
      expect(bs.flatMap((b) => b.errors)).toEqual([]);
    });
  }
});
