import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, signIn, startApp, startProxy, waitForServiceWorker, type AppServer, nextSubscription, userIdOf } from './harness.ts';
import { createConversation, createUser } from '../../server/seed/factory.ts';

/**
 * Issue 14, item 7, in a real browser: a teacher with more conversations than the inbox reads at
 * first (116: three pages of 50) searches a student whose conversation is on the third page. The
 * local filter answers at once from the mirror, the server is asked once typing pauses, and the
 * conversation it finds joins the list; "No Conversation Found" shows only when the server said
 * so. Offline, the search says its results may be incomplete, and asks again when back online.
 */

const TEACHER = 'teacher@example.com';
const TIMEOUT = 15_000;
const TARGET = 'Zaynab Qureshi & Ustadha Amina Hassan';

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
  const db = app.app.db;
  const teacher = (db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number }).id;
  const old = Date.now() - 400 * 86_400_000; // older than every seeded conversation: the end of the list
  const student = (name: string, i: number) => createUser(db, { name, email: `search-e2e-${i}@example.com` });
  createConversation(db, { title: TARGET, members: [student('Zaynab Qureshi', 0), teacher], created_at: old });
  for (let i = 1; i <= 110; i++) {
    createConversation(db, { title: `Pupil ${i} & Ustadha Amina Hassan`, members: [student(`Pupil ${i}`, i), teacher], created_at: old + i * 60_000 });
  }
});
afterAll(async () => {
  await app?.close();
});

/** Every GET /conversations (the list and its searches: the server counts by path). */
const listRequests = () => app.app.requestCounts.get('GET /api/conversations') ?? 0;
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search conversations' });
const item = (page: Page, title: string) => page.getByRole('button', { name: title, exact: true });

/** Every search the server was asked, by its text (the server counts by path and query). */
const searchRequests = () =>
  new Map([...app.app.requestCounts].flatMap(([k, n]) => {
    const m = /^GET \/api\/conversations\?search=(.*)$/.exec(k);
    return m ? [[decodeURIComponent(m[1]!), n] as const] : [];
  }));

