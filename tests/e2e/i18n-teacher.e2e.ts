import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { goInApp, shot, htmlOf, launchBrowser, startApp, type AppServer } from './harness.ts';

/**
 * The teacher's screens and the student's transactions in Arabic (issue 20), at desktop and phone
 * sizes, light and dark: the salary report, the previous salary report, Working Hours (a new row's
 * Arabic labels and days, the client's row messages in Arabic) and Transactions History are right
 * to left with no English left in them (text written by people or the server, marked dir="auto",
 * aside); a server 422 answers in Arabic (the teachers' sign-in page refusing a student). With
 * SHOTS_DIR set, it leaves screenshots there.
 */
const TIMEOUT = 20_000;
const SIZES = [
  ['1280', { width: 1280, height: 800 }],
  ['375', { width: 375, height: 740 }],
] as const;
type Mode = 'light' | 'dark';

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});



/** The colour mode through the app's own toggle (in the DOM at every size). */
async function setMode(page: Page, mode: Mode) {
  const now = await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  if (now === mode) return;
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('button[aria-label^="التبديل إلى الوضع"]')!.click());
  await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode);
}

/** Switches to Arabic on a guest page (the switch is in the navbar from md up). */
async function arabic(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel('Language').first().selectOption('ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, { timeout: 5000 });
}

async function signInArabic(page: Page, email: string) {
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
}

/**
 * English left in <main>: words of three Latin letters or more in its text and in its aria-label,
 * title and placeholder attributes. Text people or the server wrote (names, course titles,
 * comments: `dir="auto"`) and zone names (`Africa/Cairo`, `UTC`: the user's setting) are theirs;
 * brand names (Wise, PayPal) are written as they are.
 */
const englishLeft = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['<no main>'];
    const found: string[] = [];
    // Screens kept alive behind the current one are hidden: only what is shown counts (an option
    // counts when its select is shown; a visibility:hidden button still counts, screen readers aside).
    const shown = (el: Element) => (el.closest('select') ?? el).checkVisibility({ contentVisibilityAuto: true }) || getComputedStyle(el).visibility === 'hidden' && (el.parentElement?.checkVisibility() ?? false);
    const check = (text: string, where: string) => {
      // Brand names stay as they are in Arabic too (the Wise transfer reward: مكافأة الدفع عبر Wise).
      const words = text.replace(/\b[A-Za-z_]+(?:\/[A-Za-z_+-]+)+\b|\bUTC\b|\bWise\b|\bPayPal\b/g, '').match(/[A-Za-z]{3,}/g);
      if (words) found.push(`${where}: ${text.trim().slice(0, 80)}`);
    };
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('[dir="auto"]') || !shown(el)) continue;
      check(n.textContent ?? '', el.tagName.toLowerCase());
    }
    for (const el of main.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (el.closest('[dir="auto"]') || !shown(el)) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v) check(v, `@${a}`);
      }
    }
    return found;
  });

async function screen(page: Page, to: string, h1: string) {
  await goInApp(page, to);
  await page.getByRole('main').getByRole('heading', { level: 1, name: h1 }).waitFor({ timeout: TIMEOUT });
  // The data shown, not the skeleton (of the screen shown: the others kept or prepared are hidden).
  await page.waitForFunction(() => ![...document.querySelectorAll('main [aria-busy="true"]')].some((e) => e.checkVisibility()), null, { timeout: TIMEOUT });
  expect(await htmlOf(page)).toEqual({ dir: 'rtl', lang: 'ar' });
}

