import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setSetting } from '../../server/lib/settings.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/index.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { seed } from '../../server/seed/index.ts';
import { launchBrowser } from './harness.ts';

/**
 * The engine in a real browser: two tabs of one profile share ONE SharedWorker (one engine, one
 * poll), and a change made in one tab renders in the other from the broadcast diff, without a
 * request of its own. Drives the built app through `window.__engine` (src/lib/engine.ts).
 */

const HOME_EVERY = 1000;
const TIMEOUT = 15_000;
let app: RunningServer;
let dataDir: string;

beforeAll(async () => {
  // The seeded reference server over the build in dist/ (E2E_CLIENT_DIR: another build).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-e2e-sw-'));
  const db = openDatabase(dataDir);
  seed(db, { scale: 1 });
  app = await startServer({ port: 0, host: '127.0.0.1', dataDir, enableTestApi: true, db, clientDir: path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist') });
  setSetting(app.app.db, 'home_reload_timeout', HOME_EVERY);
  timeHomePolls();
});
afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const count = (key: string) => app.app.requestCounts.get(key) ?? 0;

/** When the server received each `GET /api/home` (the server counts requests; we also note the times). */
const homeTimes: number[] = [];
function timeHomePolls() {
  const counts = app.app.requestCounts;
  const set = counts.set.bind(counts);
  counts.set = (k, v) => {
    if (k === 'GET /api/home') homeTimes.push(Date.now());
    return set(k, v);
  };
}

/** Waits until the page's engine client answered hello. */
async function engineReady(page: Page) {
  await page.waitForFunction(() => window.__engine?.getState().ready === true, null, { timeout: TIMEOUT });
}

describe('the SharedWorker engine', () => {
  it('two tabs share one worker and one poll; a change in one renders in the other', async () => {
    const browser = await launchBrowser();
    try {
      const a = await browser.newPage();
      await a.goto(`${app.url}/login`);
      await engineReady(a);
      await a.evaluate(async () => {
        const e = window.__engine!;
        const r = await e.call<{ token: string; user: never }>({ method: 'POST', path: '/login', body: { email: 'student@example.com', password: 'password' } });
        if (!r.ok) throw new Error(r.error.message);
        await e.signIn(r.data.token, r.data.user);
      });

      const b = await browser.context.newPage();
      await b.goto(`${app.url}/home`);
      await engineReady(b);
      for (const p of [a, b]) {
        await p.waitForFunction(() => window.__engine!.getState().session.status === 'signed-in', null, { timeout: TIMEOUT });
        expect(await p.evaluate(() => window.__engine!.mode)).toBe('shared');
      }

      // One SharedWorker for the whole profile.
      const cdp = await browser.context.newCDPSession(a);
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((t) => t.type === 'shared_worker' && /shared-worker/.test(t.url))).toHaveLength(1);

      // One /api/home per interval for both tabs (two engines would double it). The screens'
      // own refreshes on opening are over by now.
      await a.waitForTimeout(HOME_EVERY * 1.5);
      const from = Date.now();
      await a.waitForTimeout(HOME_EVERY * 5);
      const polls = homeTimes.filter((t) => t >= from);
      expect(polls.length).toBeGreaterThanOrEqual(4);
      expect(polls.length).toBeLessThanOrEqual(6);
      for (let i = 1; i < polls.length; i++) expect(polls[i]! - polls[i - 1]!).toBeGreaterThanOrEqual(HOME_EVERY * 0.9);

      // Tab B shows the credits badge; tab A moves a dollar to a child.
      const badge = b.getByTestId('credits-badge');
      await badge.waitFor({ timeout: TIMEOUT });
      const shown = (await badge.textContent())!;
      await b.evaluate(() => {
        const w = window as unknown as { __epochs: string[] };
        w.__epochs = [];
        // One event, or the events of one turn of the worker together.
        new BroadcastChannel('engine').onmessage = (ev) => {
          for (const e of Array.isArray(ev.data) ? ev.data : [ev.data]) if (e?.type === 'change' && e.epoch) w.__epochs.push(e.epoch);
        };
      });
      const userFetches = count('GET /api/user');
      const outcome = await a.evaluate(async () => {
        const e = window.__engine!;
        await e.refresh('children');
        const child = ((await e.snapshot('children')) as { id: number }[])[0]!;
        const done = await e.run({ id: crypto.randomUUID(), name: 'transfer', child_id: child.id, amount: 1 });
        return { epoch: done.epoch, credits: (done.reply as { parent_credits: number }).parent_credits };
      });
      const expected = outcome.credits.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      await b.waitForFunction((t) => document.querySelector('[data-testid="credits-badge"]')?.textContent?.includes(t), expected, { timeout: 5000 });
      expect((await badge.textContent())!).not.toBe(shown);

      // B learnt it from the engine's broadcast (the same engine as A's), not from a request of its own.
      expect(await b.evaluate(() => (window as unknown as { __epochs: string[] }).__epochs)).toContain(outcome.epoch);
      expect(count('GET /api/user')).toBe(userFetches);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('without SharedWorker the tabs elect one leader; it alone polls, and its tab closing hands over', async () => {
    const browser = await launchBrowser();
    try {
      // As on a browser without SharedWorker: every tab starts a dedicated worker.
      await browser.context.addInitScript(() => {
        (window as unknown as { __APP_CONFIG__: object }).__APP_CONFIG__ = { engine: 'dedicated' };
      });
      const a = await browser.newPage();
      await a.goto(`${app.url}/login`);
      await engineReady(a);
      await a.evaluate(async () => {
        const e = window.__engine!;
        const r = await e.call<{ token: string; user: never }>({ method: 'POST', path: '/login', body: { email: 'teacher@example.com', password: 'password' } });
        if (!r.ok) throw new Error(r.error.message);
        await e.signIn(r.data.token, r.data.user);
      });
      const b = await browser.context.newPage();
      await b.goto(`${app.url}/calendar`);
      await engineReady(b);
      for (const p of [a, b]) {
        await p.waitForFunction(() => window.__engine!.getState().session.status === 'signed-in', null, { timeout: TIMEOUT });
        expect(await p.evaluate(() => window.__engine!.mode)).toBe('dedicated');
      }

      await a.waitForTimeout(HOME_EVERY * 1.5);
      let from = Date.now();
      await a.waitForTimeout(HOME_EVERY * 4);
      let polls = homeTimes.filter((t) => t >= from);
      expect(polls.length).toBeGreaterThanOrEqual(3);
      expect(polls.length).toBeLessThanOrEqual(5);

      // The leader's tab (the first) closes: the other tab's worker takes over and polls on.
      await a.close();
      from = Date.now();
      await b.waitForTimeout(HOME_EVERY * 3);
      polls = homeTimes.filter((t) => t >= from);
      expect(polls.length).toBeGreaterThanOrEqual(2);
      expect(polls[0]! - from).toBeLessThan(HOME_EVERY + 1000);
      expect(await b.evaluate(async () => (await window.__engine!.refresh('user')).ok)).toBe(true);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
