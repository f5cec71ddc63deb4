import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { chromium, type Browser as PwBrowser, type BrowserContext, type CDPSession, type Locator, type Page, type ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { openDatabase } from '../../server/db/index.ts';
import { seed } from '../../server/seed/index.ts';
import type { ServerConfig } from '../../server/lib/context.ts';
import { shell as enShell } from '../../src/lib/i18n/en/shell.ts';
import { shell as arShell } from '../../src/lib/i18n/ar/shell.ts';
import { TOKEN_KEY, USER_KEY } from '../../src/lib/engine/client.ts';
import { FIRST_READ_WAIT_MS } from '../../worker/realtime/realtime-sync.ts';

/** The browser users have (Debian's chromium): the benchmark measures it. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/**
 * The browser the tests drive: Debian's chromium-headless-shell when installed (.ci/run installs it),
 * the same engine without the desktop browser around it; a class of the suite costs about a quarter
 * less CPU in it. `CHROMIUM_PATH` sets both.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
/**
 * V8's flags in the browsers the tests drive: no compiler above Sparkplug, its baseline
 * (`--max-opt=1`). A test's page lives for seconds, and Maglev and TurboFan spent about 0.85 s of
 * CPU per app load compiling its hot functions in the background (a trace of a reload: their tasks
 * on the thread pool), on a suite bound by its two cores. Measured on `classes` and `shell`: 202 s
 * of CPU → 161–173 s, 123 s → 104 s. What a test checks does not depend on how fast the JavaScript
 * runs; the benchmark measures with V8's defaults (its smoke run uses these). `E2E_JS_FLAGS`
 * replaces them ('' for V8's defaults).
 */
export const TEST_JS_FLAGS = process.env.E2E_JS_FLAGS ?? '--max-opt=1';
const TEST_ARGS = TEST_JS_FLAGS ? [...CHROMIUM_ARGS, `--js-flags=${TEST_JS_FLAGS}`] : CHROMIUM_ARGS;

/** The two sizes the layout tests look at: a desktop's 1280×800 and a phone's 375×740, named. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };
export const SIZES = [['desktop', DESKTOP], ['phone', PHONE]] as const;

export interface AppServer extends RunningServer {
  dataDir: string;
}

/** The reference server over a freshly seeded temporary database, serving the production build in dist/. */
export async function startApp(opts: { scale?: number; config?: Partial<ServerConfig> } = {}): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-e2e-'));
  const db = openDatabase(dataDir);
  seed(db, { scale: opts.scale ?? 1 });
  // `E2E_SERVER_LATENCY=MS[:PATH,...]` (npm run test:repeat -- --latency MS[:PATH,...]): every API
  // reply, or those of the paths named (`2500:/api/calendar`), MS ms late.
  const [ms, paths] = (process.env.E2E_SERVER_LATENCY ?? '').split(':');
  const latency = Number(ms || 0);
  const latencyPaths = (paths ?? '').split(',').filter((x) => x.startsWith('/'));
  const slow = latency > 0 && !opts.config?.faults ? { faults: { latencyMs: latency, latencyPaths, failRate: 0, dropSocketRate: 0 } } : {};
  const server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, enableTestApi: true, ...slow, ...opts.config, db,
    clientDir: process.env.E2E_DIST || path.resolve('dist'),
  });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The reference server (`startApp`) for the tests of one file: started before them (a `beforeAll`
 * registered where this is called, so it runs before the file's own) and closed after them. The
 * returned object reads the running server: call it at the top of the file, read it in hooks and tests.
 */
export function appForFile(opts: Parameters<typeof startApp>[0] = {}): Omit<AppServer, 'close'> {
  let running: AppServer | undefined;
  beforeAll(async () => {
    running = await startApp(opts);
  });
  afterAll(async () => {
    await running?.close();
  });
  const get = () => {
    if (!running) throw new Error('the app is not started: read it in a hook or a test');
    return running;
  };
  return {
    get url() { return get().url; },
    get port() { return get().port; },
    get app() { return get().app; },
    get realtime() { return get().realtime; },
    get dataDir() { return get().dataDir; },
    setClockOffset: (ms: number) => get().setClockOffset(ms),
  };
}

export interface Browser {
  context: BrowserContext;
  /** Opens a tab that records console errors and page errors; `errors` must stay empty. */
  newPage(): Promise<Page>;
  errors: string[];
  close(): Promise<void>;
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  /** The browser's language (`navigator.languages`, `Accept-Language`), as a user's browser is set: `ar-EG`. */
  locale?: string;
  /** The test shows notifications (`RECORD_NOTIFICATIONS`): the full browser (the headless shell has no notification centre), and the app's service worker. */
  notifications?: boolean;
  /**
   * The test needs the app's service worker (an offline start or reload, an update, notifications;
   * `waitForServiceWorker`). Without it the browser keeps service workers off, as one that never
   * installed the app: the worker's first install precaches the whole build (some 190 files), about
   * 2 s of CPU per browser, and the suite launches some 150 browsers. `E2E_SERVICE_WORKER=1` turns
   * it on in every browser.
   */
  serviceWorker?: boolean;
  /**
   * The app prepares the role's other screens while idle, as it does for a user
   * (`window.__APP_CONFIG__.prepareScreens`). Off unless asked for: a test opens the screens it
   * checks and leaves, and the preparing cost every page that lived past a second about a seventh
   * of a file's CPU (`classes`, `polish-forms` and `class-reminder`: 195 and 203 s with it, 182 and
   * 162 s without, 1 December; a fresh clone's CI did not show it above the machine's noise: 1758
   * and 1820 s of browser-test CPU, against 1760–1943 s in the three runs before). A first visit
   * then builds its screen on the click, as for a user who clicks within the first second. The
   * tests of the preparing itself, and those that walk every screen (accessibility, the
   * languages), ask for it; `E2E_PREPARE_SCREENS=1` turns it on everywhere.
   */
  prepareScreens?: boolean;
}

/** The contexts launched with the app's service worker (`waitForServiceWorker` checks). */
const withWorker = new WeakSet<BrowserContext>();

/**
 * One headless-shell process for the tests of a file, started on the first `launchBrowser` and
 * closed after them: each test's "browser" is a new context in it, with its own storage (its own
 * IndexedDB, SharedWorker and service worker), as separate as a second browser profile. Launching a
 * process per browser cost about 0.9 s of CPU each (its browser, GPU and network processes), a
 * context in a running one 0.26–0.39 s (the shell's own launch spread over ten); the suite opens some
 * 150 (measured 1 December).
 */
let sharedBrowser: Promise<PwBrowser> | null = null;
function testBrowser(): Promise<PwBrowser> {
  if (!sharedBrowser) {
    const launching = chromium.launch({ executablePath: TEST_CHROMIUM, args: TEST_ARGS });
    sharedBrowser = launching;
    // A browser that crashed is launched again for the next test.
    void launching.then((b) => b.on('disconnected', () => { if (sharedBrowser === launching) sharedBrowser = null; }), () => { if (sharedBrowser === launching) sharedBrowser = null; });
  }
  return sharedBrowser;
}
/** Closes the file's headless shell: after the file's tests (tests/e2e/close-browser.ts, a setup file). */
export async function closeTestBrowser(): Promise<void> {
  const b = sharedBrowser;
  sharedBrowser = null;
  await (await b?.catch(() => null))?.close();
}

/**
 * A browser of its own for one user: its tabs share one SharedWorker, as a real browser's do. A
 * second user needs a second `launchBrowser()`. A context in the file's headless shell
 * (`testBrowser`), or, for a test of notifications, Debian's full chromium with a profile of its own.
 */
export async function launchBrowser(opts: LaunchOptions = {}): Promise<Browser> {
  const executable = opts.notifications ? CHROMIUM : TEST_CHROMIUM;
  if (!fs.existsSync(executable)) throw new Error(`Chromium not found at ${executable}: run apt-get install -y chromium chromium-headless-shell (.ci/run does)`);
  const worker = Boolean(opts.serviceWorker || opts.notifications || process.env.E2E_SERVICE_WORKER);
  const settings = { viewport: opts.viewport ?? { width: 1280, height: 800 }, serviceWorkers: worker ? 'allow' as const : 'block' as const, ...(opts.locale ? { locale: opts.locale } : {}) };
  // The headless shell has no notification centre: what a service worker shows is dropped at once.
  const userDir = opts.notifications ? fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-chromium-')) : null;
  const context = userDir
    ? await chromium.launchPersistentContext(userDir, { executablePath: executable, args: TEST_ARGS, ...settings })
    : await (await testBrowser()).newContext(settings);
  if (worker) withWorker.add(context);
  // Transpiled test code may wrap functions in a `__name` helper the page lacks.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  if (!opts.prepareScreens && !process.env.E2E_PREPARE_SCREENS) {
    // Before the page's own scripts: a test's own `__APP_CONFIG__` (set later) replaces it.
    await context.addInitScript('window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, prepareScreens: false };');
  }
  const errors: string[] = [];
  // `E2E_CPU_THROTTLE=R` (npm run test:repeat -- --cpu R) slows every tab's CPU R×, as on a phone.
  const throttle = Number(process.env.E2E_CPU_THROTTLE ?? 0);
  // A second CDP session on a page undoes Playwright's offline emulation at the next navigation
  // (measured: `navigator.onLine` true after a reload with `setOffline(true)`, false without the
  // session), so a throttled tab's session is told the same network state as the context.
  const throttled = new Set<CDPSession>();
  let offline = false;
  const network = (cdp: CDPSession) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  if (throttle > 1) {
    const setOffline = context.setOffline.bind(context);
    context.setOffline = async (value: boolean) => {
      offline = value;
      await setOffline(value);
      await Promise.all([...throttled].map((cdp) => network(cdp).catch(() => throttled.delete(cdp))));
    };
  }
  const watch = (page: Page) => {
    if (throttle > 1) {
      void context.newCDPSession(page).then(async (cdp) => {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        throttled.add(cdp);
        if (offline) await network(cdp);
        page.once('close', () => throttled.delete(cdp));
      }).catch(() => {});
    }
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() !== 'error') return;
      const text = m.text();
      // A failed load names its resource only in the message's location. What the browser could not
      // load while a test had it offline is the browser's report, not the app's error (the images of
      // the screens prepared at idle, code fetched once the first screen settled: CI failures of
      // sync-errors); how the app takes it shows in the page (a page error fails the test).
      const resource = /^Failed to load resource/.test(text) ? m.location().url : '';
      if (resource && /ERR_INTERNET_DISCONNECTED/.test(text)) return;
      errors.push(`[console] ${text}${resource ? ` (${resource})` : ''}`);
    });
    page.on('pageerror', (e) => errors.push(`[pageerror] ${e.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    errors,
    async newPage() {
      const existing = context.pages().find((p) => p.url() === 'about:blank');
      return existing ?? (await context.newPage());
    },
    async close() {
      await context.close();
      if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `fn` in a fresh browser (`launchBrowser`); when it throws, a full-page screenshot of every
 * tab goes to /tmp/<name>-failure-<time>-tab<i>.png and the error names them, with each tab's
 * address (the failure may be another tab's than the first). Then the test fails on any console or
 * page error, but for those `allowErrors` matches.
 */
export async function withBrowser(
  name: string,
  fn: (b: Browser) => Promise<void>,
  opts: LaunchOptions & { allowErrors?: RegExp } = {},
): Promise<void> {
  const { allowErrors: _allow, ...launch } = opts;
  const b = await launchBrowser(launch);
  try {
    await fn(b).catch(async (e: unknown) => {
      const at = Date.now();
      const pages = b.context.pages();
      const drawing = pages[0] ? await drawsFrames(pages[0]) : 'no tab';
      const shots = await Promise.all(pages.map(async (page, i) => {
        const file = `/tmp/${name}-failure-${at}-tab${i}.png`;
        const shot = await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(() => `screenshot: ${file}`, (err: Error) => `no screenshot: ${err.message.split('\n')[0]}`);
        return `${shot} at ${page.url()}`;
      }));
      // The failure's own stack, so the report points at the assertion that failed, not at this line.
      const failure = new Error(`${(e as Error).message}\n(${shots.join('; ') || 'no screenshot'}; ${drawing})`, { cause: e });
      failure.stack = `${failure.message}\n${((e as Error).stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).join('\n')}`;
      throw failure;
    });
    const allowed = opts.allowErrors;
    expect(allowed ? b.errors.filter((e) => !allowed.test(e)) : b.errors).toEqual([]);
  } finally {
    await b.close();
  }
}

/**
 * Whether a failed test's tab still runs and draws: a CI failure waited 30 s for a still button
 * ("waiting for element to be stable", measured over animation frames) and left no screenshot.
 */
async function drawsFrames(page: Page): Promise<string> {
  const started = Date.now();
  const frame = page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r()))).then(() => `the tab drew a frame in ${Date.now() - started} ms`, (err: Error) => `the tab did not answer: ${err.message.split('\n')[0]}`);
  const timeout = new Promise<string>((r) => setTimeout(() => r('the tab drew no frame in 3 s'), 3000).unref());
  return Promise.race([frame, timeout]);
}

/** `withBrowser` at a viewport, handing `fn` the browser's first tab as well. */
export const withPage = (name: string, viewport: { width: number; height: number }, fn: (b: Browser, page: Page) => Promise<void>) =>
  withBrowser(name, async (b) => fn(b, await b.newPage()), { viewport });

/**
 * Waits until the calendar on screen shows months it has read on this device (not `aria-busy`)
 * other than `previous`, and returns them (`2026-11`, or two joined by a comma in a week across
 * months). Counting a month's classes before that, a month whose classes were still on their way
 * looks free (a CI failure: the calendar read came after the first class was drawn).
 */
export async function calendarRead(page: Page, previous: string | null = null, timeout = 15_000): Promise<string> {
  let shown: string | null = null;
  await expect.poll(async () => {
    shown = await page.locator('[data-months]').evaluateAll((els) => {
      const e = els.find((x) => x.checkVisibility());
      return e && e.getAttribute('aria-busy') === 'false' ? (e as HTMLElement).dataset.months || null : null;
    });
    return shown !== null && shown !== previous;
  }, { timeout }).toBe(true);
  return shown!;
}

/** Closes the "Install the app" banner if it shows (signed in, it moves the page down), in the page's language. */
export async function dismissInstall(page: Page, language: 'en' | 'ar' = 'en'): Promise<void> {
  const shell = language === 'ar' ? arShell : enShell;
  const notNow = page.getByRole('region', { name: shell['shell.installTitle'] }).getByRole('button', { name: shell['shell.notNow'] });
  if (await notNow.isVisible().catch(() => false)) await notNow.click().catch(() => {});
}

/** The toast saying `text` exactly. */
export const toastWith = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true }).first();

/** A toast's close button, by its name in the language on view. */
const toastClose = (language: 'en' | 'ar') => `[role=status] button[aria-label="${(language === 'ar' ? arShell : enShell)['shell.close']}"]`;

/**
 * Closes every toast on the page (at the bottom right they cover buttons): their close buttons are
 * clicked in one go, in the page. Clicked one by one from a list of locators, a toast that had left
 * between the list and its click made that click wait for the test's whole action timeout.
 */
export async function closeToasts(page: Page, language: 'en' | 'ar' = 'en'): Promise<void> {
  await page.evaluate((selector) => document.querySelectorAll<HTMLElement>(selector).forEach((b) => b.click()), toastClose(language));
}

/** Waits for a toast, then closes every toast and waits for them to leave (`closeToasts`). */
export async function toast(page: Page, text: string, timeout = 15_000, language: 'en' | 'ar' = 'en'): Promise<void> {
  await page.getByRole('status').getByText(text, { exact: true }).first().waitFor({ timeout });
  await closeToasts(page, language);
  await page.locator(toastClose(language)).first().waitFor({ state: 'detached', timeout }).catch(() => {});
}

/** A JSON call to the server's API (`path` below /api), as `token`'s user or nobody; a reply that is not 2xx throws. */
export async function callApi<T>(origin: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const r = await fetch(`${origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A user signed in through POST /api/login (`type: 'teacher'` for a teacher): the reply's token and user. */
async function apiLogin(origin: string, email: string, password = 'password', teacher = false) {
  const r = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password, ...(teacher ? { type: 'teacher' } : {}) }),
  });
  if (!r.ok) throw new Error(`signing in ${email}: ${r.status} ${await r.text()}`);
  return (await r.json()) as { token: string; user: { timezone?: string | null } };
}

