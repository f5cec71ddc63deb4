import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import { EngineClient } from '../../src/lib/engine/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, recordingFetch, startWorld, until } from './harness.ts';

/**
 * One engine, one user after another (a sign-out, or a 401, then another sign-in on the same
 * browser): what the engine read for the first user is never the answer to the second. A screen's
 * read joins one in flight, or takes one finished a moment ago (1.5 s), only within one session.
 * A CI run (2 December) showed the teacher's inbox without its conversation for 15 s: the student's
 * list had been read a moment before the teacher signed in, the teacher's first page was answered
 * with it, and nothing was fetched for the teacher.
 */

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

const titles = async (tab: { snapshot(t: 'conversations'): Promise<unknown[]> }) => ((await tab.snapshot('conversations')) as Conversation[]).map((c) => c.id);

describe('a session’s reads are its own', () => {
  it('a list read for the last user a moment ago is read again for the next one', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('student@example.com');
    expect((await tab.loadMore({ kind: 'conversations' }, { fromStart: true })).ok).toBe(true);
    expect(await titles(tab)).not.toEqual([]);
    expect((await tab.signOut()).ok).toBe(true);

    const before = browser.requests('/conversations').length;
    await browser.signIn(tab, 'teacher@example.com');
    expect((await tab.loadMore({ kind: 'conversations' }, { fromStart: true })).ok).toBe(true);
    expect(browser.requests('/conversations').length).toBe(before + 1);
    expect(await titles(tab)).not.toEqual([]);
    expect((await tab.snapshot('lists')).map((l) => (l as { key: string }).key)).toContain('conversations');
    engine.shutdown();
  });

  it('home, polled for the last user a moment ago, is polled at once for the next one', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('student@example.com');
    expect((await tab.refresh('home', { force: true })).ok).toBe(true);
    expect((await tab.signOut()).ok).toBe(true);

    const before = browser.requests('/home').length;
    const teacher = await browser.signIn(tab, 'teacher@example.com');
    expect((await tab.refresh('home')).ok).toBe(true);
    expect(browser.requests('/home').length).toBeGreaterThan(before);
    // The home the mirror holds is the teacher's (the kv row the dashboard reads).
    await until('the teacher’s home mirrored', async () => (await tab.snapshot('kv')).some((r) => (r as { key: string }).key === 'home'));
    expect(tab.getState().session).toMatchObject({ status: 'signed-in', user: { id: teacher.id } });
    engine.shutdown();
  });

  it('a read still on its way for the last user is not joined by the next one', async () => {
    const browser = new Browser(server);
    // The student's list is held on its way back until the teacher has signed in.
    const { fetch: recorded } = recordingFetch(browser.log, 'engine', browser.gate);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let hold = false;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const res = await recorded(input, init);
      if (hold && String(input).endsWith('/api/conversations')) {
        hold = false;
        await held;
      }
      return res;
    };
    const engine = browser.engine({ fetch });
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    hold = true;
    const studentRead = tab.loadMore({ kind: 'conversations' }, { fromStart: true });
    await until('the student’s list asked for', () => browser.requests('/conversations').length === 1);
    expect((await tab.signOut()).ok).toBe(true);

    await browser.signIn(tab, 'teacher@example.com');
    const teacherRead = tab.loadMore({ kind: 'conversations' }, { fromStart: true });
    await until('the teacher’s list asked for', () => browser.requests('/conversations').length === 2, 2000).finally(release);
    expect((await teacherRead).ok).toBe(true);
    await studentRead;
    expect(await titles(tab)).not.toEqual([]);
    expect((await tab.snapshot('lists')).map((l) => (l as { key: string }).key)).toContain('conversations');
    engine.shutdown();
  });

  it('a tab starting after a sign-out does not clear the sign-in another tab stored meanwhile', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('student@example.com');
    expect((await tab.signOut()).ok).toBe(true);
    expect(browser.storage.token).toBeNull();
    // A tab opens with nothing stored; its hello waits (for its presence lock, as in a browser).
    let present: () => void = () => {};
    const presence = new Promise<void>((r) => (present = r));
    const late = new EngineClient(engine, 'late-tab', { subscribe: browser.bus.subscribe }, browser.storage, { visible: true, online: true }, presence);
    // Meanwhile another tab's sign-in form stores the new sign-in (before telling the engine).
    const login = await tab.call<{ token: string; user: { id: number } }>({ method: 'POST', path: '/login', body: { email: 'teacher@example.com', password: 'password' } });
    if (!login.ok) throw new Error(login.error.message);
    browser.storage.save({ status: 'signed-in', token: login.data.token, user: login.data.user as never });
    present();
    await late.started;
    // The late tab's answer (a guest: signed out) predates that sign-in, and leaves it stored.
    expect(late.getState().session.status).toBe('guest');
    expect(browser.storage.token).toBe(login.data.token);
    engine.shutdown();
  });
});