/** Records, in the page, when each watched text first showed (Date.now()), and each keystroke's time and text. */
async function watchTexts(page: Page, texts: string[]) {
  await page.evaluate((ts) => {
    const w = window as unknown as { __shown: Record<string, number>; __lastInput: number; __inputs: [number, string][] };
    w.__shown = {};
    w.__inputs = [];
    document.addEventListener('input', (e) => {
      w.__lastInput = Date.now();
      w.__inputs.push([w.__lastInput, (e.target as HTMLInputElement).value]);
    }, true);
    const check = () => {
      const body = document.body.innerText;
      for (const t of ts) if (body.includes(t)) w.__shown[t] ??= Date.now();
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, texts);
}
const shownAt = (page: Page) => page.evaluate(() => (window as unknown as { __shown: Record<string, number> }).__shown);
const lastInputAt = (page: Page) => page.evaluate(() => (window as unknown as { __lastInput: number }).__lastInput);
/** The texts typing paused on for at least `ms` before the next keystroke (the last one always). */
const pausedOn = (page: Page, ms: number) =>
  page.evaluate((ms) => {
    const inputs = (window as unknown as { __inputs: [number, string][] }).__inputs;
    return inputs.filter(([at], i) => i === inputs.length - 1 || inputs[i + 1]![0] - at >= ms).map(([, text]) => text);
  }, ms);

describe('inbox search', () => {
  it('finds a conversation on the third page, asks the server once, and says "No Conversation Found" only when it found none', async () => {
    const proxy = await startProxy(app.port);
    const origin = `http://127.0.0.1:${proxy.port}`;
    const b = await launchBrowser({ serviceWorker: true });
    try {
      const page = await b.newPage();
      await signIn(page, origin, TEACHER, { teacher: true, timeout: TIMEOUT });
      await waitForServiceWorker(page);
      const listening = nextSubscription(app, `private-User.${userIdOf(app, TEACHER)}.Inbox`);
      await page.goto(`${origin}/inbox`);
      await page.getByTestId('conversation-item').first().waitFor({ timeout: TIMEOUT });
      // The reload's engine hears its inbox channel, which reads the list again (it was read before).
      await listening(TIMEOUT);
      await page.waitForTimeout(500);
      // The inbox read its first page only: the target is not on this device.
      expect(await item(page, TARGET).count()).toBe(0);

      // Typed as a person types: local results at once (none here), one request after the pause.
      await watchTexts(page, ['No Conversation Found', 'Searching all conversations', 'Zaynab Qureshi']);
      const before = listRequests();
      await search(page).pressSequentially('zaynab', { delay: 60 });
      await item(page, TARGET).waitFor({ timeout: TIMEOUT });
      const shown = await shownAt(page);
      const typedAt = await lastInputAt(page);
      const found = shown['Zaynab Qureshi']! - typedAt;
      console.log(`search → a conversation on page 3 on screen: ${found} ms after the last keystroke (debounce 250 ms)`);
      expect(found).toBeLessThan(1500);
      expect(shown['Searching all conversations']).toBeDefined();
      expect(shown['No Conversation Found'], '"No Conversation Found" while the server was still asked').toBeUndefined();
      await page.waitForTimeout(500);
      // The typed text is asked once. On a busy machine a keystroke can come more than the debounce
      // after the one before it, as when a person pauses: the text typed so far may then be asked
      // too, but never one typing did not pause on.
      const asked = searchRequests();
      expect(asked.get('zaynab')).toBe(1);
      const paused = await pausedOn(page, 250);
      for (const [text, n] of asked) expect(paused, `asked "${text}" ${n}× without a pause in typing`).toContain(text);
      expect(listRequests() - before).toBe(asked.size);
      if (asked.size > 1) console.log(`typing paused on ${JSON.stringify(paused)}: asked ${JSON.stringify([...asked])}`);

      // It opens like any other.
      await item(page, TARGET).click();
      await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: TIMEOUT });

      // None found: said once the server answered.
      await search(page).fill('nobody by this name');
      await page.getByText('No Conversation Found').waitFor({ timeout: TIMEOUT });
      expect(await page.getByText('Searching all conversations').count()).toBe(0);

      // Offline: only what this device holds, and the list says the results may be incomplete.
      await search(page).fill('');
      const errorsBefore = b.errors.length;
      proxy.setDown('api');
      await b.context.setOffline(true);
      await search(page).fill('pupil 5 &');
      const note = page.getByText("You're offline. Only conversations on this device were searched: results may be incomplete.");
      await note.waitFor({ timeout: TIMEOUT });
      // "Pupil 5" is on page 3, which this device never read.
      await page.waitForTimeout(600);
      expect(await item(page, 'Pupil 5 & Ustadha Amina Hassan').count()).toBe(0);
      expect(await page.getByText('No Conversation Found').count()).toBe(0);
      // A text matching what the device holds still answers at once.
      await search(page).fill('pupil 10');
      await item(page, 'Pupil 105 & Ustadha Amina Hassan').waitFor({ timeout: TIMEOUT });
      await note.waitFor({ timeout: TIMEOUT });
      // The errors the cut itself causes (refused requests) are the only ones allowed.
      const cut = b.errors.splice(errorsBefore);
      expect(cut.filter((e) => !/Failed to load resource: (net::ERR_\w+|the server responded with a status of 502)/.test(e))).toEqual([]);

      // Back online: the same search asks the server, and what it finds joins the list.
      await search(page).fill('pupil 5 &');
      proxy.setDown(false);
      await b.context.setOffline(false);
      await item(page, 'Pupil 5 & Ustadha Amina Hassan').waitFor({ timeout: TIMEOUT });
      await expect.poll(() => note.count(), { timeout: TIMEOUT }).toBe(0);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
      await proxy.close();
    }
  });
});