/** The API token of a user, signed in through POST /api/login. */
export const loginToken = async (origin: string, email: string, password = 'password'): Promise<string> => (await apiLogin(origin, email, password)).token;

/** A seeded user's id. */
export const userIdOf = (app: Pick<AppServer, 'app'>, email: string) => (app.app.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;

/** The approved enrolment of `student` with `teacher` in the course named `course`. */
export const approvedEnrollmentOf = (app: Pick<AppServer, 'app'>, student: string, teacher: string, course: string) =>
  (app.app.db
    .prepare(`SELECT e.id FROM enrollments e JOIN courses c ON c.id = e.course_id
              WHERE e.student_id = ? AND e.teacher_id = ? AND e.status = 'approved' AND c.name = ?`)
    .get(userIdOf(app, student), userIdOf(app, teacher), course) as { id: number }).id;

/**
 * Waits, when called, for the realtime channel's next subscription after this one was made (a
 * socket's own: a tab's reload starts a new engine whose channels are subscribed again).
 */
export function nextSubscription(app: Pick<AppServer, 'realtime'>, channel: string) {
  const count = () => app.realtime.stats().subscriptions[channel] ?? 0;
  const before = count();
  return async (timeout = 15_000) => {
    for (const end = Date.now() + timeout; count() <= before; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() > end) throw new Error(`${channel} was not subscribed again within ${timeout} ms`);
    }
  };
}

