import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn, startApp, type AppServer } from './harness.ts';

/**
 * Issue 15, deep links: a guest sent to sign in comes back to the page and query they asked for; a
 * class (`/calendar?class=<id>`) and a conversation (`/inbox?c=<id>`) have addresses that open them,
 * after a reload and through back and forward.
 */

const TIMEOUT = 15_000;
let app: AppServer;
/** A class of the demo student (their next one) and a conversation of theirs. */
let classId = 0;
const SHARED = 1;
beforeAll(async () => {
  app = await startApp();
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: 'student@example.com', password: 'password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const home = await fetch(`${app.url}/api/home`, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
  classId = ((await home.json()) as { data: { next_class: { id: number } } }).data.next_class.id;
  expect(classId).toBeGreaterThan(0);
});
afterAll(async () => {
  await app?.close();
});

describe('deep links', () => {
  it('/wallet?borrow=1 survives signing in: the borrow flow opens after it', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await page.goto(`${app.url}/wallet?borrow=1`);
      await page.waitForURL('**/login**', { timeout: TIMEOUT });
      await page.getByLabel('Email').fill('student@example.com');
      await page.getByLabel('Password', { exact: true }).fill('password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/wallet?borrow=1', { timeout: TIMEOUT });
      await page.getByRole('dialog', { name: 'Borrow Balance' }).waitFor({ timeout: TIMEOUT });

      // Shown once, then forgotten: the next visit to the sign-in page while signed in goes home.
      await page.goto(`${app.url}/login`);
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('a guest sent to sign in from /calendar?class=<id> comes back to the class; reload keeps it, closing takes the query away', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await page.goto(`${app.url}/calendar?class=${classId}`);
      await page.waitForURL('**/login**', { timeout: TIMEOUT });
      await page.getByLabel('Email').fill('student@example.com');
      await page.getByLabel('Password', { exact: true }).fill('password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`**/calendar?class=${classId}`, { timeout: TIMEOUT });
      const details = page.getByRole('dialog', { name: 'Class Details' });
      await details.getByText(`#${classId}`).waitFor({ timeout: TIMEOUT });

      await page.reload();
      await details.getByText(`#${classId}`).waitFor({ timeout: TIMEOUT });
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(new URL(page.url()).search).toBe('');
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('a class opened on the calendar is a history entry: Back closes its dialog, Forward opens it again', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await signIn(page, app.url, 'student@example.com', { timeout: TIMEOUT });
      await page.goto(`${app.url}/calendar`);
      // An event of the month grid: a button named after its start time and course ("3:40am Quran …").
      const event = page.getByRole('cell').getByRole('button', { name: /^\d{1,2}:\d{2}(am|pm) / }).first();
      await event.waitFor({ timeout: TIMEOUT });
      await event.click();
      const details = page.getByRole('dialog', { name: 'Class Details' });
      await details.waitFor({ timeout: TIMEOUT });
      await page.waitForURL(/\/calendar\?class=\d+$/, { timeout: TIMEOUT });
      const opened = new URL(page.url()).searchParams.get('class')!;
      await details.getByText(`#${opened}`).waitFor({ timeout: TIMEOUT });

      await page.goBack();
      await details.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/calendar');
      await page.goForward();
      await details.getByText(`#${opened}`).waitFor({ timeout: TIMEOUT });
      // Closing it goes back to the calendar without it (not a second calendar entry).
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(new URL(page.url()).search).toBe('');
      await page.goBack();
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('a class link that names no class of the user says so', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await signIn(page, app.url, 'student@example.com', { timeout: TIMEOUT });
      const details = page.getByRole('dialog', { name: 'Class Details' });
      await page.goto(`${app.url}/calendar?class=abc`);
      await details.getByText('This class was not found.', { exact: false }).waitFor({ timeout: TIMEOUT });
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(new URL(page.url()).search).toBe('');
      await page.goto(`${app.url}/calendar?class=987654`);
      await details.getByText('This class was not found.', { exact: false }).waitFor({ timeout: TIMEOUT });
      // Only the refused request's own log line, no page error.
      expect(b.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('/inbox?c=<id> opens that conversation, after a reload too', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await signIn(page, app.url, 'student@example.com', { timeout: TIMEOUT });
      await page.goto(`${app.url}/inbox?c=${SHARED}`);
      const log = page.getByRole('log', { name: 'Messages' });
      // The conversation with the teacher is the open one in the list, its messages beside it.
      const current = page.locator('[data-testid="conversation-item"][aria-current="true"]');
      await current.filter({ hasText: 'Ustadha Amina Hassan' }).waitFor({ timeout: TIMEOUT });
      await log.waitFor({ timeout: TIMEOUT });
      await page.reload();
      await current.filter({ hasText: 'Ustadha Amina Hassan' }).waitFor({ timeout: TIMEOUT });
      await log.waitFor({ timeout: TIMEOUT });
      expect(new URL(page.url()).searchParams.get('c')).toBe(String(SHARED));
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('a page of the wrong role is forgotten once the user arrived: the next sign-in page visit goes home, not to "Page not found"', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      // A guest opens the wallet (students only), is sent to sign in, and signs in as a teacher.
      await page.goto(`${app.url}/wallet`);
      await page.waitForURL('**/login**', { timeout: TIMEOUT });
      await page.getByLabel('Email').fill('teacher@example.com');
      await page.getByLabel('Password', { exact: true }).fill('password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/wallet', { timeout: TIMEOUT });
      await page.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: TIMEOUT });

      // The remembered page is forgotten: the sign-in page, opened while signed in, goes home.
      await page.goto(`${app.url}/login`);
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
