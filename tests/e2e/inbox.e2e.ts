import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, startApp, waitForServiceWorker, type AppServer, type Browser, type LaunchOptions, signIn as signInAt, startProxy, newestReadsOf, watchOpening } from './harness.ts';
import { MESSAGES_PER_PAGE } from '../../server/lib/messaging.ts';
import { addMessage } from '../../server/seed/factory.ts';

/**
 * The inbox in real browsers against the seeded reference server: a teacher and a student, each
 * in their own browser, share conversation 1 (Yusuf Rahman & Ustadha Amina Hassan). Messages
 * travel over the realtime socket (no polling), the unread count rises and clears, and a message
 * typed offline is delivered exactly once. Each test fails on any console error.
 */

const STUDENT = 'student@example.com';
const TEACHER = 'teacher@example.com';
const PASSWORD = 'password';
const SHARED = 1;
const TIMEOUT = 15_000;

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const signIn = (page: Page, email: string, teacher = false, origin = app.url) =>
  signInAt(page, origin, email, { teacher, password: PASSWORD, timeout: TIMEOUT });

async function withBrowsers(n: number, fn: (bs: Browser[]) => Promise<void>, opts: LaunchOptions = {}) {
  const bs: Browser[] = [];
  try {
    for (let i = 0; i < n; i++) bs.push(await launchBrowser(opts));
    await fn(bs);
    for (const b of bs) expect(b.errors).toEqual([]);
  } finally {
    for (const b of bs) await b.close();
  }
}

