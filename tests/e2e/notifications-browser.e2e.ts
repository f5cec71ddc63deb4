import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  appForFile, approvedEnrollmentOf, callApi, clickOpensClass, withBrowser, loginToken, setHidden as hide, shownCalls as calls, shownNotification, shownWithTag, signInWithNotifications,
} from './harness.ts';

/**
 * Issue 15, browser notifications about classes: with notifications on and permission granted, a
 * reschedule request the other party makes while the app is in the background is shown once per
 * browser — one notification with two tabs open, none again after a reload — and its click
 * opens the class's dialog in a tab of the app (public/sw.js brings a tab forward and tells it).
 */

const STUDENT = 'student@example.com';
const HIFZ = 'Quran Memorisation (Hifz)';
const TIMEOUT = 15_000;
const DAY = 24 * 60 * 60_000;
const app = appForFile();
let teacherToken = '';
let hifzEnrollment = 0;

beforeAll(async () => {
  teacherToken = await loginToken(app.url, 'teacher@example.com');
  hifzEnrollment = approvedEnrollmentOf(app, STUDENT, 'teacher@example.com', HIFZ);
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app.url, method, path, token, body);

describe('browser notifications about classes', () => {
  it('a reschedule request made while the app is hidden is shown once with two tabs open, not again after a reload, and opens the class', async () => {
    const klass = (await api<{ data: { id: number; start_datetime: string } }>('POST', '/test/classes', null, { enrollment_id: hifzEnrollment, start_in_minutes: 3 * 24 * 60 })).data;
    await withBrowser('notifications-browser-e2e', async (b) => {
      const one = await signInWithNotifications(b, app.url, STUDENT, TIMEOUT);
      const two = await b.context.newPage();
      await two.goto(`${app.url}/home`);
      await two.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });

      await hide(one, true);
      await hide(two, true);
      await one.waitForFunction(() => window.__engine?.getState().status?.anyTabVisible === false, null, { timeout: TIMEOUT });

      const unreadBefore = Number(/(\d+) unread/.exec((await bell(one).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

      // The teacher asks to move the class (their reply tells the student's tabs at once).
      const date = new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10);
      await api('PUT', `/classes/${klass.id}/reschedule`, teacherToken, { date, start_time: '10:00', reason: 'e2e notice', permanent: false });

      const notices = () => shownWithTag([one, two], 'notice-');
      await expect.poll(async () => (await notices()).length, { timeout: TIMEOUT }).toBe(1);
      // Both tabs' bells count it by now (they read the mirror's user, as the whole shell does; the
      // engine client's own session copy is the one signed in with and is not kept fresh), and
      // still one was shown.
      for (const p of [one, two]) {
        await expect.poll(() => bell(p).getAttribute('aria-label'), { timeout: TIMEOUT }).toBe(`Notifications, ${unreadBefore + 1} unread`);
      }
      await one.waitForTimeout(1000);
      const shown = await shownNotification([one, two], 'notice-', TIMEOUT);
      expect(shown).toMatchObject({ title: 'Reschedule Request', url: `/calendar?class=${klass.id}` });
      expect(shown.body).toContain('asks to move');

      // A reload brings the same notification again: not shown twice.
      await one.reload();
      await one.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
      await hide(one, true);
      await one.waitForTimeout(1500);
      expect((await calls(one)).filter((c) => c.tag?.startsWith('notice-'))).toHaveLength(0);

      // Clicked: the service worker brings a tab of the app forward and it opens the class's dialog.
      const details = await clickOpensClass(b, [one, two], shown.url!, klass.id, TIMEOUT);
      // The request waits for the student's answer in the dialog.
      await details.getByText(/asks to move this class/).waitFor({ timeout: TIMEOUT });
    }, { notifications: true });
  });
});