/** Reads of a conversation's newest page so far (an older page is its path with a cursor). */
export function newestReadsOf(app: Pick<AppServer, 'app'>, id: number): number {
  let older = 0;
  for (const [k, n] of app.app.requestCounts) if (k.startsWith(`GET /api/conversations/${id}?`)) older += n;
  return (app.app.requestCounts.get(`GET /api/conversations/${id}`) ?? 0) - older;
}

/**
 * A conversation's opening as the server sees it, sampled every 20 ms from the call: when its
 * channel is next subscribed (one browser opens it at a time), and when its newest page is first
 * read (ms from the call). The engine reads it once the channel is subscribed; a channel slower
 * than FIRST_READ_WAIT_MS does not hold it back: it is read at that wait, and again once the
 * channel hears (worker/realtime/realtime-sync.ts). A busy machine gets there: two reads (CI,
 * 1 December), also when the wait ran out just before the channel's answer was handled.
 * `settled()` waits for the subscription and for the reads it implies, then stops sampling.
 */
export function watchOpening(app: Pick<AppServer, 'app' | 'realtime'>, id: number, timeout = 15_000) {
  const t0 = Date.now();
  const reads = newestReadsOf(app, id);
  const subscriptions = () => app.realtime.stats().subscriptions[`private-Conversation.${id}`] ?? 0;
  const others = subscriptions();
  let subscribedAt = Infinity;
  let firstReadAt = Infinity;
  const sample = () => {
    const at = Date.now() - t0;
    if (subscribedAt === Infinity && subscriptions() > others) subscribedAt = at;
    if (firstReadAt === Infinity && newestReadsOf(app, id) > reads) firstReadAt = at;
  };
  const timer = setInterval(sample, 20);
  const until = async (ok: () => boolean, what: string) => {
    for (const end = Date.now() + timeout; !ok(); await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() > end) throw new Error(`conversation ${id}'s opening: ${what} not within ${timeout} ms (subscribed at ${subscribedAt}, first read at ${firstReadAt})`);
    }
  };
  return {
    /** The newest page's reads the opening makes: 2 when it was read before its channel was subscribed; both in one sample, either. */
    async settled(): Promise<{ subscribedAt: number; firstReadAt: number; expected: number[] }> {
      try {
        await until(() => (sample(), subscribedAt < Infinity && firstReadAt < Infinity), 'the subscription and a first read');
        // Read after the subscription: by the channel's answer (once), or by the wait running out
        // just before that answer was handled (then again on it). The wait can have run out only
        // FIRST_READ_WAIT_MS after this call (an opening at CPU ×4 read twice, its first read 20 ms
        // after the server's subscription, 5.98 s from the call, 1 December).
        const waitRanOut = firstReadAt >= FIRST_READ_WAIT_MS;
        const expected = firstReadAt < subscribedAt ? [2] : firstReadAt > subscribedAt && !waitRanOut ? [1] : [1, 2];
        await until(() => newestReadsOf(app, id) - reads >= expected[0]!, `${expected[0]} reads`);
        // The same sample: a second read, if there is one, follows the channel's answer at once.
        if (expected.length > 1) await new Promise((r) => setTimeout(r, 500));
        return { subscribedAt, firstReadAt, expected };
      } finally {
        clearInterval(timer);
      }
    },
  };
}