async function openConversation(page: Page, id: number) {
  await page.goto(`${app.url}/inbox?c=${id}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: TIMEOUT });
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
/** Each read of the conversation so far, with its query (an older page's cursor) when it had one, and how many. */
const readsOf = (id: number) => {
  const out: Record<string, number> = {};
  for (const [k, n] of app.app.requestCounts) if (k.startsWith(`GET /api/conversations/${id}?`)) out[k] = n;
  out[`GET /api/conversations/${id}`] = newestReadsOf(app, id);
  return out;
};
/** What was read since `before` (a readsOf), by the same keys. */
const readSince = (id: number, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(readsOf(id)).map(([k, n]) => [k, n - (before[k] ?? 0)]).filter(([, n]) => n !== 0));
const rowsWithText = (text: string) =>
  (app.app.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE text = ?').get(text) as { n: number }).n;

/** Records, in the page, when each marker first shows (Date.now(), shared by both browsers on this machine). */
async function watchFor(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __seen: Record<string, number> };
    w.__seen = {};
    new MutationObserver(() => {
      for (const m of document.body.innerText.matchAll(/e2e-(\d+)-(\d+)/g)) w.__seen[m[0]] ??= Date.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

describe('inbox', () => {
  it('a message from one appears in the other open conversation by the socket, without polling (its time is a benchmark row)', async () => {
    await withBrowsers(2, async ([s, t]) => {
      const student = await s!.newPage();
      const teacher = await t!.newPage();
      await signIn(student, STUDENT);
      await signIn(teacher, TEACHER, true);
      // Each engine subscribes the conversation's channel, then reads its newest page (or reads it
      // at a wait and again once the channel hears, when that is slow: watchOpening): the reads of
      // the opening are done before any message is sent.
      for (const p of [student, teacher]) {
        const opening = watchOpening(app, SHARED, TIMEOUT);
        await openConversation(p, SHARED);
        await opening.settled();
      }
      await watchFor(teacher);
      const newest = (app.app.db.prepare('SELECT text FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 1').get(SHARED) as { text: string }).text;
      for (const p of [student, teacher]) await messages(p).getByText(newest.slice(0, 30)).first().waitFor({ timeout: TIMEOUT });
      // Both sockets are on the conversation's channel (subscribed by opening it).
      expect(app.realtime.stats().channels[`private-Conversation.${SHARED}`]).toBe(2);

      const fetchesBefore = newestReadsOf(app, SHARED);
      const delays: number[] = [];
      let marker = '';
      for (let i = 0; i < 20; i++) {
        marker = `e2e-${Date.now()}-${i}`;
        await composer(student).fill(`Realtime check ${marker}`);
        const sentAt = await student.evaluate(() => Date.now());
        await composer(student).press('Enter');
        await messages(teacher).getByText(`Realtime check ${marker}`).waitFor({ timeout: TIMEOUT });
        const seenAt = await teacher.evaluate((m) => (window as unknown as { __seen: Record<string, number> }).__seen[m], marker);
        delays.push((seenAt ?? Date.now()) - sentAt);
      }
      const p50 = percentile(delays, 50);
      const p95 = percentile(delays, 95);
      // The figure is the benchmark's ("message posted by the other party → rendered"); here, on a
      // machine running other tests, it is only printed: a timed assertion would fail on load, not on a fault.
      console.log(`send → render across two browsers over ${delays.length} messages: p50 ${p50} ms, p95 ${p95} ms`);
      // Delivered by the socket: neither engine read the conversation's newest page meanwhile (the
      // student's own send is a POST, not a GET; an older page the list may fetch as it grows is not
      // the new message).
      const reads = [...app.app.requestCounts].filter(([k]) => k.startsWith(`GET /api/conversations/${SHARED}`));
      console.log(`reads of the conversation: ${JSON.stringify(reads)}`);
      expect(newestReadsOf(app, SHARED), JSON.stringify(reads)).toBe(fetchesBefore);

      // Both see it once; the sender's pending row became the sent one (the reply and the realtime
      // echo carry the same client_key).
      await expect.poll(() => student.getByText('Sending…').count(), { timeout: TIMEOUT }).toBe(0);
      expect(await messages(student).getByText(`Realtime check ${marker}`).count()).toBe(1);
      expect(await messages(teacher).getByText(`Realtime check ${marker}`).count()).toBe(1);
    });
  });

  it('the unread count rises when the other party writes and clears when the conversation is opened', async () => {
    await withBrowsers(2, async ([s, t]) => {
      const student = await s!.newPage();
      const teacher = await t!.newPage();
      await signIn(student, STUDENT);
      await signIn(teacher, TEACHER, true);
      // The student reads conversation 1 first so it starts seen, then leaves for the list.
      await openConversation(student, SHARED);
      // A reload: the teacher may write before the new engine's inbox channel is subscribed (its
      // list, read before, is read again once it is: checked with the channel's authorisation
      // 3.5 s late, E2E_SERVER_LATENCY=3500:/api/broadcasting/auth).
      await student.goto(`${app.url}/inbox`);
      const inboxLink = student.getByRole('link', { name: /^Inbox/ }).first();
      const unreadOf = async () => Number(/(\d+) unread/.exec((await inboxLink.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
      const before = await unreadOf();
      const row = student.getByTestId('conversation-item').filter({ hasText: 'Yusuf Rahman & Ustad' }).first();
      await expect.poll(() => row.getAttribute('data-unread'), { timeout: TIMEOUT }).toBe('false');

      await openConversation(teacher, SHARED);
      const text = `Unread check ${Date.now()}`;
      await composer(teacher).fill(text);
      await composer(teacher).press('Enter');

      await expect.poll(unreadOf, { timeout: TIMEOUT }).toBe(before + 1);
      await expect.poll(() => row.getAttribute('data-unread'), { timeout: TIMEOUT }).toBe('true');
      await row.getByText(text).waitFor({ timeout: TIMEOUT });

      await row.click();
      await messages(student).getByText(text).waitFor({ timeout: TIMEOUT });
      await expect.poll(unreadOf, { timeout: TIMEOUT }).toBe(before);
      await expect.poll(() => row.getAttribute('data-unread'), { timeout: TIMEOUT }).toBe('false');
    });
  });

  it('older pages are fetched while the user is still screens from the top, one at a time, without the view jumping, down to Start Of Conversation', async () => {
    // A conversation of several pages: the seeded one and 150 more messages, from both sides.
    const members = app.app.db.prepare('SELECT user_id FROM conversation_members WHERE conversation_id = ? ORDER BY user_id').all(SHARED) as { user_id: number }[];
    for (let i = 0; i < 150; i++) {
      addMessage(app.app.db, { conversation_id: SHARED, sender_id: members[i % members.length]!.user_id, text: `Earlier talk ${i} ${'about the lesson '.repeat(1 + (i % 5))}` });
    }
    await withBrowsers(1, async ([s]) => {
      const page = await s!.newPage();
      await signIn(page, STUDENT);
      const readBefore = readsOf(SHARED);
      const opening = watchOpening(app, SHARED, TIMEOUT);
      await openConversation(page, SHARED);
      await messages(page).getByRole('button', { name: 'Load More Messages' }).waitFor({ state: 'attached', timeout: TIMEOUT });
      const { subscribedAt, firstReadAt, expected } = await opening.settled();
      await page.waitForTimeout(1000);
      // Opening reads the newest page only (once, or twice when its channel was slow: see
      // watchOpening): nothing older until the user scrolls up.
      const opened = readSince(SHARED, readBefore);
      const how = `${JSON.stringify(opened)}; channel subscribed at ${subscribedAt} ms, newest page first read at ${firstReadAt} ms`;
      expect(Object.keys(opened), how).toEqual([`GET /api/conversations/${SHARED}`]);
      expect(expected, how).toContain(opened[`GET /api/conversations/${SHARED}`]);

      // The user scrolls up half a screen at a time, with a short pause after each step. An older
      // page arrives above, out of view: the list keeps the view by scrolling down by its height,
      // and the message that was at the top of the view stays where it was in the frame before.
      // (The rows a step reveals are measured and their estimate corrected as they come into view,
      // which may move the view by a few px too: that is the scroll's, not the arrival's, and is
      // only printed.)
      const { arrivals, topWithoutOlder } = await page.evaluate(async () => {
        // The message list's own scroller: the screens prepared while idle (the transactions, the
        // conversation list) have theirs too, and the page's last one was once a hidden screen's
        // (a CI run walked nothing: its scroller was at the top from the start, 1 December).
        const sc = document.querySelector<HTMLElement>('[role="log"][aria-label="Messages"] [data-virtuoso-scroller]')!;
        const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
        const out = { arrivals: [] as { fromTop: number; jump: number; drift: number }[], topWithoutOlder: 0 };
        const more = () => [...sc.querySelectorAll('button')].some((b) => b.textContent === 'Load More Messages');
        for (let step = 0; step < 150 && sc.scrollTop > 0; step++) {
          // The anchor is a message, found again by its key at every frame: Virtuoso may unmount
          // and remount a row while a page arrives above it (a CI run lost the element itself and
          // recorded -1, 1 December).
          const key = sc.querySelector<HTMLElement>('[data-message-key]')!.dataset.messageKey!;
          const top = () => sc.querySelector(`[data-message-key="${CSS.escape(key)}"]`)?.getBoundingClientRect().top ?? NaN;
          const was = top();
          const from = sc.scrollTop;
          const to = Math.max(0, from - Math.round(sc.clientHeight / 2));
          // Every frame from the step on: the list's height and the anchor's place.
          const frames: { height: number; at: number }[] = [];
          let sampling = true;
          const sample = () => {
            frames.push({ height: sc.scrollHeight, at: top() });
            if (sampling) requestAnimationFrame(sample);
          };
          sc.scrollTop = to;
          sample();
          await sleep(300);
          // At the top while older messages are still to come: the user got there before the page.
          if (sc.scrollTop <= 100 && more()) out.topWithoutOlder += 1;
          if (sc.scrollTop < to + 150) {
            sampling = false;
            continue;
          }
          // Where it settles once the new rows are measured: the anchor still for five frames in a
          // row (a fixed wait measured mid-settle on a busy machine).
          for (let still = 0, last = NaN, t0 = performance.now(); still < 5 && performance.now() - t0 < 3000;) {
            await new Promise(requestAnimationFrame);
            const now = top();
            still = now === last ? still + 1 : 0;
            last = now;
          }
          sampling = false;
          // The arrival: the first frame where the list had grown by a page (its rows in the DOM).
          const i = frames.findIndex((f, k) => k > 0 && f.height - frames[k - 1]!.height >= 150);
          const before = i > 0 ? frames[i - 1]!.at : was + from - to;
          out.arrivals.push({
            fromTop: to,
            jump: Math.abs(top() - before),
            drift: Math.abs(before - (was + from - to)),
          });
        }
        return out;
      });
      const total = (app.app.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?').get(SHARED) as { n: number }).n;
      const pages = Math.ceil(total / MESSAGES_PER_PAGE);
      console.log(`older pages: ${arrivals.length}; the view moved by the revealed rows' measuring up to ${Math.max(...arrivals.map((a) => a.drift))} px, by an arrival up to ${Math.max(...arrivals.map((a) => a.jump))} px`);
      // Checked before the marker is awaited: a scroll that reached the top before its page stops
      // the walk there, and the marker would only time out.
      const walk = `${JSON.stringify(arrivals)}; ${JSON.stringify(readSince(SHARED, readBefore))}`;
      expect(topWithoutOlder, `scrolls that reached the top before the older page: ${walk}`).toBe(0);
      expect(arrivals.length, walk).toBeGreaterThan(1);
      // Each older page came while the user was still far from the top (not within the 100 px the
      // list would otherwise wait for): it was in the list before they got there.
      for (const a of arrivals) expect(a.fromTop, 'an older page arrived only at the top').toBeGreaterThan(100);
      await messages(page).getByText('Start Of Conversation').waitFor({ timeout: TIMEOUT });
      // The message that was at the top stays where it was while older ones appear above it.
      // (null in `walk`: the anchored message was not in the list at that frame.)
      for (const a of arrivals) expect(Number.isFinite(a.jump), walk).toBe(true);
      expect(Math.max(...arrivals.map((a) => a.jump))).toBeLessThan(4);
      // One request per page: every older page read once, none twice (the newest as on opening).
      const read = readSince(SHARED, readBefore);
      expect(read[`GET /api/conversations/${SHARED}`], JSON.stringify(read)).toBe(opened[`GET /api/conversations/${SHARED}`]);
      const older = Object.entries(read).filter(([k]) => k.includes('?'));
      expect(older.map(([, n]) => n), JSON.stringify(read)).toEqual(Array(pages - 1).fill(1));
      // The oldest message of the conversation is on screen right under the marker.
      const oldest = app.app.db.prepare('SELECT text FROM messages WHERE conversation_id = ? AND text IS NOT NULL ORDER BY id LIMIT 1').get(SHARED) as { text: string };
      await messages(page).getByText(oldest.text.slice(0, 30)).first().waitFor({ timeout: TIMEOUT });
      await expect.poll(() => messages(page).getByRole('button', { name: 'Load More Messages' }).count()).toBe(0);
    });
  });

  it('a message typed offline stays pending across a reload and is delivered once when the network returns', async () => {
    // Playwright's offline mode does not reach a SharedWorker (the sync engine's requests would
    // still get through), so the browser talks to the server through a proxy that can refuse the
    // API and the socket: while it does, every request of the engine really fails.
    const proxy = await startProxy(app.port);
    const origin = `http://127.0.0.1:${proxy.port}`;
    await withBrowsers(1, async ([s]) => {
      const page = await s!.newPage();
      await signIn(page, STUDENT, false, origin);
      // One completed online visit first: the app's own files then come from the service worker
      // when the network is cut (not yet controlled, the page's lazy images would fail offline).
      await waitForServiceWorker(page);
      await page.goto(`${origin}/inbox?c=${SHARED}`);
      await composer(page).waitFor({ timeout: TIMEOUT });

      // Counted from before the cut: a request the cut fails can be reported while setOffline is
      // still being applied (to the page first, then the service worker), before it resolves.
      const errorsBefore = s!.errors.length;
      proxy.setDown('api');
      await s!.context.setOffline(true);
      const text = `Offline check ${Date.now()}`;
      await composer(page).fill(text);
      await composer(page).press('Enter');
      await messages(page).getByText(text).waitFor({ timeout: TIMEOUT });
      await page.getByText('Sending…').waitFor({ timeout: TIMEOUT });

      // An image needs a connection: it is refused at once, not queued.
      await page.getByTestId('image-input').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG_1PX });
      await page.getByText('You are offline. This action needs a connection.').first().waitFor({ timeout: TIMEOUT });

      // Reload while the server stays unreachable (the page itself loads, so this does not depend
      // on the app-shell service worker): the unsent message is still there, still pending.
      await s!.context.setOffline(false);
      await page.reload();
      await messages(page).getByText(text).waitFor({ timeout: TIMEOUT });
      await page.getByText('Sending…').waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(1500);
      expect(rowsWithText(text)).toBe(0);
      expect(await messages(page).getByText(text).count()).toBe(1);
      // The browser logs the resources it could not load while the network was cut (avatars,
      // images, the refused API): those are the test's doing, and the only errors allowed.
      const cut = s!.errors.splice(errorsBefore);
      expect(cut.filter((e) => !/Failed to load resource: (net::ERR_\w+|the server responded with a status of 502)/.test(e))).toEqual([]);

      proxy.setDown(false);
      await expect.poll(() => rowsWithText(text), { timeout: TIMEOUT }).toBe(1);
      await expect.poll(() => page.getByText('Sending…').count(), { timeout: TIMEOUT }).toBe(0);
      expect(await messages(page).getByText(text).count()).toBe(1);
      // And only once, even after the engine had time to retry.
      await page.waitForTimeout(1500);
      expect(rowsWithText(text)).toBe(1);
    }, { serviceWorker: true });
    await proxy.close();
  });
});

/** A 1×1 transparent PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
