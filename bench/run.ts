/**
 * `npm run bench [-- --quick] [-- --scale N]`: the production build against the reference server
 * (seeded at the largest scale unless --quick) in headless Chromium. Prints one table and writes
 * JSON under bench/results/. Figures, not pass/fail: `npm test` runs `--quick --smoke` only to
 * check that it completes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from '../server/index.ts';
import { openDatabase } from '../server/db/index.ts';
import { seed } from '../server/seed/index.ts';
import { armWaitForText, jsGzipBytes, launch, printTable, sleep, stats, type Row } from './lib.ts';
import { COUNT_EVENTS, STUDENT_SCREENS } from './screens.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const smoke = args.includes('--smoke');
const scaleArg = args.indexOf('--scale');
const SCALE = scaleArg >= 0 ? Number(args[scaleArg + 1]) : quick ? 2 : 20;
const repsArg = args.indexOf('--reps');
const REPS = repsArg >= 0 ? Number(args[repsArg + 1]) : quick ? 3 : 20;
/** `--only navigation` (or any section's name, or a part of it): run just that section. */
const onlyArg = args.indexOf('--only');
const ONLY = onlyArg >= 0 ? args[onlyArg + 1]! : null;
const COLD_RUNS = quick ? 1 : 3;
const ECONOMY_MS = quick ? 12_000 : 60_000;
const root = process.cwd();
const builtDist = path.join(root, 'dist');
/** A private copy of the build, so a `vite build` running meanwhile cannot pull it from under the server. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-bench-dist-'));
const rows: Row[] = [];
const now = () => performance.timeOrigin + performance.now();
const log = (s: string) => console.log(`[bench] ${s}`);

function ensureBuild() {
  if (!(process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(builtDist, 'index.html')))) {
    log('building the client (vite build)');
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  fs.cpSync(builtDist, dist, { recursive: true });
}

async function apiLogin(base: string, email: string) {
  const r = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'password' }),
  });
  return (await r.json()) as { token: string; user: { id: number } };
}

/** A page already signed in (session put where the app keeps it), opened at `pathname`. */
async function signedInPage(b: Awaited<ReturnType<typeof launch>>, base: string, email: string, pathname = '/home') {
  const { token, user } = await apiLogin(base, email);
  await b.context.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem('tutoring.token')) {
        localStorage.setItem('tutoring.token', t as string);
        localStorage.setItem('tutoring.user', u as string);
      }
    },
    [token, JSON.stringify(user)],
  );
  const page = b.context.pages()[0] ?? (await b.context.newPage());
  await page.goto(`${base}${pathname}`);
  return { page, token, user };
}

async function waitReady(page: Page, ready: string, timeoutMs = 30_000): Promise<number> {
  return page.evaluate(
    ({ ready, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        // eslint-disable-next-line no-new-func
        const pred = new Function(`return (${ready})`)() as (m: HTMLElement) => boolean;
        const ok = () => {
          const m = document.querySelector('main');
          return !!m && pred(m as HTMLElement);
        };
        if (ok()) return resolve(performance.now());
        const mo = new MutationObserver(() => {
          if (ok()) {
            mo.disconnect();
            resolve(performance.now());
          }
        });
        mo.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
        setTimeout(() => {
          mo.disconnect();
          reject(new Error(`not ready: ${ready}`));
        }, timeoutMs);
      }),
    { ready, timeoutMs },
  );
}

/**
 * Clicks a side-menu entry and times (in the page) until the screen shows its data. With
 * `fetches`, models the network-bound way of the original product, which shows a screen only
 * after its requests return: the requests are made first (as the screen's mount would) and the
 * result is their time plus the render time.
 */
