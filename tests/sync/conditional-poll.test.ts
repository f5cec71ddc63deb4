import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../db/engine-api.ts';
import type { TableWrite } from '../../db/mirror.ts';
import type { Engine } from '../../worker/engine/engine.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, recordingFetch, sleep, startWorld, until, type Recorded } from './harness.ts';

const HOME_EVERY = 200;
const CALENDAR_EVERY = 300;
const MONTH = new Date().toISOString().slice(0, 7);
const CALENDAR = `/calendar?start_date=${MONTH}-01`;

let server: TestServer;
beforeAll(async () => (server = await startWorld({ home: HOME_EVERY, calendar: CALENDAR_EVERY })));
afterAll(() => server.close());

const polled = (r: Recorded) => r.method === 'GET' && (r.path === '/home' || r.path === CALENDAR);

/** A browser whose engine's fetch also records the If-None-Match it sent; `stripEtags` plays a backend that sends none. */
function browserWith(opts: { stripEtags?: boolean } = {}) {
  const browser = new Browser(server);
  const rec = recordingFetch(browser.log, 'engine', browser.gate);
  const sent: { path: string; tag: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    sent.push({ path: url.pathname.replace(/^\/api/, '') + url.search, tag: new Headers(init?.headers).get('if-none-match') });
    const res = await rec.fetch(input, init);
    if (!opts.stripEtags) return res;
    const headers = new Headers(res.headers);
    for (const h of ['etag', 'content-encoding', 'content-length']) headers.delete(h);
    return new Response(res.body, { status: res.status, headers });
  };
  const engine = browser.engine({ fetch });
  return { browser, engine, sent };
}

/** Counts the engine's writes to its mirror (every write, whether or not it changed a row). */
function countWrites(engine: Engine): TableWrite[][] {
  const writes: TableWrite[][] = [];
  const mirror = engine.writer!.mirror;
  const write = mirror.write.bind(mirror);
  mirror.write = (ops) => {
    writes.push(ops);
    return write(ops);
  };
  return writes;
}

const changes = (seen: EngineEvent[]) => seen.filter((e) => e.type === 'change');

describe('idle polling with validators', () => {
  it('a poll answered 304 parses nothing, writes nothing and tells nobody, but counts as a refresh; a real change still arrives', async () => {
    const { browser, engine, sent } = browserWith();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'teacher@example.com');
    await tab.watch({ kind: 'calendar', month: MONTH });
    await until('home and the month stored', async () => (await tab.snapshot('calendarMonths')).length > 0 && (await tab.snapshot('kv')).some((r) => (r as { key: string }).key === 'home'));
    const writes = countWrites(engine);

    // Replies change with time alone at a class's boundaries (it starts, its room opens): look for a
    // quiet stretch of polls, all 304, as an idle screen sees them.
    let window: Recorded[] = [];
    let events: EngineEvent[] = [];
    let syncedBefore = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      await until('a poll went by', () => browser.log.filter(polled).length >= 2);
      const from = browser.log.length;
      const seenFrom = browser.bus.seen.length;
      writes.length = 0;
      syncedBefore = tab.getState().status?.lastSyncAt ?? 0;
      await until('three polls of each', () => {
        const w = browser.log.slice(from).filter((r) => polled(r) && r.end !== undefined);
        return w.filter((r) => r.path === '/home').length >= 3 && w.filter((r) => r.path === CALENDAR).length >= 3;
      }, 5000);
      await sleep(30);
      window = browser.log.slice(from).filter((r) => polled(r) && r.end !== undefined);
      events = browser.bus.seen.slice(seenFrom);
      if (window.every((r) => r.status === 304)) break;
    }
    expect(window.map((r) => r.status)).toEqual(window.map(() => 304));
    // Each one asked with the tag of what the mirror holds.
    const asked = sent.filter((s) => s.path === '/home' || s.path === CALENDAR).slice(-window.length);
    for (const s of asked) expect(s.tag).toMatch(/^W\/"/);
    expect(writes).toEqual([]);
    expect(changes(events)).toEqual([]);
    // ... and the data counts as refreshed.
    await until('lastSyncAt moved', () => (tab.getState().status?.lastSyncAt ?? 0) > syncedBefore);
    // Polling stayed at its intervals: about 3 homes per 3 intervals, never two at once.
    const homes = browser.requests('/home');
    for (let i = 1; i < homes.length; i++) expect(homes[i]!.start).toBeGreaterThanOrEqual(homes[i - 1]!.end!);

    // The reply changes (the teacher reads their notifications on another device): the next poll
    // is a 200, written, and the tabs hear it.
    const other = await server.login('teacher@example.com');
    const unread = (await server.api('GET', '/notifications', { token: other })).body.data.filter((n: { read: boolean }) => !n.read);
    expect(unread.length).toBeGreaterThan(0);
    const seenFrom = browser.bus.seen.length;
    const from = browser.log.length;
    expect((await server.api('POST', '/notifications/read', { token: other })).status).toBe(200);
    await until('a 200 home after the change', () => browser.log.slice(from).some((r) => r.path === '/home' && r.status === 200));
    await until('the user row told to the tabs', () => changes(browser.bus.seen.slice(seenFrom)).some((e) => e.type === 'change' && e.table === 'kv'));
    const user = ((await tab.snapshot('kv')) as { key: string; value: { notifications_count: number } }[]).find((r) => r.key === 'user')!;
    expect(user.value.notifications_count).toBe(0);
    // And the one after that is a 304 again.
    const after = browser.log.length;
    await until('the next home', () => browser.log.slice(after).some((r) => r.path === '/home' && r.end !== undefined));
    expect(browser.log.slice(after).find((r) => r.path === '/home')!.status).toBe(304);

    expect(browser.warnings).toEqual([]);
    engine.shutdown();
  });

  it('against a backend that sends no ETag, nothing changes: plain GETs, every reply read and stored', async () => {
    const { browser, engine, sent } = browserWith({ stripEtags: true });
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'teacher@example.com');
    await tab.watch({ kind: 'calendar', month: MONTH });
    await until('four polls of each', () => browser.requests('/home').length >= 4 && browser.requests(CALENDAR).length >= 4, 5000);
    expect(sent.every((s) => s.tag === null)).toBe(true);
    expect(browser.log.filter(polled).every((r) => r.status === 200 || r.end === undefined)).toBe(true);
    expect(engine.api.validators.size).toBe(0);
    expect((await tab.snapshot('kv')).some((r) => (r as { key: string }).key === 'home')).toBe(true);
    expect((await tab.snapshot('calendarMonths')).length).toBe(1);
    // Same interval as ever.
    const homes = browser.requests('/home');
    for (let i = 1; i < homes.length; i++) expect(homes[i]!.start - homes[i - 1]!.end!).toBeGreaterThanOrEqual(HOME_EVERY - 20);
    expect(browser.warnings).toEqual([]);
    engine.shutdown();
  });

  it('sign-out forgets the tags: the next session reads everything afresh into its new mirror', async () => {
    const { browser, engine } = browserWith();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    await until('a 304 home', () => browser.requests('/home').some((r) => r.status === 304));
    expect(engine.api.validators.size).toBeGreaterThan(0);

    expect((await tab.signOut()).ok).toBe(true);
    expect(engine.api.validators.size).toBe(0);

    const from = browser.log.length;
    await browser.signIn(tab, 'student@example.com');
    await until('home stored again', async () => (await tab.snapshot('kv')).some((r) => (r as { key: string }).key === 'home'));
    expect(browser.log.slice(from).find((r) => r.path === '/home')!.status).toBe(200);
    engine.shutdown();
  });
});