describe('Arabic: teacher screens and transactions', () => {
  for (const [size, viewport] of SIZES) {
    it(`a teacher's salary reports and working hours are Arabic and right to left (${size})`, async () => {
      const b = await launchBrowser();
      try {
        const page = await b.newPage();
        await arabic(page, `${app.url}/login/teachers`);
        await page.setViewportSize(viewport);

        // A server 422 in Arabic: the teachers' page refuses a student in the language asked.
        await signInArabic(page, 'student@example.com');
        await page.getByText('هذه الصفحة للمعلمين. يسجّل الطلاب الدخول من صفحة تسجيل الدخول.').waitFor({ timeout: TIMEOUT });
        expect(await page.getByText('This page is for teachers', { exact: false }).count()).toBe(0);
        await shot(page, `ar-teacher-login-422-${size}`, { fullPage: true });

        await signInArabic(page, 'teacher@example.com');
        await page.waitForURL('**/home', { timeout: TIMEOUT });

        for (const mode of ['light', 'dark'] as const) {
          await setMode(page, mode);

          await screen(page, '/salary-report', 'تقرير الراتب');
          // The screen shown: the previous month's report, kept hidden once seen (or prepared while
          // idle), has a salary of its own (two matched in CI of dd2b5a6).
          const salary = page.getByRole('main').getByTestId('salary').filter({ visible: true });
          expect(await salary.textContent()).toMatch(/^[\d,]+\.\d{2}\s\$$/);
          expect(await page.getByText('الراتب', { exact: true }).count()).toBeGreaterThan(0);
          expect(await englishLeft(page)).toEqual([]);
          await shot(page, `ar-salary-${size}-${mode}`, { fullPage: true });

          await screen(page, '/previous-salary', 'تقرير الراتب السابق');
          expect(await englishLeft(page)).toEqual([]);
          await shot(page, `ar-previous-salary-${size}-${mode}`, { fullPage: true });

          await screen(page, '/my-schedule', 'ساعات العمل');
          await expect.poll(() => page.getByText('جارٍ تحميل ساعات عملك…').count(), { timeout: TIMEOUT }).toBe(0);
          const entries = page.getByRole('group', { name: /^الموعد \d+$/ });
          const n = await entries.count();
          await page.getByRole('button', { name: 'إضافة موعد آخر' }).click();
          await page.getByRole('button', { name: 'إضافة موعد آخر' }).click();
          await expect.poll(() => entries.count()).toBe(n + 2);
          const [a, c] = [n + 1, n + 2];
          const rowA = entries.nth(a - 1);
          expect(await rowA.getByText('اليوم', { exact: true }).count()).toBe(1);
          expect(await rowA.getByText('من', { exact: true }).count()).toBe(1);
          expect(await rowA.getByText('إلى', { exact: true }).count()).toBe(1);
          const days = await page.getByLabel(`اليوم ${a}`, { exact: true }).locator('option').allTextContents();
          expect(days).toEqual(['اختر يومًا', 'السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
          // A row that ends before it starts, then one that overlaps it: the client's messages in Arabic.
          await page.getByLabel(`اليوم ${a}`, { exact: true }).selectOption({ label: 'السبت' });
          await page.getByLabel(`من ${a}`, { exact: true }).fill('03:00');
          await page.getByLabel(`إلى ${a}`, { exact: true }).fill('02:00');
          await rowA.getByRole('alert').getByText('يجب أن يكون وقت الانتهاء بعد وقت البدء.').waitFor({ timeout: TIMEOUT });
          await page.getByLabel(`إلى ${a}`, { exact: true }).fill('05:00');
          await page.getByLabel(`اليوم ${c}`, { exact: true }).selectOption({ label: 'السبت' });
          await page.getByLabel(`من ${c}`, { exact: true }).fill('04:00');
          await page.getByLabel(`إلى ${c}`, { exact: true }).fill('06:00');
          const rowC = entries.nth(c - 1);
          const overlap = rowC.getByRole('alert');
          await overlap.getByText('يتداخل مع موعد آخر يوم السبت (03:00–05:00). يجب ألا تتداخل المواعيد في اليوم نفسه.').waitFor({ timeout: TIMEOUT });
          // The range reads right to left like its sentence: its start (03:00) on the right.
          const at = await overlap.evaluate((el) => {
            const text = el.firstChild!;
            const s = text.textContent!;
            const x = (needle: string) => {
              const r = document.createRange();
              r.setStart(text, s.indexOf(needle));
              r.setEnd(text, s.indexOf(needle) + needle.length);
              return r.getBoundingClientRect().x;
            };
            return { from: x('03:00'), to: x('05:00') };
          });
          expect(at.from).toBeGreaterThan(at.to);
          // Saving refuses and takes the focus to the row to fix.
          await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
          await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`إلى ${c}`);
          // The remove button sits at the row's end: on the left, right to left.
          const rm = (await rowC.getByRole('button', { name: `حذف الموعد ${c}` }).boundingBox())!;
          const day = (await page.getByLabel(`اليوم ${c}`, { exact: true }).boundingBox())!;
          expect(rm.x).toBeLessThan(day.x);
          expect(await englishLeft(page)).toEqual([]);
          await rowC.scrollIntoViewIfNeeded();
          await shot(page, `ar-working-hours-${size}-${mode}`, { fullPage: true });
          // The unsaved rows are a draft a reload keeps (issue 26): discard them, and the next round
          // starts from the saved ones again.
          await page.reload();
          await page.getByRole('main').getByRole('heading', { level: 1, name: 'ساعات العمل' }).waitFor({ timeout: TIMEOUT });
          await expect.poll(() => entries.count(), { timeout: TIMEOUT }).toBe(n + 2);
          await page.getByRole('button', { name: 'تجاهل التغييرات' }).click();
          await expect.poll(() => entries.count(), { timeout: TIMEOUT }).toBe(n);
        }
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    });
  }

  it('a student\'s transactions history is Arabic, signed and right to left at both sizes', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await arabic(page, `${app.url}/login`);
      await signInArabic(page, 'student@example.com');
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const mode of ['light', 'dark'] as const) {
          await setMode(page, mode);
          await screen(page, '/transactions-history', 'سجل المعاملات');
          const values = page.locator('main [data-direction]').filter({ visible: true });
          await values.first().waitFor({ timeout: TIMEOUT });
          // Money out negative, in positive, in the locale's shape (`-7.50 $`). Read in one go: the
          // list is virtualised and may draw other rows between two reads (a CI run waited 30 s for
          // the 15th of a count taken before, 1 December).
          const shown = await values.evaluateAll((els) => els.map((e) => [e.getAttribute('data-direction'), e.textContent ?? ''] as const));
          expect(shown.length).toBeGreaterThan(0);
          for (const [way, raw] of shown) {
            const text = raw.replace(/\u200e/g, '');
            if (way === 'out') expect(text).toMatch(/^-[\d,]+\.\d{2}\s\$$/);
            else if (way === 'in') expect(text).toMatch(/^\+[\d,]+\.\d{2}\s\$$/);
          }
          const headers = await page.locator('main th').filter({ visible: true }).allTextContents();
          expect(headers).toEqual(size === '375' ? ['المعاملة', 'القيمة'] : ['الرقم التسلسلي', 'الوقت', 'النوع', 'القيمة', 'الرصيد بعدها', 'التفاصيل']);
          // The table mirrors: the first column at the right.
          const th = await page.locator('main th').filter({ visible: true }).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
          expect(th[0]).toBeGreaterThan(th[th.length - 1]!);
          expect(await englishLeft(page)).toEqual([]);
          await shot(page, `ar-transactions-${size}-${mode}`, { fullPage: true });
        }
      }
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