async function navigate(page: Page, label: string, ready: string, fetches: string[] = []): Promise<number> {
  return page.evaluate(
    async ({ label, ready, fetches }) => {
      const pred = new Function(`return (${ready})`)() as (m: HTMLElement) => boolean;
      const links = [...document.querySelectorAll<HTMLAnchorElement>('aside a, nav a')];
      const link = links.find((a) => a.textContent?.trim().startsWith(label));
      if (!link) throw new Error(`no menu link ${label}`);
      const token = localStorage.getItem('tutoring.token');
      const f0 = performance.now();
      await Promise.all(
        fetches.map((f) =>
          fetch(`/api${f}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }).then((r) => r.json()),
        ),
      );
      const fetchMs = performance.now() - f0;
      const t0 = performance.now();
      link.click();
      await new Promise<void>((resolve, reject) => {
        const ok = () => {
          const m = document.querySelector('main');
          return !!m && pred(m as HTMLElement);
        };
        if (ok()) return resolve();
        const mo = new MutationObserver(() => {
          if (ok()) {
            mo.disconnect();
            resolve();
          }
        });
        mo.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
        setTimeout(() => reject(new Error(`${label}: data not shown`)), 30_000);
      });
      // The frame that shows it.
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      return fetchMs + (performance.now() - t0);
    },
    { label, ready, fetches },
  );
}

async function benchNavigation(server: RunningServer) {
  const base = server.url;
  // Cold: the first visit of each screen in a fresh browser (empty mirror).
  const cold: Record<string, number[]> = {};
  for (let run = 0; run < COLD_RUNS; run++) {
    const b = await launch();
    try {
      const { page } = await signedInPage(b, base, 'student@example.com');
      await waitReady(page, STUDENT_SCREENS[0]!.ready);
      for (const s of STUDENT_SCREENS.slice(1)) (cold[s.label] ??= []).push(await navigate(page, s.label, s.ready));
    } finally {
      await b.close();
    }
  }
  // Warm: every screen seen before; then the same with the network-bound way.
  const b = await launch();
  const warm: Record<string, number[]> = {};
  const bound: Record<string, number[]> = {};
  try {
    const { page } = await signedInPage(b, base, 'student@example.com');
    await waitReady(page, STUDENT_SCREENS[0]!.ready);
    for (const s of STUDENT_SCREENS.slice(1)) await navigate(page, s.label, s.ready);
    // Two passes per repetition, so every navigation leaves another screen (never a click on the current one).
    for (let i = 0; i < REPS; i++) {
      for (const s of STUDENT_SCREENS) (warm[s.label] ??= []).push(await navigate(page, s.label, s.ready));
      for (const s of STUDENT_SCREENS) (bound[s.label] ??= []).push(await navigate(page, s.label, s.ready, s.fetches));
    }
  } finally {
    await b.close();
  }
  for (const s of STUDENT_SCREENS) {
    const w = stats(warm[s.label] ?? []);
    const n = stats(bound[s.label] ?? []);
    if (cold[s.label]) rows.push({ section: 'navigation', name: `${s.label} cold (first visit)`, ...stats(cold[s.label]!), unit: 'ms' });
    rows.push({ section: 'navigation', name: `${s.label} warm`, ...w, unit: 'ms' });
    rows.push({
      section: 'navigation', name: `${s.label} warm, network-bound`, ...n, unit: 'ms',
      note: `${(n.p50 / Math.max(w.p50, 0.1)).toFixed(1)}× the local-first p50`,
    });
  }
}

function demoConversation(server: RunningServer, minMessages = 0): { id: number; studentId: number; teacherId: number } {
  const db = server.app.db;
  const ids = db.prepare("SELECT id, email FROM users WHERE email IN ('student@example.com','teacher@example.com')").all() as { id: number; email: string }[];
  const studentId = ids.find((r) => r.email.startsWith('student'))!.id;
  const teacherId = ids.find((r) => r.email.startsWith('teacher'))!.id;
  const row = db
    .prepare(
      `SELECT c.id, (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) AS n FROM conversations c
       JOIN conversation_members a ON a.conversation_id = c.id AND a.user_id = ?
       JOIN conversation_members b ON b.conversation_id = c.id AND b.user_id = ?
       WHERE c.closed = 0 ORDER BY n DESC LIMIT 1`,
    )
    .get(studentId, teacherId) as { id: number; n: number };
  if (row.n < minMessages) log(`note: the longest demo conversation has ${row.n} messages`);
  return { id: row.id, studentId, teacherId };
}

async function benchCrossTabAndRealtime(server: RunningServer) {
  const base = server.url;
  const conv = demoConversation(server);
  const b = await launch();
  try {
    const { page: a } = await signedInPage(b, base, 'student@example.com', `/inbox?c=${conv.id}`);
    const tabB = await b.context.newPage();
    await tabB.goto(`${base}/inbox?c=${conv.id}`);
    await sleep(2000);
    const cross: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const text = `cross-tab ${i} ${Math.random().toString(36).slice(2, 8)}`;
      const seen = armWaitForText(tabB, text);
      await sleep(20);
      const t0 = await a.evaluate(
        ({ text, id }) => {
          const t = performance.timeOrigin + performance.now();
          void (window as any).__engine.run({ id: crypto.randomUUID(), name: 'sendMessage', conversationId: id, text });
          return t;
        },
        { text, id: conv.id },
      );
      cross.push((await seen) - t0);
      await sleep(100);
    }
    rows.push({ section: 'cross-tab', name: 'optimistic message in tab A → rendered in tab B', ...stats(cross), unit: 'ms' });

    // Realtime: the teacher posts on the server; the student's open conversation renders it.
    const rt: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const text = `realtime ${i} ${Math.random().toString(36).slice(2, 8)}`;
      const seen = armWaitForText(a, text);
      await sleep(20);
      const t0 = now();
      await fetch(`${base}/api/test/conversations/${conv.id}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sender_id: conv.teacherId, text }),
      });
      rt.push((await seen) - t0);
      await sleep(100);
    }
    rows.push({ section: 'realtime', name: 'message posted by the other party → rendered', ...stats(rt), unit: 'ms' });
  } finally {
    await b.close();
  }
}

