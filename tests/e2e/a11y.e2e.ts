import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import axeCore from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { dismissInstall, goInApp, launchBrowser, startApp, type AppServer, type Browser, signIn } from './harness.ts';
import { en } from '../../src/lib/i18n/en/index.ts';
import { ar } from '../../src/lib/i18n/ar/index.ts';

/**
 * Issue 17: axe-core over every screen of a guest, a student and a teacher, at the desktop
 * (1280×800) and phone (375×740) sizes, in light and dark mode, and with the main dialogs and
 * menus open. Fails on any critical or serious violation of WCAG 2.0/2.1 A and AA (and 2.2's
 * target size), and on a screen without exactly one <h1> or with a skipped heading level; prints
 * each failure as rule, impact, where (role, size, mode, screen) and the elements' selectors.
 *
 * Then what axe cannot see: a keyboard-only walk (sign in, a class dialog, a calendar event opened
 * and acted on, a message sent, a loan taken), focus moving to the new screen's heading after a
 * navigation and not on a first load, and a carousel that pauses and stops under reduced motion.
 *
 * Budget (about 2 minutes): one browser per role; each screen is opened once per size and mode, by
 * client-side navigation after the first (the screens a signed-in user saw stay mounted, so coming
 * back in the next mode costs little); axe runs in the page (legacy mode) and reports violations
 * only. `A11Y_SHOTS=<dir>` also saves a screenshot of every state, `A11Y_TIMES=1` prints timings.
 */

const STUDENT = 'student@example.com';
const TEACHER = 'teacher@example.com';
const TIMEOUT = 15_000;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
] as const;
type Mode = 'light' | 'dark';
/** The order of the passes: the mode changes once per size. */
const PASSES = [
  [SIZES[0], 'light'],
  [SIZES[0], 'dark'],
  [SIZES[1], 'dark'],
  [SIZES[1], 'light'],
] as const;
const SHOTS = process.env.A11Y_SHOTS;

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await app?.close();
});

interface Finding {
  rule: string;
  impact: string;
  help: string;
  where: string;
  targets: string[];
  summary: string;
}

/** What a screen is: its path, the heading that says it is there, and what to open on it. */
interface Screen {
  name: string;
  path: string;
  /** The screen's <h1> once it is shown. */
  h1: string | RegExp;
  /** Dialogs and menus opened on this screen, each checked on its own and closed again. */
  overlays?: Overlay[];
  /** Brings the screen to the state checked (a conversation opened, a form submitted empty). */
  prepare?: (page: Page) => Promise<void>;
}

interface Overlay {
  name: string;
  open(page: Page): Promise<Locator>;
  close(page: Page, overlay: Locator): Promise<void>;
}

const byEscape = async (page: Page, overlay: Locator) => {
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'hidden', timeout: TIMEOUT });
};

const dialog = (name: string, opener: (page: Page) => Locator, title?: string): Overlay => ({
  name,
  async open(page) {
    await opener(page).first().click({ timeout: TIMEOUT });
    const d = title ? page.getByRole('dialog', { name: title }) : page.getByRole('dialog').filter({ visible: true }).first();
    await d.waitFor({ timeout: TIMEOUT });
    return d;
  },
  close: byEscape,
});

const menu = (name: string, trigger: (page: Page) => Locator): Overlay => ({
  name,
  async open(page) {
    await trigger(page).click({ timeout: TIMEOUT });
    const m = page.getByRole('menu').filter({ visible: true }).first();
    await m.waitFor({ timeout: TIMEOUT });
    return m;
  },
  close: byEscape,
});

/** The shell's menus: on every screen, so checked on the dashboard only. */
const shellOverlays = (phone: boolean): Overlay[] => [
  menu('notifications menu', (page) => page.getByRole('button', { name: /^Notifications/ })),
  menu('user menu', (page) => page.getByRole('button', { name: /^Account menu for / })),
  ...(phone ? [dialog('menu drawer', (page) => page.getByRole('button', { name: 'Open menu' }))] : []),
];

const one = <T,>(sql: string, ...args: unknown[]) => app.app.db.prepare(sql).get(...args) as T;
const idOf = (email: string) => one<{ id: number }>('SELECT id FROM users WHERE email = ?', email).id;

