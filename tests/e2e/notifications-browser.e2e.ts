import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, signIn, startApp, waitForServiceWorker, type AppServer } from './harness.ts';

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
let app: AppServer;
let teacherToken = '';
let hifzEnrollment = 0;

beforeAll(async () => {
  app = await startApp();
  const r = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: 'teacher@example.com', password: 'password' }),
  });
  teacherToken = ((await r.json()) as { token: string }).token;
  const id = (email: string) => (app.app.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  hifzEnrollment = (app.app.db
    .prepare(`SELECT e.id FROM enrollments e JOIN courses c ON c.id = e.course_id
              WHERE e.student_id = ? AND e.teacher_id = ? AND e.status = 'approved' AND c.name = ?`)
    .get(id(STUDENT), id('teacher@example.com'), HIFZ) as { id: number }).id;
});
afterAll(async () => {
  await app?.close();
});

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const r = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** Makes a tab hidden (as when another application is in front) and tells the app, as the browser would. */
async function hide(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Every showNotification call a tab makes, recorded before the app runs. */
const RECORD = `(() => {
  const calls = (globalThis.__shown = []);
  const proto = globalThis.ServiceWorkerRegistration && ServiceWorkerRegistration.prototype;
  if (!proto) return;
  const show = proto.showNotification;
  proto.showNotification = function (title, options) {
    calls.push({ title, tag: options && options.tag });
    return show.call(this, title, options);
  };
})();`;
const calls = (page: Page) => page.evaluate(() => (globalThis as unknown as { __shown: { title: string; tag: string }[] }).__shown);

const displayed = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return ((await reg?.getNotifications()) ?? []).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string } | null)?.url }));
  });

describe('browser notifications about classes', () => {
  it('a reschedule request made while the app is hidden is shown once with two tabs open, not again after a reload, and opens the class', async () => {
    const klass = (await api<{ data: { id: number; start_datetime: string } }>('POST', '/test/classes', null, { enrollment_id: hifzEnrollment, start_in_minutes: 3 * 24 * 60 })).data;
    const b = await launchBrowser();
    try {
      await b.context.addInitScript(RECORD);
      await b.context.grantPermissions(['notifications'], { origin: app.url });
      const one = await b.newPage();
      await signIn(one, app.url, STUDENT, { timeout: TIMEOUT });
      await waitForServiceWorker(one);
      await one.goto(`${app.url}/settings`);
      const toggle = one.getByRole('checkbox', { name: /^Notify me/ });
      await toggle.check({ force: true });
      await expect.poll(() => toggle.isChecked()).toBe(true);
      const two = await b.context.newPage();
      await two.goto(`${app.url}/home`);
      await two.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });

      await hide(one, true);
      await hide(two, true);
      await one.waitForFunction(() => window.__engine?.getState().status?.anyTabVisible === false, null, { timeout: TIMEOUT });

      // The teacher asks to move the class (their reply tells the student's tabs at once).
      const date = new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10);
      await api('PUT', `/classes/${klass.id}/reschedule`, teacherToken, { date, start_time: '10:00', reason: 'e2e notice', permanent: false });

      const notices = async () => [...(await calls(one)), ...(await calls(two))].filter((c) => c.tag?.startsWith('notice-'));
      await expect.poll(async () => (await notices()).length, { timeout: TIMEOUT }).toBe(1);
      // Both tabs have the notification in their mirror by now (their bells), and still one was shown.
      for (const p of [one, two]) {
        await p.waitForFunction(() => {
          const s = window.__engine!.getState().session;
          return s.status === 'signed-in' && s.user.notifications.some((n) => n.data.title === 'Reschedule Request' && !n.read);
        }, null, { timeout: TIMEOUT });
      }
      await one.waitForTimeout(1000);
      expect(await notices()).toHaveLength(1);
      const shown = (await displayed(one)).filter((n) => n.tag.startsWith('notice-'));
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatchObject({ title: 'Reschedule Request', url: `/calendar?class=${klass.id}` });
      expect(shown[0]!.body).toContain('asks to move');

      // A reload brings the same notification again: not shown twice.
      await one.reload();
      await one.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
      await hide(one, true);
      await one.waitForTimeout(1500);
      expect((await calls(one)).filter((c) => c.tag?.startsWith('notice-'))).toHaveLength(0);

      // Clicked: the service worker brings a tab of the app forward and it opens the class's dialog.
      const sw = b.context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
      await sw.evaluate((url) => (self as unknown as { openNotificationTarget: (u: string) => Promise<void> }).openNotificationTarget(url), shown[0]!.url!);
      const target = `/calendar?class=${klass.id}`;
      await expect.poll(() => [one, two].filter((p) => new URL(p.url()).pathname + new URL(p.url()).search === target).length, { timeout: TIMEOUT }).toBe(1);
      const opened = [one, two].find((p) => p.url().endsWith(target))!;
      const details = opened.getByRole('dialog', { name: 'Class Details' });
      await details.getByText(`#${klass.id}`).waitFor({ timeout: TIMEOUT });
      // The request waits for the student's answer in the dialog.
      await details.getByText(/asks to move this class/).waitFor({ timeout: TIMEOUT });
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