const countOf = (server: RunningServer, key: string) => server.app.requestCounts.get(key) ?? 0;

async function benchEconomy(server: RunningServer) {
  const base = server.url;
  const keys = ['GET /api/home', 'GET /api/calendar'];
  const measure = async (tabs: number, hidden: boolean) => {
    const b = await launch();
    try {
      const { page } = await signedInPage(b, base, 'student@example.com', '/calendar');
      const pages = [page];
      for (let i = 1; i < tabs; i++) {
        const p = await b.context.newPage();
        await p.goto(`${base}/calendar`);
        pages.push(p);
      }
      await sleep(3000);
      if (hidden) {
        for (const p of pages) {
          await p.evaluate(() => {
            Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
            Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
            document.dispatchEvent(new Event('visibilitychange'));
          });
        }
        await sleep(1000);
      }
      const before = keys.map((k) => countOf(server, k));
      await sleep(ECONOMY_MS);
      return keys.map((k, i) => countOf(server, k) - before[i]!);
    } finally {
      await b.close();
    }
  };
  const one = await measure(1, false);
  const four = await measure(4, false);
  const hidden = await measure(4, true);
  const secs = ECONOMY_MS / 1000;
  keys.forEach((k, i) => {
    rows.push({ section: 'requests', name: `${k} in ${secs}s, 1 tab`, value: one[i]!, unit: 'requests' });
    rows.push({
      section: 'requests', name: `${k} in ${secs}s, 4 tabs`, value: four[i]!, unit: 'requests',
      note: `ratio to 1 tab ${(four[i]! / Math.max(one[i]!, 1)).toFixed(2)}; polling from every tab would be ~${one[i]! * 4}`,
    });
    rows.push({ section: 'requests', name: `${k} in ${secs}s, 4 tabs all hidden`, value: hidden[i]!, unit: 'requests' });
  });
}