function studentScreens(phone: boolean): Screen[] {
  const me = idOf(STUDENT);
  const teacher = one<{ id: number }>('SELECT teacher_id AS id FROM enrollments WHERE student_id = ? AND teacher_id IS NOT NULL ORDER BY id LIMIT 1', me).id;
  const enrolled = one<{ id: number; name: string }>(
    'SELECT c.id, c.name FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE e.student_id = ? ORDER BY e.id LIMIT 1', me,
  );
  const fresh = one<{ id: number; name: string }>(
    `SELECT id, name FROM courses WHERE status = 'active' AND id NOT IN (SELECT course_id FROM enrollments WHERE student_id = ?) ORDER BY id LIMIT 1`, me,
  );
  const conversation = openConversationOf(STUDENT);
  return [
    {
      name: 'dashboard', path: '/home', h1: 'Dashboard',
      overlays: [dialog('class dialog', (page) => page.getByRole('main').getByRole('button', { name: 'Class Details' }), 'Class Details'), ...shellOverlays(phone)],
    },
    { name: 'courses', path: '/courses', h1: 'Courses' },
    { name: 'course (enrolled)', path: `/courses/${enrolled.id}`, h1: enrolled.name },
    {
      name: 'enrolment form (errors shown)', path: `/courses/${fresh.id}`, h1: fresh.name,
      async prepare(page) {
        const enrol = page.getByRole('button', { name: 'Enroll Now' });
        const invalid = page.locator('main [aria-invalid=true]').first();
        // Kept from the last pass, the form still shows its errors.
        if (!(await invalid.isVisible())) await enrol.click({ timeout: TIMEOUT });
        await invalid.waitFor({ timeout: TIMEOUT });
      },
    },
    { name: 'inbox', path: '/inbox', h1: 'Inbox' },
    {
      name: 'conversation', path: `/inbox?c=${conversation}`, h1: 'Inbox',
      prepare: (page) => page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: TIMEOUT }),
    },
    { name: 'calendar', path: '/calendar', h1: 'Calendar' },
    { name: 'class reports', path: '/class-reports', h1: 'Class Reports' },
    { name: 'my courses', path: '/my-courses', h1: 'My Courses' },
    {
      name: 'wallet', path: '/wallet', h1: 'Account Wallet',
      overlays: [dialog('borrow', (page) => page.getByRole('button', { name: 'Borrow', exact: true }), 'Borrow Balance')],
    },
    { name: 'referral', path: '/referral', h1: 'Refer A Friend' },
    { name: 'settings', path: '/settings', h1: 'Settings' },
    {
      name: 'my children', path: '/childs', h1: 'My Children',
      overlays: [dialog('transfer', (page) => page.getByRole('button', { name: /^Transfer to / }), 'Transfer Credits')],
    },
    { name: 'transactions', path: '/transactions-history', h1: 'Transactions History' },
    { name: 'help', path: '/help', h1: 'Contact Us' },
    { name: 'own profile', path: `/profile/${me}`, h1: /./ },
    { name: 'teacher profile', path: `/profile/${teacher}`, h1: /./ },
    { name: 'not found', path: '/no-such-page', h1: 'Page not found' },
  ];
}

function teacherScreens(phone: boolean): Screen[] {
  const me = idOf(TEACHER);
  return [
    {
      name: 'dashboard', path: '/home', h1: 'Dashboard',
      overlays: [dialog('class dialog', (page) => page.getByRole('main').getByRole('button', { name: 'Class Details' }), 'Class Details'), ...shellOverlays(phone)],
    },
    { name: 'inbox', path: '/inbox', h1: 'Inbox' },
    { name: 'calendar', path: '/calendar', h1: 'Calendar' },
    { name: 'coming classes', path: '/classes/coming', h1: 'Coming Classes' },
    { name: 'class reports', path: '/class-reports', h1: 'Class Reports' },
    {
      name: 'classes history', path: '/classes/history', h1: 'Classes History',
      overlays: [dialog('class dialog (past)', (page) => page.getByRole('main').getByRole('button', { name: 'Class Details' }), 'Class Details')],
    },
    { name: 'working hours', path: '/my-schedule', h1: 'Working Hours' },
    { name: 'settings', path: '/settings', h1: 'Settings' },
    { name: 'salary report', path: '/salary-report', h1: 'Salary Report' },
    { name: 'previous salary', path: '/previous-salary', h1: 'Previous Salary Report' },
    { name: 'help', path: '/help', h1: 'Contact Us' },
    { name: 'own profile', path: `/profile/${me}`, h1: /./ },
  ];
}

