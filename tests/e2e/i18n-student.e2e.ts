import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { htmlOf, launchBrowser, signIn, startApp, type AppServer } from './harness.ts';
import { inbox } from '../../src/lib/i18n/en/inbox.ts';
import { courses } from '../../src/lib/i18n/en/courses.ts';
import { profile } from '../../src/lib/i18n/en/profile.ts';
import { help } from '../../src/lib/i18n/en/help.ts';
import { status } from '../../src/lib/i18n/en/status.ts';

/**
 * A student's screens in Arabic (issue 20), at desktop and phone sizes: the inbox (a conversation
 * opened, a message sent, the bubbles on their sides right to left: one's own on the end side, the
 * left; the other party's on the start side, the right), the catalogue and a course page with its
 * enrolment form, the own profile, Contact Us, Refer A Friend and the page not found. On each,
 * `<html dir=rtl lang=ar>` and none of the English of these screens' catalogue is shown (text,
 * labels, placeholders). With SHOTS_DIR set, screenshots of each, light and dark.
 */
const TIMEOUT = 15_000;
const STUDENT = 'student@example.com';
const COURSE = 'Quranic Arabic';
const SHARED_CONVERSATION = 1;
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '375', width: 375, height: 740 },
] as const;

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * The English of these screens (each message without arguments). An Arabic text equal to its English
 * would be an untranslated one: it is looked for too.
 */
const ENGLISH: string[] = [
  ...new Set([inbox, courses, profile, help, status].flatMap((area) => Object.values(area as Record<string, string>).filter((v) => !v.includes('{')))),
];

/** Every visible text node, and the labels and placeholders people hear or read, that equal an English string of the list. */
function englishLeft(page: Page): Promise<string[]> {
  return page.evaluate((english) => {
    const set = new Set(english);
    const found = new Set<string>();
    // Shown or heard: laid out (a screen-reader-only text is 1 px, still laid out); an option counts with its select.
    const shown = (el: Element): boolean => {
      const target = el.closest('select') ?? el;
      return target.checkVisibility({ visibilityProperty: true });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      const el = n.parentElement;
      if (text && set.has(text) && el && shown(el)) found.add(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!shown(el)) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v && set.has(v)) found.add(`${a}=${v}`);
      }
    }
    return [...found];
  }, ENGLISH);
}

const waitDir = (page: Page, dir: 'rtl' | 'ltr') => page.waitForFunction((d) => document.documentElement.dir === d, dir, { timeout: 5000 });

/** Checks the screen is Arabic, right to left, with no English of the list left, then screenshots it light and dark. */
async function check(page: Page, name: string, size: string) {
  expect(await htmlOf(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  expect(await englishLeft(page), `${name} at ${size}`).toEqual([]);
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => {
      document.documentElement.classList.toggle('dark', m === 'dark');
      document.documentElement.classList.toggle('light', m === 'light');
      document.documentElement.style.colorScheme = m;
    }, mode);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `ar-${name}-${size}-${mode}.png`), fullPage: true });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
    document.documentElement.style.colorScheme = 'light';
  });
}