async function benchLargeData(server: RunningServer) {
  const base = server.url;
  const b = await launch();
  try {
    // The teacher's calendar: the densest month of the seed.
    const { page } = await signedInPage(b, base, 'teacher@example.com', '/calendar');
    await page.waitForFunction(`(${COUNT_EVENTS})() > 0`, undefined, { timeout: 60_000 });
    const monthTimes: number[] = [];
    let events = 0;
    for (let i = 0; i < Math.min(REPS, 10); i++) {
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await sleep(400);
      const r = await page.evaluate(async (countSrc) => {
        const count = new Function(`return (${countSrc})`)() as () => number;
        const weekCount = count();
        const btn = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Month')!;
        const t0 = performance.now();
        btn.click();
        await new Promise<void>((resolve) => {
          const check = () => count() > weekCount;
          if (check()) return resolve();
          const mo = new MutationObserver(() => check() && (mo.disconnect(), resolve()));
          mo.observe(document.body, { childList: true, subtree: true });
          setTimeout(() => (mo.disconnect(), resolve()), 10_000);
        });
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return { ms: performance.now() - t0, n: count() };
      }, COUNT_EVENTS);
      monthTimes.push(r.ms);
      events = r.n;
    }
    const classesInMonth = (server.app.db
      .prepare(
        `SELECT COUNT(*) AS n FROM classes k JOIN enrollments e ON e.id = k.enrollment_id JOIN users u ON u.id = e.teacher_id
         WHERE u.email = 'teacher@example.com' AND k.start_at BETWEEN ? AND ?`,
      )
      .get(Date.now() - 15 * 864e5, Date.now() + 15 * 864e5) as { n: number }).n;
    rows.push({ section: 'large data', name: `teacher month view (${classesInMonth} classes ±15 days, ${events} event elements)`, ...stats(monthTimes), unit: 'ms' });

    // Inbox: filter the conversation list by a keystroke.
    await page.goto(`${base}/inbox`);
    const search = page.getByRole('searchbox').or(page.getByPlaceholder(/search/i)).first();
    await search.waitFor({ timeout: 30_000 });
    await sleep(1500);
    const filterTimes: number[] = [];
    // Each query changes the list from the full one (a query matching everything, like 'ust' for the
    // teacher of every conversation, "Ustadha ...", would change nothing).
    const queries = ['sup', 'zq', 'yus', 'team', 'qqq', 'rahm', 'omar', 'xz', 'supp', 'ibr'];
    for (let i = 0; i < Math.min(REPS, queries.length * 2); i++) {
      const q = queries[i % queries.length]!;
      await search.fill('');
      await sleep(150);
      const t = await search.evaluate(async (el: HTMLInputElement, q) => {
        const main = document.querySelector('main')!;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const changed = new Promise<boolean>((resolve) => {
          const mo = new MutationObserver(() => (mo.disconnect(), resolve(true)));
          mo.observe(main, { childList: true, subtree: true, characterData: true });
          setTimeout(() => (mo.disconnect(), resolve(false)), 3000);
        });
        const t0 = performance.now();
        setter.call(el, q);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        const ok = await changed;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return ok === false ? -1 : performance.now() - t0;
      }, q);
      filterTimes.push(t);
    }
    const convCount = (server.app.db.prepare('SELECT COUNT(*) AS n FROM conversation_members m JOIN users u ON u.id = m.user_id WHERE u.email = ?').get('teacher@example.com') as { n: number }).n;
    rows.push({
      section: 'large data', name: `inbox filter by a keystroke (${convCount} conversations)`, ...stats(filterTimes.filter((t) => t >= 0)), unit: 'ms',
      note: filterTimes.some((t) => t < 0) ? `${filterTimes.filter((t) => t < 0).length} keystrokes changed nothing within 3 s` : undefined,
    });
    await b.close();

    // The longest conversation (the student's side): open it, then load older pages.
    const conv = demoConversation(server, 5000);
    const total = (server.app.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?').get(conv.id) as { n: number }).n;
    const b2 = await launch();
    try {
      const { page: p } = await signedInPage(b2, base, 'student@example.com', '/inbox');
      await sleep(1500);
      const openMs = await p.evaluate(async (id) => {
        const t0 = performance.now();
        history.pushState({}, '', `/inbox?c=${id}`);
        dispatchEvent(new PopStateEvent('popstate'));
        await new Promise<void>((resolve) => {
          const check = () => document.querySelectorAll('[data-virtuoso-scroller]').length >= 2 && (document.querySelectorAll('[data-virtuoso-scroller]')[1] as HTMLElement).innerText.trim().length > 0;
          if (check()) return resolve();
          const mo = new MutationObserver(() => check() && (mo.disconnect(), resolve()));
          mo.observe(document.body, { childList: true, subtree: true });
          setTimeout(resolve, 20_000);
        });
        return performance.now() - t0;
      }, conv.id);
      rows.push({ section: 'large data', name: `open a conversation of ${total} messages (first visit)`, value: openMs, unit: 'ms' });
      const older: number[] = [];
      for (let i = 0; i < (quick ? 3 : 10); i++) {
        const sample = await p.evaluate(async () => {
          const scrollers = document.querySelectorAll<HTMLElement>('[data-virtuoso-scroller]');
          const s = scrollers[scrollers.length - 1]!;
          // The list keeps the message at the top in place when older rows are prepended above it
          // (no overscan above), so an older page shows as the scroll position moving down by its
          // height: the time from the scroll to the top to that frame.
          const t0 = performance.now();
          s.scrollTop = 0;
          s.dispatchEvent(new Event('scroll'));
          const end = t0 + 10_000;
          while (s.scrollTop < 150 && performance.now() < end) await new Promise((r) => requestAnimationFrame(r));
          return s.scrollTop < 150 ? -1 : performance.now() - t0;
        });
        older.push(sample);
        await sleep(300);
      }
      rows.push({
        section: 'large data', name: 'load an older page of messages (scroll to top → in the list, view kept)', ...stats(older.filter((t) => t >= 0)), unit: 'ms',
        note: older.some((t) => t < 0) ? `${older.filter((t) => t < 0).length} scrolls showed nothing older within 10 s` : undefined,
      });

      // Memory: the tab's heap after the large screens, after a garbage collection.
      const heap = await p.evaluate(() => {
        (window as any).gc?.();
        return (performance as any).memory?.usedJSHeapSize ?? NaN;
      });
      rows.push({ section: 'memory', name: `tab JS heap after the largest scale's calendar, inbox and ${total}-message conversation`, value: heap / 1048576, unit: 'MB' });
    } finally {
      await b2.close();
    }
  } catch (e) {
    await b.close().catch(() => {});
    throw e;
  }
}

async function benchLoad(server: RunningServer) {
  const base = server.url;
  // First screen as a guest (the sign-in page) and signed in (the dashboard), cold cache.
  {
    const b = await launch();
    try {
      const page = b.context.pages()[0] ?? (await b.context.newPage());
      await page.goto(`${base}/login`);
      await page.getByRole('button', { name: /sign in/i }).first().waitFor();
      const js = await jsGzipBytes(page, dist);
      rows.push({ section: 'load', name: `JS for the first screen, guest (/login), ${js.files} files`, value: js.gzip / 1024, unit: 'KB', note: 'gzip -9' });
    } finally {
      await b.close();
    }
  }
  const coldTimes: number[] = [];
  const warmTimes: number[] = [];
  const slowWarm: number[] = [];
  let homeJs = 0;
  let homeFiles = 0;
  for (let run = 0; run < (quick ? 2 : 5); run++) {
    const b = await launch();
    try {
      const { page } = await signedInPage(b, base, 'student@example.com', '/home');
      coldTimes.push(await waitReady(page, STUDENT_SCREENS[0]!.ready));
      if (run === 0) {
        const js = await jsGzipBytes(page, dist);
        homeJs = js.gzip;
        homeFiles = js.files;
      }
      await sleep(1500);
      await page.reload();
      warmTimes.push(await waitReady(page, STUDENT_SCREENS[0]!.ready));
      // The same warm reload while every API reply takes a second: the mirror shows it first.
      server.app.config.faults.latencyMs = 1000;
      await page.reload();
      slowWarm.push(await waitReady(page, STUDENT_SCREENS[0]!.ready));
      server.app.config.faults.latencyMs = 0;
    } finally {
      server.app.config.faults.latencyMs = 0;
      await b.close();
    }
  }
  rows.push({ section: 'load', name: `JS for the first screen, signed in (/home), ${homeFiles} files`, value: homeJs / 1024, unit: 'KB', note: 'gzip -9' });
  rows.push({ section: 'load', name: 'cold load → dashboard with data (empty mirror)', ...stats(coldTimes), unit: 'ms', note: 'from navigation start' });
  rows.push({ section: 'load', name: 'warm reload → dashboard with data (mirror present)', ...stats(warmTimes), unit: 'ms' });
  rows.push({ section: 'load', name: 'warm reload with 1 s API latency', ...stats(slowWarm), unit: 'ms', note: 'no slower than the row above = shown from the mirror, not waiting on the network' });
}

async function main() {
  const t0 = Date.now();
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-bench-data-'));
  const db = openDatabase(dataDir);
  const s0 = Date.now();
  seed(db, { scale: SCALE });
  rows.push({ section: 'setup', name: `seed at scale ${SCALE}`, value: Date.now() - s0, unit: 'ms' });
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, enableTestApi: true, db, clientDir: dist });
  log(`server ${server.url}, scale ${SCALE}, ${quick ? 'quick' : 'full'} run`);
  const sections: [string, (s: RunningServer) => Promise<void>][] = [
    ['navigation', benchNavigation],
    ['cross-tab and realtime', benchCrossTabAndRealtime],
    ['request economy', benchEconomy],
    ['large data and memory', benchLargeData],
    ['load', benchLoad],
  ];
  const failures: string[] = [];
  try {
    for (const [name, fn] of sections) {
      if (ONLY && !name.includes(ONLY)) continue;
      log(name);
      try {
        await fn(server);
      } catch (e) {
        failures.push(`${name}: ${(e as Error).message.split('\n')[0]}`);
        rows.push({ section: name, name: 'FAILED', value: (e as Error).message.split('\n')[0]!.slice(0, 80), unit: '' });
      }
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  }
  const table = printTable(rows);
  console.log(`\n${table}\n`);
  console.log(`(${quick ? 'quick' : 'full'} run, scale ${SCALE}, ${REPS} repetitions, ${((Date.now() - t0) / 1000).toFixed(0)} s, ${os.cpus().length} cores)`);
  if (!smoke) {
    fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    const file = path.join(root, 'bench', 'results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), quick, scale: SCALE, reps: REPS, rows }, null, 2));
    fs.writeFileSync(path.join(root, 'bench', 'results', 'latest.md'), `${table}\n`);
    log(`wrote ${path.relative(root, file)}`);
  }
  if (failures.length) {
    console.error(`[bench] sections that failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
