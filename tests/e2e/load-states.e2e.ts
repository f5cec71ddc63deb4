import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../../server/seed/factory.ts';
import { appForFile, faultProxy, goInApp, withBrowser as withBrowserNamed, signIn as signInAt, type Browser } from './harness.ts';

/**
 * Every screen's three honest states (issue 14 item 4): with nothing mirrored and its request
 * failing, a screen shows the spec's "Error occurred during fetching data" and a Retry (never an
 * endless spinner, never "No Results" or "no courses"); once the server is back, Retry shows the
 * data; an empty account's empty text shows only after the server answered. The shell's own data:
 * "(1) ..." when the app settings cannot be loaded and none are stored, "(2) ..." when the stored
 * sign-in cannot be checked. And a conversation opens onto its header and a skeleton, never a
 * blank pane (item 6). Requests reach the server through a proxy that can fail (500) or delay the
 * API paths a test names. Each test fails on any console error.
 */

const TIMEOUT = 15_000;
const FETCH_FAILED = 'Error occurred during fetching data';

const app = appForFile();

// A failed request is the browser's to log ("Failed to load resource: 500"), not the app's.
const withBrowser = (fn: (b: Browser) => Promise<void>) => withBrowserNamed('load-states-e2e', fn, { allowErrors: /status of 500/ });

const main = (page: Page) => page.locator('main');
const fetchFailed = (page: Page) => main(page).getByRole('alert').filter({ hasText: FETCH_FAILED });
const retry = (page: Page) => main(page).getByRole('button', { name: 'Retry' });