describe('a student in Arabic', () => {
  it('inbox, catalogue, course page, profile, help, referral and not found: right to left, no English left', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await signIn(page, app.url, STUDENT, { timeout: TIMEOUT });
      const me = (app.app.db.prepare('SELECT id FROM users WHERE email = ?').get(STUDENT) as { id: number }).id;
      // The language as a user sets it: the switch in Settings.
      await page.goto(`${app.url}/settings`);
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: TIMEOUT });
      await page.getByLabel('Language').selectOption('ar');
      await waitDir(page, 'rtl');

      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        const sent = `رسالة تجريبية ${size.name} ${Date.now()}`;

        // The inbox: a conversation opened by its address, a message sent with the composer.
        await page.goto(`${app.url}/inbox?c=${SHARED_CONVERSATION}`);
        const composer = page.getByRole('textbox', { name: 'الرسالة' });
        await composer.waitFor({ timeout: TIMEOUT });
        expect(await composer.getAttribute('placeholder')).toBe('اكتب رسالة');
        const send = page.getByRole('button', { name: 'إرسال' });
        expect(await send.isDisabled()).toBe(true);
        await composer.fill(sent);
        expect(await send.isDisabled()).toBe(false);
        // The send icon points the way the text runs: mirrored right to left.
        expect(await send.locator('svg').evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(-1, 0, 0, 1/);
        await send.click();
        await expect.poll(() => composer.inputValue()).toBe('');
        const log = page.getByRole('log', { name: 'الرسائل' });
        const mine = log.getByTestId('message-bubble').filter({ hasText: sent });
        await mine.waitFor({ timeout: TIMEOUT });
        await mine.getByText(sent).waitFor();
        await expect.poll(() => mine.locator('xpath=..').getByText('جارٍ الإرسال…').count(), { timeout: TIMEOUT }).toBe(0);
        const pane = (await log.boundingBox())!;
        const own = (await mine.boundingBox())!;
        // One's own message on the end side (the left, right to left); the other party's on the start side (the right).
        expect(own.x - pane.x).toBeLessThan(24);
        expect(pane.x + pane.width - (own.x + own.width)).toBeGreaterThan(24);
        const others = await log.getByTestId('message-bubble').evaluateAll((els, text) =>
          els.filter((e) => !e.textContent?.includes(text)).map((e) => { const r = e.getBoundingClientRect(); return { x: r.x, right: r.right }; }), sent);
        const otherParty = others.filter((r) => pane.x + pane.width - r.right < 24);
        expect(otherParty.length).toBeGreaterThan(0);
        // The user's own text keeps its own direction (the first-character rule): Arabic, right to left.
        expect(await mine.getByText(sent).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
        await check(page, 'inbox-conversation', size.name);
        if (size.name === '375') {
          // On a phone the conversation fills the screen; the back button returns to the list.
          const back = page.getByRole('button', { name: 'رجوع' });
          expect(await back.locator('svg').evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(-1, 0, 0, 1/);
          await back.click();
        } else {
          await page.goto(`${app.url}/inbox`);
          await page.getByText('اختر محادثة').waitFor({ timeout: TIMEOUT });
        }
        await page.getByRole('searchbox', { name: 'البحث في المحادثات' }).waitFor({ timeout: TIMEOUT });
        await page.getByTestId('conversation-item').first().waitFor({ timeout: TIMEOUT });
        await check(page, 'inbox-list', size.name);
        if (size.name === '375') {
          // Offline, the top bar holds the chip's Arabic word beside the credits: nothing is squeezed
          // (the logo, its inline mark, was 15 px wide) and the bar does not overflow.
          await b.context.setOffline(true);
          const chip = page.getByTestId('connection-chip');
          await chip.filter({ hasText: 'غير متصل' }).waitFor({ timeout: TIMEOUT });
          const logo = (await page.locator('header').getByRole('link').first().locator('svg').boundingBox())!;
          expect(Math.round(logo.width)).toBe(32);
          expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
          expect(await page.locator('header').evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
          await b.context.setOffline(false);
          await chip.waitFor({ state: 'detached', timeout: TIMEOUT });
        }

        // The catalogue, then a course page: its enrolment form with Arabic labels.
        await page.goto(`${app.url}/courses`);
        await page.getByRole('heading', { level: 1, name: 'الدورات' }).waitFor({ timeout: TIMEOUT });
        await page.getByRole('link', { name: COURSE }).first().waitFor({ timeout: TIMEOUT });
        await page.getByRole('button', { name: 'الكل' }).waitFor();
        await check(page, 'courses', size.name);
        await page.getByRole('searchbox', { name: 'ابحث عن دورة' }).fill('quranic');
        await page.getByRole('link', { name: COURSE }).click();
        await page.waitForURL(/\/courses\/\d+$/, { timeout: TIMEOUT });
        await page.getByText('أول حصتين لك مجانًا').waitFor({ timeout: TIMEOUT });
        for (const label of ['مدة الحصة', 'الحصص/ الأسبوع', 'يوم البدء', 'ملاحظات']) await page.getByText(label, { exact: false }).first().waitFor();
        await page.getByText('الأيام المفضلة').waitFor();
        await page.getByRole('checkbox', { name: 'السبت' }).waitFor({ state: 'attached' });
        await page.getByRole('combobox', { name: 'اليوم 1' }).waitFor();
        await page.getByRole('button', { name: 'سجّل الآن' }).waitFor();
        // A blank form says what is missing, in Arabic.
        await page.getByRole('button', { name: 'سجّل الآن' }).click();
        await page.getByRole('alert').filter({ hasText: /\p{Script=Arabic}/u }).first().waitFor();
        await check(page, 'course', size.name);

        // The own profile, Contact Us, Refer A Friend, and an unknown address.
        await page.goto(`${app.url}/profile/${me}`);
        await page.getByText('بيانات الحساب').waitFor({ timeout: TIMEOUT });
        await page.getByText('المحفظة', { exact: true }).first().waitFor();
        await check(page, 'profile', size.name);

        await page.goto(`${app.url}/help`);
        await page.getByRole('heading', { level: 1, name: 'تواصل معنا' }).waitFor({ timeout: TIMEOUT });
        await page.getByRole('button', { name: 'كيف تعمل الحصص التجريبية المجانية؟' }).click();
        await page.getByText('عند تسجيلك في أول دورة').waitFor();
        // A phone number reads left to right inside Arabic: its '+' before its digits.
        const order = await page.locator('a[href^="tel:"] span').evaluate((el) => {
          const text = el.firstChild!;
          const at = (i: number) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1); return r.getBoundingClientRect().x; };
          return { plus: at(0), last: at(text.textContent!.length - 1) };
        });
        expect(order.plus).toBeLessThan(order.last);
        await check(page, 'help', size.name);

        await page.goto(`${app.url}/referral`);
        await page.getByRole('heading', { level: 1, name: 'ادعُ صديقًا' }).waitFor({ timeout: TIMEOUT });
        await page.getByRole('textbox', { name: 'رابط الدعوة الخاص بك' }).waitFor({ timeout: TIMEOUT });
        await page.getByRole('link', { name: 'واتساب' }).waitFor({ timeout: TIMEOUT });
        await check(page, 'referral', size.name);

        await page.goto(`${app.url}/no-such-page`);
        await page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }).waitFor({ timeout: TIMEOUT });
        await check(page, 'not-found', size.name);
      }
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