/**
 * Navigates inside the app, as a menu link does: the router follows the history entry, the page is
 * not reloaded (the engine, its mirror and the kept screens stay as they are). Nothing when the
 * tab is already there.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    if (`${location.pathname}${location.search}${location.hash}` === to) return;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Makes a tab hidden (as when another application is in front) or visible again, and tells the app, as the browser would. */
export async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/**
 * An init script recording every notification a tab shows, before the app runs: through the service
 * worker (as the app shows them; `shown` once the browser took it, `error` if it refused it) and,
 * were one to bypass it, a page `Notification` (`page: true`). Read with `shownCalls`. Tests read
 * these, not the browser's list (`getNotifications()`): at CPU ×4 that list stayed empty for 15 s
 * after `showNotification` had resolved, in about 1 run of 10 (attention.e2e.ts).
 */
export const RECORD_NOTIFICATIONS = `(() => {
  const calls = (globalThis.__shown = []);
  const proto = globalThis.ServiceWorkerRegistration && ServiceWorkerRegistration.prototype;
  if (!proto) return;
  const show = proto.showNotification;
  proto.showNotification = function (title, options) {
    const o = options || {};
    const data = o.data || {};
    const call = { title, tag: o.tag, body: o.body, url: data.url, joinUrl: data.joinUrl, actions: (o.actions || []).map((a) => ({ action: a.action, title: a.title })) };
    calls.push(call);
    const shown = show.call(this, title, options);
    shown.then(() => (call.shown = true), (e) => (call.error = String(e)));
    return shown;
  };
  const Page = globalThis.Notification;
  if (Page) {
    const Wrapped = function (title, options) {
      calls.push({ title, tag: options && options.tag, page: true });
      return new Page(title, options);
    };
    Object.defineProperty(Wrapped, 'permission', { get: () => Page.permission });
    Wrapped.requestPermission = (...a) => Page.requestPermission(...a);
    Wrapped.prototype = Page.prototype;
    globalThis.Notification = Wrapped;
  }
})();`;
export type ShownCall = {
  title: string;
  tag?: string;
  body?: string;
  url?: string;
  joinUrl?: string;
  actions?: { action: string; title: string }[];
  shown?: true;
  error?: string;
  page?: boolean;
};
/** The notifications a tab has shown since it loaded (`RECORD_NOTIFICATIONS`). */
export const shownCalls = (page: Page) => page.evaluate(() => (globalThis as unknown as { __shown: ShownCall[] }).__shown);
/** What the tabs have shown whose tag starts with `prefix` (one browser shows a notice in one of its tabs). */
export const shownWithTag = async (pages: Page[], prefix: string) => (await Promise.all(pages.map(shownCalls))).flat().filter((c) => c.tag?.startsWith(prefix));
/** Waits until the browser took the one notification tagged `prefix` (its `showNotification` resolved), and returns it. */
export async function shownNotification(pages: Page[], prefix: string, timeout = 15_000): Promise<ShownCall> {
  await expect.poll(async () => (await shownWithTag(pages, prefix)).map((c) => c.shown ?? c.error ?? 'pending'), { timeout }).toEqual([true]);
  return (await shownWithTag(pages, prefix))[0]!;
}