/** Records every text a locator's region shows, frame by frame, until stopped: what the user saw. */
async function recordTexts(page: Page, name: string, selector: string) {
  await page.evaluate(
    ({ name, selector }) => {
      const w = window as unknown as Record<string, string[]>;
      const seen: string[] = (w[name] = []);
      const tick = () => {
        const el = document.querySelector(selector) as HTMLElement | null;
        const text = el?.innerText ?? '';
        if (seen[seen.length - 1] !== text) seen.push(text);
        if (!(w as unknown as Record<string, boolean>)[`${name}:stop`]) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    { name, selector },
  );
  return async () =>
    page.evaluate((name) => {
      const w = window as unknown as Record<string, unknown>;
      w[`${name}:stop`] = true;
      return w[name] as string[];
    }, name);
}

describe('a failed first load', () => {
  it('a student: the catalogue, My Courses, class reports and the inbox say why and offer Retry; Retry shows the data once the server is back', async () => {
    const proxy = await faultProxy(app.port);
    // The conversation list fails from the start, not only once the inbox is opened: a read of it
    // before then (the inbox channel's catch-up after the socket reconnected, on a loaded machine)
    // filled the mirror, and the inbox rightly showed those rows instead of a failed first load (a
    // CI run, 2 December).
    const inboxList = /^\/api\/conversations(\?|$)/;
    proxy.rules.fail = inboxList;
    await withBrowser(async (b) => {
      const page = await b.newPage();
      await signInAt(page, proxy.origin, 'student@example.com', { timeout: TIMEOUT });
      await main(page).getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });

      const screens = [
        { path: '/courses', api: /^\/api\/courses(\?|$)/, data: () => main(page).getByRole('listitem').first(), lies: ['No Results'] },
        { path: '/my-courses', api: /^\/api\/my-enrollments/, data: () => main(page).getByRole('searchbox', { name: 'Search my courses' }), lies: ["You haven't enrolled in any course yet"] },
        { path: '/class-reports', api: /^\/api\/class-reports/, data: () => main(page).getByRole('list', { name: 'Class reports' }), lies: ["You don't have class reports yet"] },
      ];
      for (const s of screens) {
        proxy.rules.fail = new RegExp(`${s.api.source}|${inboxList.source}`);
        const stop = await recordTexts(page, `t${s.path.replace(/\W/g, '')}`, 'main');
        await goInApp(page, s.path);
        await fetchFailed(page).waitFor({ timeout: TIMEOUT });
        const texts = (await stop()).join('\n');
        for (const lie of s.lies) expect(texts, s.path).not.toContain(lie);
        if (s.path === '/courses') await page.screenshot({ path: '/tmp/load-states-courses-failed.png' });

        // The server is back: Retry asks again and the data shows.
        proxy.rules.fail = inboxList;
        await retry(page).click();
        await s.data().waitFor({ timeout: TIMEOUT });
        expect(await fetchFailed(page).count(), s.path).toBe(0);
      }

      // The inbox: the list, then a conversation whose first page cannot be read.
      proxy.rules.fail = inboxList;
      await goInApp(page, '/inbox');
      await fetchFailed(page).waitFor({ timeout: TIMEOUT });
      expect(await page.getByText('No Conversation Found').count()).toBe(0);
      proxy.rules.fail = null;
      await retry(page).click();
      const item = page.getByTestId('conversation-item').first();
      await item.waitFor({ timeout: TIMEOUT });

      proxy.rules.fail = /^\/api\/conversations\/\d+/;
      await item.click();
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByRole('alert').filter({ hasText: FETCH_FAILED }).waitFor({ timeout: TIMEOUT });
      // The header comes from the list's row at once.
      expect(await main(page).locator('h2').first().innerText()).not.toBe('');
      await page.screenshot({ path: '/tmp/load-states-conversation-failed.png' });
      proxy.rules.fail = null;
      await log.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('message-bubble').first().waitFor({ timeout: TIMEOUT });
    });
    await proxy.close();
  });

  it('a teacher: coming classes, the calendar and working hours (the error shows over mirrored hours too)', async () => {
    const proxy = await faultProxy(app.port);
    await withBrowser(async (b) => {
      const page = await b.newPage();
      await signInAt(page, proxy.origin, 'teacher@example.com', { teacher: true, timeout: TIMEOUT });
      await main(page).getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });

      proxy.rules.fail = /^\/api\/classes(\?|$)/;
      await goInApp(page, '/classes/coming');
      await fetchFailed(page).waitFor({ timeout: TIMEOUT });
      expect(await page.getByRole('status', { name: 'Loading classes' }).count()).toBe(0);
      proxy.rules.fail = null;
      await retry(page).click();
      await main(page).getByRole('button', { name: 'Class Details' }).first().waitFor({ timeout: TIMEOUT });

      // The calendar: a month that cannot be read says so (its grid would look free), not "Loading classes…".
      proxy.rules.fail = /^\/api\/calendar/;
      await goInApp(page, '/calendar');
      await fetchFailed(page).waitFor({ timeout: TIMEOUT });
      expect(await main(page).getByText('Loading classes…').count()).toBe(0);
      proxy.rules.fail = null;
      await retry(page).click();
      await expect.poll(() => fetchFailed(page).count(), { timeout: TIMEOUT }).toBe(0);

      // Working hours never loaded: the error instead of a blank form that could be saved over them.
      proxy.rules.fail = /^\/api\/teacher-schedule/;
      await goInApp(page, '/my-schedule');
      await fetchFailed(page).waitFor({ timeout: TIMEOUT });
      expect(await main(page).getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
      proxy.rules.fail = null;
      await retry(page).click();
      await expect.poll(async () => main(page).getByLabel('From 1', { exact: true }).inputValue(), { timeout: TIMEOUT }).not.toBe('');

      // Mirrored now; the next load fails: the rows stay, and the spec's error shows above them.
      // (Coming back after the moment in which a screen reuses the last answer instead of asking.)
      proxy.rules.fail = /^\/api\/teacher-schedule/;
      await goInApp(page, '/home');
      await main(page).getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(2000);
      await goInApp(page, '/my-schedule');
      await fetchFailed(page).waitFor({ timeout: TIMEOUT });
      expect(await main(page).getByLabel('From 1', { exact: true }).inputValue()).not.toBe('');
      proxy.rules.fail = null;
      await retry(page).click();
      await expect.poll(() => fetchFailed(page).count(), { timeout: TIMEOUT }).toBe(0);
    });
    await proxy.close();
  });
});

describe('an empty account', () => {
  it('the empty texts show only once the server answered, skeletons meanwhile', async () => {
    const email = `empty-${Date.now()}@example.com`;
    createUser(app.app.db, { name: 'New Student', email });
    const proxy = await faultProxy(app.port);
    await withBrowser(async (b) => {
      const page = await b.newPage();
      await signInAt(page, proxy.origin, email, { timeout: TIMEOUT });
      await main(page).getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });

      for (const s of [
        { path: '/my-courses', api: /^\/api\/my-enrollments/, empty: "You haven't enrolled in any course yet" },
        { path: '/transactions-history', api: /^\/api\/history\/transactions/, empty: 'No transactions yet' },
      ]) {
        proxy.rules.delay = { match: s.api, ms: 1500 };
        const stop = await recordTexts(page, `e${s.path.replace(/\W/g, '')}`, 'main');
        const asked = Date.now();
        await goInApp(page, s.path);
        await main(page).getByText(s.empty).waitFor({ timeout: TIMEOUT });
        const shownAfter = Date.now() - asked;
        const texts = await stop();
        // Not before the server's (delayed) answer, and nothing said meanwhile but the heading.
        expect(shownAfter, s.path).toBeGreaterThanOrEqual(1400);
        expect(texts.filter((t) => t.includes(FETCH_FAILED)), s.path).toEqual([]);
        proxy.rules.delay = null;
      }
    });
    await proxy.close();
  });
});