function guestScreens(): Screen[] {
  return [
    { name: 'sign in', path: '/login', h1: 'Sign In' },
    {
      name: 'sign in (errors shown)', path: '/login', h1: 'Sign In',
      async prepare(page) {
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByRole('main').getByText(/required/i).first().waitFor({ timeout: TIMEOUT });
      },
    },
    { name: 'teachers sign in', path: '/login/teachers', h1: 'Teachers Sign In' },
    { name: 'sign up', path: '/register', h1: 'Sign Up' },
    { name: 'reset password', path: '/reset-password', h1: 'Reset Password' },
    { name: 'help', path: '/help', h1: 'Contact Us' },
    { name: 'class reports', path: '/class-reports', h1: 'Class Reports' },
    { name: 'not found', path: '/no-such-page', h1: 'Page not found' },
  ];
}

const openConversationOf = (email: string) =>
  one<{ id: number }>(`SELECT c.id FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id
    JOIN users u ON u.id = m.user_id WHERE u.email = ? AND c.closed = 0 ORDER BY c.id LIMIT 1`, email).id;

/** Sets the app's colour mode through its own toggle (stored like the user's choice). */
async function setMode(page: Page, mode: Mode) {
  const now = await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  if (now === mode) return;
  // The toggle is in the navbar (hidden on a signed-in phone, where it is in Settings): click it
  // through the DOM.
  // In Arabic it is named in Arabic.
  const toggle = ['button[aria-label^="Switch to"]', ...[ar['shell.lightMode'], ar['shell.darkMode']].map((n) => `button[aria-label="${n}"]`)].join(', ');
  await page.evaluate((sel) => document.querySelector<HTMLButtonElement>(sel)!.click(), toggle);
  await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode);
}

/** The screen shown: its <h1> is there and its data is no longer loading. False: no such <h1> came. */
async function settle(page: Page, screen: Screen): Promise<boolean> {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1, name: screen.h1 }).filter({ visible: true }).first();
  const shown = await h1.waitFor({ timeout: TIMEOUT }).then(() => true, () => false);
  await quiet(page);
  return shown;
}

/**
 * Nothing loading and no animation under way (a dialog's entrance, a fade; endless ones, a spinner,
 * are not waited for), for three checks in a row: a screen shown again refreshes its data, and a
 * reply landing just after a single quiet check starts a transition (a button fading from disabled
 * to enabled) that axe would measure half-way.
 */
async function quiet(page: Page) {
  await page
    .waitForFunction(
      () => {
        const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
        const loading = [...document.querySelectorAll('main [role=status][aria-label=Loading], main .chakra-skeleton, main [data-scope=skeleton]')].some(visible);
        const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        const w = window as unknown as { __quietChecks?: number };
        w.__quietChecks = !loading && !moving ? (w.__quietChecks ?? 0) + 1 : 0;
        return w.__quietChecks >= 3;
      },
      null,
      { timeout: 5000, polling: 100 },
    )
    .catch(() => {});
  await page.evaluate(() => void ((window as unknown as { __quietChecks?: number }).__quietChecks = 0));
}

/** The "Install the app" banner is on the page (dismissInstall closes it). */
const installBannerShown = (page: Page) =>
  page.getByRole('region', { name: en['shell.installTitle'] }).isVisible().catch(() => false);