/**
 * Signs a user in with the notification permission granted, the tabs recording what they show
 * (`RECORD_NOTIFICATIONS`), and notifications turned on in Settings; returns the tab, on Settings.
 */
export async function signInWithNotifications(b: Browser, origin: string, email: string, timeout = 15_000): Promise<Page> {
  await b.context.addInitScript(RECORD_NOTIFICATIONS);
  await b.context.grantPermissions(['notifications'], { origin });
  const page = await b.newPage();
  await signIn(page, origin, email, { timeout });
  await waitForServiceWorker(page);
  await page.goto(`${origin}/settings`);
  await tick(page.getByRole('checkbox', { name: /^Notify me/ }));
  return page;
}

/**
 * Checks a drawn checkbox or switch by pressing its label, as a user does (its input is visually
 * hidden). Never `check({ force: true })`: a forced click skips Playwright's checks that the target
 * is still and not covered, and a CI run failed with "Clicking the checkbox did not change its
 * state" when the install banner moved the page down during the press. Playwright reads a label's
 * checked state from its control.
 */
export async function tick(box: Locator): Promise<void> {
  await box.locator('xpath=ancestor::label[1]').check();
  await expect.poll(() => box.isChecked()).toBe(true);
}

/**
 * A click on a notification leading to `url` (the service worker brings a tab of the app forward and
 * tells it): exactly one of `pages` is then at `url`, with the dialog of class `classId` open; returns the dialog.
 */
