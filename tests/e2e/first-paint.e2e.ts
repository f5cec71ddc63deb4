import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { appForFile, signIn, withBrowser } from './harness.ts';
import { STATIC_GLOBAL_ID } from '../../src/app/static-global.ts';

/**
 * The sign-in page's first paint comes from the HTML the build wrote (scripts/prerender.ts), not
 * from the app's JavaScript (issue 27, item 3), and the app takes over without a shift and without
 * losing anything the user did meanwhile (src/app/prerender.ts). The app's entry script is held
 * back by the test, as a slow phone network would.
 */

const TIMEOUT = 15_000;
const app = appForFile();

/** Holds the app's entry script until `release()`: the page has only its HTML and CSS meanwhile. */
async function holdAppScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every layout shift of the page, recorded from its start. */
const RECORD_SHIFTS = () => {
  const w = window as unknown as { __shifts: number[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
};
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);

describe('first paint without JavaScript', () => {
  it('paints the sign-in form from the HTML; what is typed before the app runs stays, with the focus, and nothing moves when the app takes over', async () => {
    await withBrowser('first-paint-e2e', async (b) => {
      await b.context.addInitScript(RECORD_SHIFTS);
      const page = await b.newPage();
      const release = await holdAppScript(page);
      await page.goto(`${app.url}/login`, { waitUntil: 'commit' });
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.waitFor({ timeout: TIMEOUT });
      // The app has not run: the form is the HTML's copy.
      expect(await page.evaluate(() => ({ engine: 'engine' in window, copy: !!document.getElementById('prerender'), root: !!document.getElementById('root') })))
        .toEqual({ engine: false, copy: true, root: false });
      await expect.poll(() => page.title()).toBe('Tutoring');
      const before = await email.boundingBox();
      await email.fill('student@example.com');
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('password');
      await page.evaluate(() => (document.activeElement as HTMLInputElement).setSelectionRange(4, 4));

      release();
      await page.locator('#prerender').waitFor({ state: 'detached', timeout: TIMEOUT });
      // The app's own form, with what was typed, the focus and the caret where they were.
      expect(await email.inputValue()).toBe('student@example.com');
      expect(await page.evaluate(() => {
        const a = document.activeElement as HTMLInputElement;
        return { inApp: !!a.closest('#root'), autocomplete: a.autocomplete, value: a.value, caret: a.selectionStart };
      })).toEqual({ inApp: true, autocomplete: 'current-password', value: 'password', caret: 4 });
      expect(await email.boundingBox()).toEqual(before);
      await expect.poll(() => page.title()).toMatch(/Sign In/);
      expect(await page.locator('#prerender-css, template[id^="prerender-"]').count()).toBe(0);
      // Typing goes on in the app's field, and the form signs in.
      await page.keyboard.type('x');
      await expect.poll(() => password.inputValue()).toBe('passxword');
      await page.getByLabel('Password', { exact: true }).fill('password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      expect(await shifts(page)).toEqual([]);
    });
  });

  it('a press on Sign In before the app runs signs in once the app is there; in Arabic the copy is Arabic and right to left', async () => {
    await withBrowser('first-paint-e2e', async (b) => {
      // The app's pages only: a new tab's about:blank has no storage of its own (reading it there is
      // a page error; the tab is opened after the script is added).
      await b.context.addInitScript(() => void (location.protocol.startsWith('http') && localStorage.setItem('tutoring.locale', 'ar')));
      const page = await b.newPage();
      const release = await holdAppScript(page);
      await page.goto(`${app.url}/login`, { waitUntil: 'commit' });
      const email = page.getByRole('textbox', { name: 'البريد الإلكتروني' });
      await email.waitFor({ timeout: TIMEOUT });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('تسجيل الدخول');
      // The copy's language list says Arabic (it said English, and the takeover switched to it).
      expect(await page.getByTestId('language-select').first().inputValue()).toBe('ar');
      await email.fill('student@example.com');
      await page.getByLabel('كلمة المرور', { exact: true }).fill('password');
      await page.getByLabel('كلمة المرور', { exact: true }).press('Enter');
      // Nothing was sent as a page load (the address has no query) and the press waits for the app.
      expect(page.url()).toBe(`${app.url}/login`);
      release();
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      // Still Arabic after the app took over: the page, the stored choice and the dashboard.
      await page.getByRole('heading', { level: 1, name: 'لوحة التحكم' }).waitFor({ timeout: TIMEOUT });
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, localStorage.getItem('tutoring.locale')])).toEqual(['ar', 'rtl', 'ar']);
    });
  });

  it('an Arabic browser on its first visit: the copy and the app stay Arabic, and nothing is stored for it', async () => {
    await withBrowser('first-paint-e2e', async (b) => {
      const page = await b.newPage();
      const release = await holdAppScript(page);
      await page.goto(`${app.url}/login`, { waitUntil: 'commit' });
      await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).waitFor({ timeout: TIMEOUT });
      expect(await page.getByTestId('language-select').first().inputValue()).toBe('ar');
      release();
      await page.locator('#prerender').waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor({ timeout: TIMEOUT });
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, localStorage.getItem('tutoring.locale')])).toEqual(['ar', 'rtl', null]);
      expect(await page.getByTestId('language-select').first().inputValue()).toBe('ar');
    }, { locale: 'ar-EG' });
  });

  it('a press on Sign In that goes down on the copy and comes up after the app took over signs in', async () => {
    // The browser sends such a click nowhere (down and up on two elements, one of them gone): a
    // mouse held a moment too long, or a test's click on a busy machine, did nothing.
    await withBrowser('first-paint-e2e', async (b) => {
      const page = await b.newPage();
      const release = await holdAppScript(page);
      await page.goto(`${app.url}/login`, { waitUntil: 'commit' });
      await page.locator('#prerender').getByRole('textbox', { name: 'Email' }).fill('student@example.com');
      await page.getByLabel('Password', { exact: true }).fill('password');
      const box = (await page.getByRole('button', { name: 'Sign In' }).boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      release();
      await page.locator('#prerender').waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.mouse.up();
      await page.waitForURL('**/home', { timeout: TIMEOUT });
    });
  });

  it("the teachers' sign-in page has a copy of its own, and a teacher signs in through it", async () => {
    await withBrowser('first-paint-e2e', async (b) => {
      const page = await b.newPage();
      const release = await holdAppScript(page);
      await page.goto(`${app.url}/login/teachers`, { waitUntil: 'commit' });
      await page.getByRole('textbox', { name: 'Email' }).waitFor({ timeout: TIMEOUT });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Teachers Sign In');
      expect(await page.locator('#prerender').count()).toBe(1);
      await page.getByRole('textbox', { name: 'Email' }).fill('teacher@example.com');
      await page.getByLabel('Password', { exact: true }).fill('password');
      release();
      await page.locator('#prerender').waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/home', { timeout: TIMEOUT });
    });
  });

  it("Chakra's global CSS comes with the HTML: no second sheet of the token variables, and light and dark apply them", async () => {
    await withBrowser('first-paint-e2e', async (b) => {
      const page = await b.newPage();
      await signIn(page, app.url, 'student@example.com');
      await page.getByRole('main').getByText('Wallet Balance').waitFor({ timeout: TIMEOUT });
      const styles = await page.evaluate((id) => {
        const sheets = [...document.querySelectorAll('style')];
        const css = (s: HTMLStyleElement | null) => [...(s?.sheet?.cssRules ?? [])].map((r) => r.cssText).join('');
        return {
          // The build's copy (scripts/prerender.ts), and no other sheet with the token variables.
          staticTokens: css(document.getElementById(id) as HTMLStyleElement | null).includes('--chakra-colors-brand-500:'),
          tokenSheets: sheets.filter((s) => css(s).includes('--chakra-colors-brand-500:')).length,
          // The theme's tokens apply: the page's background (gray.50).
          page: getComputedStyle(document.body).backgroundColor,
        };
      }, STATIC_GLOBAL_ID);
      expect(styles).toEqual({ staticTokens: true, tokenSheets: 1, page: 'rgb(250, 250, 250)' });
      // Dark mode reads the same variables under `.dark`.
      await page.evaluate(() => document.documentElement.classList.replace('light', 'dark'));
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 17, 17)');
    });
  });

  it('a device with a session stored never shows the sign-in copy', async () => {
    await withBrowser('first-paint-e2e', async (b) => {
      const page = await b.newPage();
      await signIn(page, app.url, 'student@example.com');
      await b.context.addInitScript(() => {
        const w = window as unknown as { __copySeen: boolean };
        w.__copySeen = false;
        new MutationObserver(() => {
          if (document.getElementById('prerender')) w.__copySeen = true;
        }).observe(document, { subtree: true, childList: true });
      });
      await page.goto(`${app.url}/login`);
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      expect(await page.evaluate(() => (window as unknown as { __copySeen: boolean }).__copySeen)).toBe(false);
    });
  });
});
