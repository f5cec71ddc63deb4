import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/entities.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, recordingFetch, startWorld, until } from './harness.ts';

/**
 * A screen whose first load fails must be able to say so (issue 14 item 4): every request a screen
 * waits on answers its failure through the engine's Result, and asking again works once the
 * server is back.
 */

const MONTH = new Date().toISOString().slice(0, 7);
const CALENDAR = `/calendar?start_date=${MONTH}-01`;

let server: TestServer;
beforeAll(async () => (server = await startWorld({ calendar: 60_000 })));
afterAll(() => server.close());

/** A browser whose engine gets a 500 for every path `failing` matches while it is set. */
function failingBrowser() {
  const browser = new Browser(server);
  const rec = recordingFetch(browser.log, 'engine', browser.gate);
  const state = { failing: null as RegExp | null };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api/, '') + url.search;
    if (state.failing?.test(path)) {
      browser.log.push({ label: 'engine', method: init?.method ?? 'GET', path, start: Date.now(), end: Date.now(), status: 500 });
      return new Response(JSON.stringify({ message: 'Server Error' }), { status: 500, headers: { 'content-type': 'application/json' } });
    }
    return rec.fetch(input, init);
  };
  return { browser, engine: browser.engine({ fetch }), state };
}

describe('a failed first load is answered, and asking again works', () => {
  it('a calendar month: the screen watching it learns that it could not be read (in the same request as the poll), and Retry reads it', async () => {
    const { browser, engine, state } = failingBrowser();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'teacher@example.com');
    state.failing = /^\/calendar/;

    // The screen watches the month (its poll starts at once) and asks how that read went.
    await tab.watch({ kind: 'calendar', month: MONTH });
    const first = await tab.refresh({ kind: 'calendar', month: MONTH });
    expect(first).toMatchObject({ ok: false, error: { kind: 'server', status: 500, message: 'Error occurred during fetching data' } });
    // One read (a GET is tried 4 times on a 5xx): the screen's question joined the poll's.
    expect(browser.requests(CALENDAR)).toHaveLength(4);
    expect(await tab.snapshot('calendarMonths')).toEqual([]);

    // The server is back: Retry (force) reads the month and stores it.
    state.failing = null;
    const again = await tab.refresh({ kind: 'calendar', month: MONTH }, { force: true });
    expect(again).toEqual({ ok: true, data: null });
    await until('the month stored', async () => (await tab.snapshot('calendarMonths')).length === 1);
    engine.shutdown();
  });

  it('a month that is not one is refused without a request', async () => {
    const { browser, engine } = failingBrowser();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'teacher@example.com');
    const r = await tab.refresh({ kind: 'calendar', month: '2026-13' });
    expect(r.ok).toBe(false);
    expect(browser.requests(/^\/calendar/)).toHaveLength(0);
    engine.shutdown();
  });

  it("a stored sign-in that cannot be checked: the session goes on from the mirror, marked for the tabs ('(2) ...'), until a Retry gets an answer", async () => {
    const { browser, engine, state } = failingBrowser();
    const token = await server.login('student@example.com');
    const me = (await server.api<{ data: User }>('GET', '/user', { token })).body.data;
    browser.storage.token = token;
    browser.storage.user = me;
    state.failing = /^\/token\/valid/;

    const tab = browser.tab(engine);
    await tab.started;
    expect(tab.getState().session).toMatchObject({ status: 'signed-in', user: { id: me.id } });
    await until('the check failed', () => (tab.getState().session as { checkFailed?: boolean }).checkFailed === true);
    expect(tab.getState().session.status).toBe('signed-in');

    // Retry while it still fails: the spec's "(2)" wording, and still signed in.
    const again = await tab.refresh('user', { force: true });
    expect(again).toMatchObject({ ok: false, error: { message: '(2) Error occurred during loading your data' } });
    expect(tab.getState().session).toMatchObject({ status: 'signed-in', checkFailed: true });

    // The server answers: the mark goes.
    state.failing = null;
    expect(await tab.refresh('user', { force: true })).toEqual({ ok: true, data: null });
    await until('the mark cleared', () => tab.getState().session.status === 'signed-in' && !(tab.getState().session as { checkFailed?: boolean }).checkFailed);
    engine.shutdown();
  });

  it('a stored token with no user to stand in, that cannot be checked: a guest marked for the tabs (the token kept), signed in by the Retry that gets an answer', async () => {
    const { browser, engine, state } = failingBrowser();
    const token = await server.login('student@example.com');
    browser.storage.token = token;
    browser.storage.user = null;
    state.failing = /^\/token\/valid/;

    const tab = browser.tab(engine);
    await tab.started;
    expect(tab.getState().session).toEqual({ status: 'guest', checkFailed: true });
    expect(browser.storage.token).toBe(token);

    state.failing = null;
    expect(await tab.refresh('user', { force: true })).toEqual({ ok: true, data: null });
    await until('signed in', () => tab.getState().session.status === 'signed-in');
    expect(browser.storage.token).toBe(token);
    engine.shutdown();
  });

  it('a refused token still signs out (not marked as a failure)', async () => {
    const { browser, engine } = failingBrowser();
    const token = await server.login('student@example.com');
    const me = (await server.api<{ data: User }>('GET', '/user', { token })).body.data;
    await server.api('POST', '/logout', { token });
    browser.storage.token = token;
    browser.storage.user = me;
    const tab = browser.tab(engine, { visible: false });
    await tab.started;
    await until('signed out', () => tab.getState().session.status === 'guest');
    expect(tab.getState().session).toEqual({ status: 'guest', reason: 'invalid-token' });
    engine.shutdown();
  });
});