export async function clickOpensClass(b: Browser, pages: Page[], url: string, classId: number, timeout = 15_000) {
  const sw = b.context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
  await sw.evaluate((u) => (self as unknown as { openNotificationTarget: (u: string) => Promise<void> }).openNotificationTarget(u), url);
  const at = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;
  await expect.poll(() => pages.filter((p) => at(p) === url).length, { timeout }).toBe(1);
  const opened = pages.find((p) => at(p) === url)!;
  const details = opened.getByRole('dialog', { name: 'Class Details' });
  await details.getByText(`#${classId}`).waitFor({ timeout });
  return details;
}

/**
 * Waits until the app's service worker controls `page` and its install is over (public/sw.js: the
 * first install precaches the whole build, then takes control), and returns the build version it
 * serves. Call it before a test cuts the network: as for a real user, the app opens offline only
 * after one completed online visit. Cut earlier, the page is not yet controlled, so its own files
 * (lazy images, which the browser requests further ahead once it is offline) hit the network and
 * fail, and the worker's unfinished precache fails too.
 */
export async function waitForServiceWorker(page: Page, timeout = 30_000): Promise<string> {
  if (!withWorker.has(page.context())) throw new Error('this browser keeps service workers off: launch it with { serviceWorker: true }');
  // A controller is a worker whose install (the whole precache) succeeded; activated, its old
  // caches are gone and it has claimed this page.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout, polling: 100 });
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => resolve((e.data as { version: string }).version);
        navigator.serviceWorker.controller!.postMessage({ type: 'GET_VERSION' }, [ch.port2]);
      }),
  );
}