/** The screen's headings: exactly one <h1>, and no level skipped on the way down. */
async function headingFindings(page: Page, where: string): Promise<Finding[]> {
  const headings = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')]
      .filter((e) => (e as HTMLElement).offsetParent !== null && !e.closest('[aria-hidden=true], [inert], [role=dialog], [role=menu]'))
      .map((e) => ({ level: Number(e.getAttribute('aria-level') ?? e.tagName.slice(1)), text: (e.textContent ?? '').trim().slice(0, 40) })),
  );
  const out: Finding[] = [];
  const h1s = headings.filter((h) => h.level === 1);
  if (h1s.length !== 1) {
    out.push({ rule: 'one-h1', impact: 'serious', help: 'Each screen has exactly one <h1>', where, targets: h1s.map((h) => h.text), summary: `${h1s.length} <h1> on the screen` });
  }
  let prev = 0;
  for (const h of headings) {
    if (h.level > prev + 1) {
      out.push({ rule: 'heading-order', impact: 'serious', help: 'Heading levels go down one at a time', where, targets: [h.text], summary: `h${h.level} after h${prev}` });
    }
    prev = h.level;
  }
  return out;
}

async function axe(page: Page, where: string, include?: string): Promise<Finding[]> {
  // No hover left over from the last click (a hovered button is another colour).
  await page.mouse.move(0, 0);
  // axe-core's source (570 KB) is evaluated once per page load: the builder would evaluate it twice
  // on every run (about 150 ms in all); given a no-op source, it uses the axe already in the page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  // Violations only (options() first: it replaces what withTags() set). Legacy mode runs axe in the
  // page itself: the app has no iframes, and the default mode finishes each run in a new blank
  // tab, which makes a run 3 to 4 times slower (0.7 s instead of 0.2 s).
  // The screens kept hidden (React's <Activity>: display: none on each screen's root, a child of
  // <main>) are left out: each is checked on its own pass, shown; walked in every run they made
  // axe's tree several screens deep.
  let builder = new AxeBuilder({ page, axeSource: ';' })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode()
    .exclude('main > [style*="display: none"]');
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      where,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ').replace(/\s+/g, ' ') ?? '',
    }));
}

