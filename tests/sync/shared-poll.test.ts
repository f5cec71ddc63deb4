import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { Browser, sleep, startWorld, until } from './harness.ts';

const HOME_EVERY = 250;
let server: TestServer;
beforeAll(async () => (server = await startWorld({ home: HOME_EVERY, calendar: 400 })));
afterAll(() => server.close());

describe('three tabs share one poll', () => {
  it('the server sees one /home per interval, however many tabs, and never two at once', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const [a, b, c] = [browser.tab(engine), browser.tab(engine), browser.tab(engine)];
    await Promise.all([a.started, b.started, c.started]);

    // Signing in in tab A moves the guest tabs B and C in.
    await browser.signIn(a, 'student@example.com');
    await until('tabs B and C signed in', () => b.getState().session.status === 'signed-in' && c.getState().session.status === 'signed-in');

    await sleep(HOME_EVERY * 6);
    const homes = browser.requests('/home');
    // One per interval (plus the one at sign-in); three tabs polling on their own would make ~3x.
    expect(homes.length).toBeGreaterThanOrEqual(4);
    expect(homes.length).toBeLessThanOrEqual(8);
    for (let i = 1; i < homes.length; i++) expect(homes[i]!.start).toBeGreaterThanOrEqual(homes[i - 1]!.end!);

    // Calendar months are polled per watched month, once for all tabs watching it.
    await a.watch({ kind: 'calendar', month: '2026-01' });
    await b.watch({ kind: 'calendar', month: '2026-01' });
    await c.watch({ kind: 'calendar', month: '2026-02' });
    await sleep(1000);
    const jan = browser.requests('/calendar?start_date=2026-01-01').length;
    const feb = browser.requests('/calendar?start_date=2026-02-01').length;
    expect(jan).toBeGreaterThanOrEqual(2);
    expect(jan).toBeLessThanOrEqual(4);
    expect(feb).toBeGreaterThanOrEqual(2);
    expect(feb).toBeLessThanOrEqual(4);

    // Once nobody watches February, it is no longer polled.
    await c.unwatch({ kind: 'calendar', month: '2026-02' });
    const febAfter = browser.requests('/calendar?start_date=2026-02-01').length;
    await sleep(900);
    expect(browser.requests('/calendar?start_date=2026-02-01').length).toBe(febAfter);
    expect(browser.requests('/calendar?start_date=2026-01-01').length).toBeGreaterThan(jan);

    // Every reply fitted its schema.
    expect(browser.warnings).toEqual([]);
    engine.shutdown();
  });

  it('pauses while no tab is visible and refreshes at once when one becomes visible or the network returns', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const [a, b] = [browser.tab(engine), browser.tab(engine)];
    await browser.signIn(a, 'teacher@example.com');
    await until('first home', () => browser.requests('/home').length > 0);

    await a.setVisible(false);
    await b.setVisible(false);
    await sleep(50);
    const hidden = browser.requests('/home').length;
    await sleep(HOME_EVERY * 3);
    expect(browser.requests('/home').length).toBe(hidden);

    const t = Date.now();
    await b.setVisible(true);
    await until('a refresh as tab B shows', () => browser.requests('/home').length > hidden);
    expect(browser.requests('/home').at(-1)!.start - t).toBeLessThan(100);

    await a.setOnline(false);
    await sleep(50);
    const offline = browser.requests('/home').length;
    await sleep(HOME_EVERY * 3);
    expect(browser.requests('/home').length).toBe(offline);
    expect(b.getState().status?.online).toBe(false);

    await b.setOnline(true);
    await until('a refresh as the network returns', () => browser.requests('/home').length > offline, 200);
    engine.shutdown();
  });

  it('fills the mirror: home, user, and the tabs hear each change once as a diff', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const a = browser.tab(engine);
    const user = await browser.signIn(a, 'student@example.com');
    await until('home stored', async () => (await a.snapshot('kv')).some((r) => (r as { key: string }).key === 'home'));
    const kv = (await a.snapshot('kv')) as { key: string; value: { id?: number } }[];
    expect(kv.find((r) => r.key === 'user')?.value.id).toBe(user.id);
    expect(await browser.databases()).toContain(`tutoring-u${user.id}`);

    // A poll that brings nothing new writes nothing and tells nobody.
    const changesBefore = browser.bus.seen.filter((e) => e.type === 'change' && e.table === 'kv').length;
    const homes = browser.requests('/home').length;
    await until('two more polls', () => browser.requests('/home').length >= homes + 2);
    await sleep(50);
    expect(browser.bus.seen.filter((e) => e.type === 'change' && e.table === 'kv').length).toBe(changesBefore);
    engine.shutdown();
  });
});