/**
 * Signs a user in and opens the dashboard: through the API, storing the session as the sign-in form
 * would, or with `viaForm` through the sign-in form itself (the teachers' one for a teacher).
 */
export async function signIn(
  page: Page,
  origin: string,
  email: string,
  opts: { teacher?: boolean; password?: string; timeout?: number; viaForm?: boolean } = {},
): Promise<void> {
  const timeout = opts.timeout ?? 15_000;
  if (opts.viaForm) {
    await page.goto(`${origin}${opts.teacher ? '/login/teachers' : '/login'}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(opts.password ?? 'password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/home', { timeout });
    return;
  }
  // The session as the sign-in form leaves it (the token and the user in localStorage), then the
  // dashboard opened as after a reload: the sign-in page's own load is spared.
  const reply = await apiLogin(origin, email, opts.password, opts.teacher);
  const token = reply.token;
  let user = reply.user;
  // A blank page of the app's origin (not the app: the storage is the origin's), with an icon of its
  // own (the full browser asked a document without one for /favicon.ico, which the server has not).
  // Its name ends in `.html`: the app's service worker answers every other address with the app, and
  // the app started there (its hello, after a sign-out, answered "signed out") could clear the
  // session written below before /home read it (outbox-401 at CPU ×4, 1 run in 3).
  const blank = `${origin}/__e2e-session.html`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,"><title>session</title>' }));
  await page.goto(blank);
  await page.unroute(blank);
  // As the form's sign-in does (src/features/auth/sign-in.ts): the browser's timezone is sent when
  // it differs from the account's.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  if (zone !== user.timezone) {
    const updated = await callApi<{ user?: typeof user }>(origin, 'PUT', '/timezone', token, { timezone: zone });
    user = updated.user ?? { ...user, timezone: zone };
  }
  await page.evaluate(([key, value, userKey, userValue]) => {
    localStorage.setItem(key, value);
    localStorage.setItem(userKey, userValue);
  }, [TOKEN_KEY, token, USER_KEY, JSON.stringify(user)] as const);
  await page.goto(`${origin}/home`, { timeout });
}

/**
 * Passes a proxy's WebSocket upgrade (the realtime socket) through to the server on `target`; the
 * socket to the server joins `sockets` (for a proxy to cut) while it is open.
 */
export function passUpgrade(target: number, sockets: Set<net.Socket>, req: http.IncomingMessage, client: Duplex, head: Buffer): void {
  const up = net.connect(target, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headersDistinct).flatMap(([k, vs]) => (vs ?? []).map((v) => `${k}: ${v}`))];
    up.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) up.write(head);
    client.pipe(up);
    up.pipe(client);
  });
  sockets.add(up);
  up.on('close', () => {
    sockets.delete(up);
    client.destroy();
  });
  up.on('error', () => client.destroy());
  client.on('error', () => up.destroy());
  client.on('close', () => up.destroy());
}

/**
 * An HTTP proxy to the server that can cut the API, the realtime socket and uploads ('api', as a
 * lost network drops them while the page stays), or every request ('all': no server at all).
 */
export async function startProxy(target: number) {
  const sockets = new Set<net.Socket>();
  let down: false | 'api' | 'all' = false;
  const cut = (url = '') => down === 'all' || (down === 'api' && (url.startsWith('/api') || url.startsWith('/app/') || url.startsWith('/uploads')));
  const server = http.createServer((req, res) => {
    if (cut(req.url)) return req.socket.destroy();
    const up = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  server.on('upgrade', (req, client, head) => {
    if (cut(req.url)) return client.destroy();
    passUpgrade(target, sockets, req, client, head);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    setDown(mode: false | 'api' | 'all') {
      down = mode;
      if (mode) for (const sock of sockets) sock.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const sock of sockets) sock.destroy();
        server.close(() => r());
      }),
  };
}

/**
 * A proxy to the server: API paths matching `fail` get `status` (500 unless set) without reaching
 * it (only requests of `methods`, when set: a failing write beside working reads), those matching
 * `delay` wait first; the realtime socket passes through.
 */
export async function faultProxy(target: number) {
  const rules = { fail: null as RegExp | null, status: 500, methods: null as string[] | null, delay: null as { match: RegExp; ms: number } | null };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (rules.fail?.test(url) && (!rules.methods || rules.methods.includes(req.method ?? 'GET'))) {
      res.writeHead(rules.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Server Error' }));
      return;
    }
    const forward = () => {
      const up = http.request({ host: '127.0.0.1', port: target, method: req.method, path: url, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    const wait = rules.delay?.match.test(url) ? rules.delay.ms : 0;
    if (wait) setTimeout(forward, wait);
    else forward();
  });
  server.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  // The realtime socket passes through untouched.
  server.on('upgrade', (req, client, head) => passUpgrade(target, sockets, req, client, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    rules,
    close: () =>
      new Promise<void>((r) => {
        for (const sock of sockets) sock.destroy();
        server.close(() => r());
      }),
  };
}

/** The page's `<html dir lang>`: what the language switch sets. */
export const htmlOf = (page: Page) => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

/**
 * A screenshot for a person to look at, only when `SHOTS_DIR` is set: taken once the page's
 * animations are over (a dialog's fade-in), so it shows what the user reads.
 */
export async function shot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** Working Hours: adds a time entry (Additional Time Entry) with its day, from and to. */
export async function addTimeEntry(page: Page, entry: { dayLabel: string; from: string; to: string }) {
  await page.getByRole('button', { name: 'Additional Time Entry' }).click();
  const n = await page.getByRole('group', { name: /^Time entry \d+$/ }).count();
  await page.getByLabel(`Day ${n}`, { exact: true }).selectOption({ label: entry.dayLabel });
  await page.getByLabel(`From ${n}`, { exact: true }).fill(entry.from);
  await page.getByLabel(`To ${n}`, { exact: true }).fill(entry.to);
}