async function shot(page: Page, where: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${where.replace(/[^a-z0-9]+/gi, '-')}.png` });
}

/** Every screen of a role in every size and mode, overlays included (in Arabic: the Arabic passes, see below). */
type Role = 'guest' | 'student' | 'teacher';
type Pass = (typeof PASSES)[number];

/** One browser per role (and language), signed in once; its passes are tests of their own. */
interface AuditSession {
  role: Role;
  arabic: boolean;
  b: Browser;
  page: Page;
}

async function openSession(role: Role, arabic = false): Promise<AuditSession> {
  const b: Browser = await launchBrowser({ viewport: SIZES[0][1], prepareScreens: true });
  const page = await b.newPage();
  try {
    if (role === 'guest') await page.goto(`${app.url}/login`);
    else await signIn(page, app.url, role === 'student' ? STUDENT : TEACHER, { teacher: role === 'teacher', timeout: TIMEOUT });
    if (arabic) await switchToArabic(page);
  } catch (e) {
    await b.close();
    throw e;
  }
  return { role, arabic, b, page };
}

/** One pass (a size and a colour mode) over every screen of the session's role: the findings. */
async function auditPass({ role, arabic, b, page }: AuditSession, [[size, viewport], mode]: Pass): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.setViewportSize(viewport);
  await setMode(page, mode);
  const phone = size === 'phone';
  const all = role === 'guest' ? guestScreens() : role === 'student' ? studentScreens(phone) : teacherScreens(phone);
  const screens = arabic ? all.map(inArabic) : all;
  for (const screen of screens) {
    const where = `${arabic ? 'ar · ' : ''}${role} · ${size} · ${mode} · ${screen.name}`;
    const t0 = Date.now();
    try {
      await goInApp(page, screen.path);
      const shown = await settle(page, screen);
      const banner = await installBannerShown(page);
      await dismissInstall(page);
      await screen.prepare?.(page);
      // Settled again only when something changed the screen since (it was quiet when settled).
      if (shown && (screen.prepare || banner)) await settle(page, screen);
      else if (!shown) findings.push({ rule: 'screen-h1', impact: 'serious', help: 'The screen says what it is in an <h1>', where, targets: [String(screen.h1)], summary: 'no such <h1>' });
      const ta = Date.now();
      findings.push(...(await axe(page, where)), ...(await headingFindings(page, where)));
      if (arabic) findings.push(...(await directionFindings(page, where)));
      if (process.env.A11Y_TIMES) console.log(`${where}: shown in ${ta - t0} ms, axe ${Date.now() - ta} ms`);
      await shot(page, where);
      for (const overlay of screen.overlays ?? []) {
        const at = `${where} · ${overlay.name}`;
        const el = await overlay.open(page);
        await quiet(page);
        findings.push(...(await axe(page, at, (await el.getAttribute('role')) === 'menu' ? '[role=menu]' : '[role=dialog]')));
        await shot(page, at);
        await overlay.close(page, el);
      }
    } catch (e) {
      const file = `/tmp/a11y-e2e-failure-${Date.now()}.png`;
      await page.screenshot({ path: file }).catch(() => {});
      throw new Error(`${where}: ${(e as Error).message}\n(screenshot: ${file})`, { cause: e });
    }
  }
  expect(b.errors).toEqual([]);
  return findings;
}

// --- The Arabic pass (issue 20) ---------------------------------------------------------------

/** Arabic costs about a minute more: desktop light and phone dark, the two ends of the four passes. */
const ARABIC_PASSES = [PASSES[0], PASSES[2]] as const;

type Id = keyof typeof en;
/** The Arabic of an English text of the catalogue (a route's title first), or null when it has none. */
function arabicOf(english: string): string | null {
  const ids = (Object.keys(en) as Id[]).filter((id) => en[id] === english);
  const id = ids.find((i) => i.startsWith('route.')) ?? ids.find((i) => i.startsWith('menu.')) ?? ids[0];
  return id ? (ar[id] as string) : null;
}
const arText = (id: Id) => ar[id] as string;

/**
 * A screen as an Arabic reader meets it: its <h1> in Arabic (a name from the server, a course's,
 * stays as it is), and the class dialog and the notifications menu opened by their Arabic names.
 */
function inArabic(screen: Screen): Screen {
  const h1 = typeof screen.h1 === 'string' ? (arabicOf(screen.h1) ?? screen.h1) : screen.h1;
  const overlays = (screen.overlays ?? []).flatMap((o): Overlay[] => {
    if (o.name.startsWith('class dialog')) {
      const details = arText('classes.titleDetails');
      return [dialog(o.name, (page) => page.getByRole('main').getByRole('button', { name: details }), details)];
    }
    if (o.name === 'notifications menu') {
      return [menu(o.name, (page) => page.getByRole('button', { name: new RegExp(`^${arText('notifications.title')}`) }))];
    }
    return [];
  });
  return { ...screen, h1, overlays, prepare: screen.prepare && (ARABIC_PREPARE[screen.name] ?? screen.prepare) };
}

/** The screens brought to a state by a control's English name: the same, by its Arabic name. */
const ARABIC_PREPARE: Record<string, (page: Page) => Promise<void>> = {
  async 'enrolment form (errors shown)'(page) {
    const invalid = page.locator('main [aria-invalid=true]').first();
    if (!(await invalid.isVisible())) await page.getByRole('button', { name: arText('courses.enrollNow') }).click({ timeout: TIMEOUT });
    await invalid.waitFor({ timeout: TIMEOUT });
  },
  conversation: (page) => page.getByRole('textbox', { name: arText('inbox.message') }).waitFor({ timeout: TIMEOUT }),
};

/** Switches to Arabic as a user does, in Settings (the language is remembered on the device). */
async function switchToArabic(page: Page) {
  await goInApp(page, '/settings');
  await page.getByLabel('Language').selectOption('ar', { timeout: TIMEOUT });
  await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar', null, { timeout: TIMEOUT });
}

/** The page reads right to left: `<html dir="rtl" lang="ar">`. */
async function directionFindings(page: Page, where: string): Promise<Finding[]> {
  const html = await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
  return html.dir === 'rtl' && html.lang === 'ar'
    ? []
    : [{ rule: 'html-dir-rtl', impact: 'serious', help: 'In Arabic, <html dir="rtl" lang="ar">', where, targets: ['html'], summary: `dir="${html.dir}" lang="${html.lang}"` }];
}

/** One line per rule and element, with every state it was seen in. */
function report(findings: Finding[]): string {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const lines: string[] = [];
  for (const [rule, fs] of byRule) {
    lines.push(`\n[${fs[0]!.impact}] ${rule}: ${fs[0]!.help} (${fs.reduce((n, f) => n + f.targets.length, 0)} elements in ${fs.length} states)`);
    const byTarget = new Map<string, { where: string[]; summary: string }>();
    for (const f of fs) {
      for (const t of f.targets.length ? f.targets : ['(screen)']) {
        const e = byTarget.get(t) ?? { where: [], summary: f.summary };
        e.where.push(f.where);
        byTarget.set(t, e);
      }
    }
    for (const [target, { where, summary }] of byTarget) {
      lines.push(`  ${target}\n    ${summary}\n    in ${where.length} state(s): ${where.slice(0, 4).join('; ')}${where.length > 4 ? '; …' : ''}`);
    }
  }
  return lines.join('\n');
}

/** Describes the focused element: its tag and accessible name (label, or text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return 'body';
    return `${e.tagName.toLowerCase()} ${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 60)}`;
  });

/** Presses Tab (Shift+Tab with `back`) until one of the elements `target` matches has focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluateAll((els) => els.some((el) => el === document.activeElement))) return;
  }
  throw new Error(`${String(target)} not reached with ${back ? 'Shift+Tab' : 'Tab'} (focus on ${await focused(page)})`);
}

describe('accessibility (axe)', () => {
  // Every screen of each role, in four passes (desktop light and dark, phone dark and light), and in
  // Arabic for a student and a teacher (desktop light, phone dark), with the class dialog and the
  // notifications menu open: no critical or serious violation, and Arabic reads right to left. One
  // test per pass, so that a slow machine spreads the minutes over tests of their own.
  const groups: [Role, boolean, readonly Pass[]][] = [
    ['guest', false, PASSES],
    ['student', false, PASSES],
    ['teacher', false, PASSES],
    ['student', true, ARABIC_PASSES],
    ['teacher', true, ARABIC_PASSES],
  ];
  for (const [role, arabic, passes] of groups) {
    describe(`${arabic ? 'in Arabic (right to left), ' : ''}every screen of a ${role}`, () => {
      let session: AuditSession | undefined;
      beforeAll(async () => {
        session = await openSession(role, arabic);
      });
      afterAll(async () => {
        await session?.b.close();
      });
      for (const pass of passes) {
        const [[size], mode] = pass;
        it(`${size} ${mode}: no critical or serious violation`, async () => {
          const t0 = Date.now();
          const findings = await auditPass(session!, pass);
          console.log(`a11y ${arabic ? 'ar ' : ''}${role} ${size} ${mode}: ${findings.length} findings in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
          if (findings.length) console.log(report(findings));
          expect(findings.length, report(findings)).toBe(0);
        });
      }
    });
  }

  it('a keyboard-only walk: sign in, the dashboard, a class dialog, the calendar, the inbox, the wallet', async () => {
    const student = one<{ id: number; timezone: string }>('SELECT id, timezone FROM users WHERE email = ?', STUDENT);
    const conversation = one<{ id: number; title: string }>('SELECT id, title FROM conversations WHERE id = ?', openConversationOf(STUDENT));
    const b = await launchBrowser({ prepareScreens: true });
    const page = await b.newPage();
    const key = (k: string) => page.keyboard.press(k);
    const heading = (name: string) => expect.poll(() => focused(page), { timeout: TIMEOUT }).toBe(`h1 ${name}`);
    const menuLink = (name: string | RegExp) => page.locator('aside').getByRole('link', { name });
    try {
      // Sign in with the keyboard; the dashboard's heading takes focus.
      await page.goto(`${app.url}/login`);
      await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor({ timeout: TIMEOUT });
      await tabTo(page, page.getByLabel('Email'));
      await page.keyboard.type(STUDENT);
      await tabTo(page, page.getByLabel('Password', { exact: true }));
      await page.keyboard.type('password');
      await key('Enter');
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      await heading('Dashboard');

      // The upcoming class's dialog: focus moves in, Escape closes it and focus goes back to its button.
      await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Class Details' }));
      await key('Enter');
      const details = page.getByRole('dialog', { name: 'Class Details' });
      await details.waitFor({ timeout: TIMEOUT });
      await expect.poll(() => details.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await key('Escape');
      await details.waitFor({ state: 'hidden', timeout: TIMEOUT });
      await expect.poll(() => focused(page)).toBe('button Class Details');

      // The calendar: a class ahead this month, reached with Tab and opened with Enter; cancelled
      // from its dialog (a reason typed, Confirm Cancel), then the dialog closed: focus is back on it.
      const startOfMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).getTime();
      const klass = one<{ id: number; start_at: number } | undefined>(
        `SELECT k.id, k.start_at FROM classes k JOIN enrollments e ON e.id = k.enrollment_id WHERE e.student_id = ? AND k.canceled = 0
          AND k.start_at > ? AND k.start_at < ? ORDER BY k.start_at LIMIT 1`,
        student.id, Date.now() + 3 * 3_600_000, startOfMonth + 62 * 86_400_000,
      );
      expect(klass, 'a class ahead').toBeDefined();
      const at = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-CA', { timeZone: student.timezone, ...o }).format(klass!.start_at);
      const day = at({ year: 'numeric', month: '2-digit', day: '2-digit' });
      const time = new Intl.DateTimeFormat('en-US', { timeZone: student.timezone, hour: 'numeric', minute: '2-digit' })
        .format(klass!.start_at).replace(' AM', 'am').replace(' PM', 'pm');
      await tabTo(page, menuLink('Calendar'), { back: true });
      await key('Enter');
      await heading('Calendar');
      if (day.slice(0, 7) !== new Intl.DateTimeFormat('en-CA', { timeZone: student.timezone, year: 'numeric', month: '2-digit' }).format(Date.now())) {
        await tabTo(page, page.getByRole('button', { name: 'Next' }));
        await key('Enter');
      }
      const event = page.locator(`.tutoring-calendar [data-date="${day}"] [role=button]`).filter({ hasText: time });
      await event.first().waitFor({ timeout: TIMEOUT });
      await tabTo(page, event, { max: 200 });
      await key('Enter');
      await details.getByText(`#${klass!.id}`).waitFor({ timeout: TIMEOUT });
      await tabTo(page, details.getByRole('button', { name: 'Cancel Class' }));
      await key('Enter');
      const cancel = page.getByRole('dialog', { name: 'Cancel Class' });
      await tabTo(page, cancel.getByLabel('Reason (optional)'));
      await page.keyboard.type('Travelling that week.');
      await tabTo(page, cancel.getByRole('button', { name: 'Confirm Cancel' }));
      await key('Enter');
      await expect.poll(() => one<{ canceled: number }>('SELECT canceled FROM classes WHERE id = ?', klass!.id).canceled, { timeout: TIMEOUT }).toBe(1);
      await details.waitFor({ timeout: TIMEOUT });
      await expect.poll(() => details.evaluate((d) => d.contains(document.activeElement)), { timeout: TIMEOUT }).toBe(true);
      await key('Escape');
      await details.waitFor({ state: 'hidden', timeout: TIMEOUT });
      await expect.poll(() => focused(page)).toMatch(new RegExp(`^div ${time}`));

      // The inbox: a conversation opened and a message sent, all from the keyboard.
      await tabTo(page, menuLink(/^Inbox/), { back: true, max: 200 });
      await key('Enter');
      await heading('Inbox');
      await tabTo(page, page.getByTestId('conversation-item').and(page.getByRole('button', { name: conversation.title })), { max: 200 });
      await key('Enter');
      await page.waitForURL(`**/inbox?c=${conversation.id}`, { timeout: TIMEOUT });
      await tabTo(page, page.getByRole('textbox', { name: 'Message' }));
      const text = `Sent with the keyboard ${Date.now()}`;
      await page.keyboard.type(text);
      await key('Enter');
      // In the conversation's messages (the conversation's preview in the list shows it too).
      await page.getByRole('log', { name: 'Messages' }).getByText(text, { exact: true }).waitFor({ timeout: TIMEOUT });

      // The wallet: borrow 5 from its dialog; focus returns to the Borrow button.
      await tabTo(page, menuLink('Account Wallet'), { back: true, max: 200 });
      await key('Enter');
      await heading('Account Wallet');
      await tabTo(page, page.getByRole('button', { name: 'Borrow', exact: true }));
      await key('Enter');
      const borrow = page.getByRole('dialog', { name: 'Borrow Balance' });
      await borrow.waitFor({ timeout: TIMEOUT });
      await expect.poll(() => focused(page)).toMatch(/^input/);
      await page.keyboard.type('5');
      await key('Enter');
      await borrow.waitFor({ state: 'detached', timeout: TIMEOUT });
      await expect.poll(() => focused(page)).toBe('button Borrow');
      await page.getByTestId('wallet-loan').getByText('$5.00').waitFor({ timeout: TIMEOUT });
      expect(b.errors).toEqual([]);
    } catch (e) {
      const file = `/tmp/a11y-e2e-failure-${Date.now()}.png`;
      await page.screenshot({ path: file }).catch(() => {});
      throw new Error(`${(e as Error).message}\n(focus on ${await focused(page).catch(() => '?')}; screenshot: ${file})`, { cause: e });
    } finally {
      await b.close();
    }
  }, 90_000);

  it('the carousel pauses (button, pointer, focus, reduced motion); navigation moves focus to the new heading, the first load does not', async () => {
    const b = await launchBrowser({ prepareScreens: true });
    const page = await b.newPage();
    try {
      await signIn(page, app.url, STUDENT, { timeout: TIMEOUT });
      const carousel = page.getByRole('region', { name: 'Announcements' });
      const group = carousel.locator('[data-part=item-group]');
      // (The pointer is left where the Sign In button was.)
      await page.mouse.move(0, 0);
      // The slides turn (aria-live off while they do) until the pointer rests on them or focus is in them.
      await expect.poll(() => group.getAttribute('aria-live'), { timeout: TIMEOUT }).toBe('off');
      const slides = await carousel.locator('[aria-roledescription=slide]').count();
      expect(slides).toBeGreaterThan(1);
      expect(await carousel.locator('[aria-roledescription=slide][inert]').count()).toBe(slides - 1);
      await carousel.hover();
      await expect.poll(() => group.getAttribute('aria-live')).toBe('polite');
      await page.mouse.move(0, 0);
      await expect.poll(() => group.getAttribute('aria-live')).toBe('off');
      const pause = carousel.getByRole('button', { name: 'Pause slides' });
      await pause.focus();
      await expect.poll(() => group.getAttribute('aria-live')).toBe('polite');
      await page.keyboard.press('Enter');
      await carousel.getByRole('button', { name: 'Play slides' }).waitFor();
      await page.locator('aside').getByRole('link', { name: 'Settings' }).click();
      // Navigation: focus on the new screen's heading.
      await expect.poll(() => focused(page), { timeout: TIMEOUT }).toBe('h1 Settings');
      await page.locator('aside').getByRole('link', { name: 'Dashboard' }).click();
      await expect.poll(() => focused(page), { timeout: TIMEOUT }).toBe('h1 Dashboard');
      expect(await group.getAttribute('aria-live'), 'paused by the button, for good').toBe('polite');

      // A first load leaves focus alone.
      await page.goto(`${app.url}/wallet`);
      await page.getByRole('heading', { name: 'Account Wallet', level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(300);
      expect(await focused(page)).toBe('body');

      // Reduced motion: the slides do not turn, and no animation plays (a spinner excepted).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${app.url}/home`);
      await carousel.getByRole('button', { name: 'Play slides' }).waitFor({ timeout: TIMEOUT });
      expect(await group.getAttribute('aria-live')).toBe('polite');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('menu').first().waitFor({ timeout: TIMEOUT });
      const longest = await page.evaluate(() =>
        Math.max(0, ...document.getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => Number(a.effect?.getComputedTiming().duration) || 0)),
      );
      expect(longest).toBeLessThanOrEqual(1);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  }, 60_000);
});