describe("the shell's own data", () => {
  it("app settings that cannot be loaded, with none stored: '(1) Error occurred during loading your data' and a Retry", async () => {
    const proxy = await faultProxy(app.port);
    proxy.rules.fail = /^\/api\/app(\?|$)/;
    await withBrowser(async (b) => {
      const page = await b.newPage();
      await page.goto(`${proxy.origin}/login`);
      const alert = page.getByRole('alert').filter({ hasText: '(1) Error occurred during loading your data' });
      await alert.waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: '/tmp/load-states-app-settings.png' });
      proxy.rules.fail = null;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => alert.count(), { timeout: TIMEOUT }).toBe(0);
    });
    await proxy.close();
  });

  it("a stored sign-in that cannot be checked: '(2) Error occurred during loading your data', the mirror meanwhile, and a Retry", async () => {
    const proxy = await faultProxy(app.port);
    await withBrowser(async (b) => {
      let page = await b.newPage();
      await signInAt(page, proxy.origin, 'student@example.com', { timeout: TIMEOUT });
      await main(page).getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });
      // A new start of the app (its engine too) with the session stored on the device.
      const other = await b.context.newPage();
      await other.goto('about:blank');
      await page.close();
      await other.waitForTimeout(500);
      proxy.rules.fail = /^\/api\/token\/valid/;
      page = other;
      await page.goto(`${proxy.origin}/home`);
      const alert = page.getByRole('alert').filter({ hasText: '(2) Error occurred during loading your data' });
      await alert.waitFor({ timeout: TIMEOUT });
      // Still signed in, on the mirror's data.
      await main(page).getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: '/tmp/load-states-auth-check.png' });
      proxy.rules.fail = null;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => alert.count(), { timeout: TIMEOUT }).toBe(0);
      expect(page.url()).toContain('/home');
    });
    await proxy.close();
  });
});

describe('opening a conversation (item 6)', () => {
  it('the pane shows the header and a skeleton at once, never blank, until the first page brings the messages', async () => {
    const proxy = await faultProxy(app.port);
    await withBrowser(async (b) => {
      const page = await b.newPage();
      await signInAt(page, proxy.origin, 'student@example.com', { timeout: TIMEOUT });
      await goInApp(page, '/inbox');
      const item = page.getByTestId('conversation-item').first();
      await item.waitFor({ timeout: TIMEOUT });
      const title = (await item.getAttribute('aria-label'))!.replace(/, unread$/, '');

      // A slow first page, so what the pane shows meanwhile can be seen.
      proxy.rules.delay = { match: /^\/api\/conversations\/\d+/, ms: 1200 };
      await page.evaluate(() => {
        const w = window as unknown as { __pane: { t: number; s: string }[]; __stop: boolean };
        w.__pane = [];
        const t0 = performance.now();
        const tick = () => {
          const log = document.querySelector('[role=log][aria-label=Messages]');
          const s = !log
            ? 'no pane'
            : log.querySelector('[data-testid=message-skeleton]')
              ? 'skeleton'
              : log.querySelector('[data-testid=message-bubble]')
                ? 'bubbles'
                : 'blank';
          const header = log?.parentElement?.querySelector('h2')?.textContent ?? '';
          const last = w.__pane[w.__pane.length - 1];
          const state = `${s}|${header}`;
          if (last?.s !== state) w.__pane.push({ t: Math.round(performance.now() - t0), s: state });
          if (!w.__stop) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await item.click();
      await page.getByTestId('message-skeleton').first().waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: '/tmp/load-states-conversation-skeleton.png' });
      await page.getByTestId('message-bubble').first().waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(300);
      const pane = await page.evaluate(() => {
        const w = window as unknown as { __pane: { t: number; s: string }[]; __stop: boolean };
        w.__stop = true;
        return w.__pane;
      });
      // Before the click: no pane. After: the skeleton under the list row's title, then the bubbles;
      // never a pane with nothing in it.
      const shown = pane.filter((p) => !p.s.startsWith('no pane'));
      expect(shown.map((p) => p.s.split('|')[0]), JSON.stringify(pane)).not.toContain('blank');
      expect(shown[0]!.s, JSON.stringify(pane)).toBe(`skeleton|${title}`);
      expect(shown.at(-1)!.s).toBe(`bubbles|${title}`);
      // The skeleton held the pane while the (slow) page was on its way.
      const skeletonFor = shown.find((p) => p.s.startsWith('bubbles'))!.t - shown[0]!.t;
      expect(skeletonFor).toBeGreaterThan(800);
      proxy.rules.delay = null;
    });
    await proxy.close();
  });
});
