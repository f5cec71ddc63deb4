// @vitest-environment jsdom
/**
 * A warm start renders the first screen once with its data, not again each time the engine answers
 * with what the tab already had (issue 27: the dashboard rendered four times over in a reload).
 */
import { act, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import type { EngineApi, EngineEvent, SessionState } from '../../../db/engine-api.ts';
import type { AppSettings, User } from '../../../db/entities.ts';
import { EngineClient, localSessionStore, SETTINGS_KEY } from '../../../src/lib/engine/client.ts';
import { lazyPage } from '../../../src/app/lazy-page.ts';
import { host, mountPerTest, root } from '../render-root.tsx';

mountPerTest();

const user = { id: 4, name: 'Yusuf', email: 'student@example.com', credits: 45 } as unknown as User;
const signedIn = (u: User): SessionState => ({ status: 'signed-in', token: 't', user: u });

function clientWith(hello: () => Promise<unknown>, settings: AppSettings | null = null) {
  let emit!: (e: EngineEvent) => void;
  const api = { hello } as unknown as EngineApi;
  const feed = { subscribe: (cb: (e: EngineEvent) => void) => ((emit = cb), () => {}) };
  const stored = { token: 't', user: structuredClone(user), settings };
  const saved: AppSettings[] = [];
  const client = new EngineClient(api, 'tab', feed, { load: () => stored, save: () => {}, saveSettings: (s) => void saved.push(s) });
  return { client, saved, emit: (e: EngineEvent) => emit(e) };
}

describe('the engine client keeps what did not change', () => {
  it("hello and session events with the same content keep the same session and settings objects, and tell no one", async () => {
    const settings = { enable_app_wallet: true, home_reload_timeout: 10 };
    const { client, emit } = clientWith(async () => ({ session: signedIn(structuredClone(user)), settings: structuredClone(settings), status: null }));
    const before = client.getState().session;
    await client.started;
    // Hello answered the stored session again: the object shown stays, only `ready` changed.
    expect(client.getState().session).toBe(before);
    let told = 0;
    client.subscribeState(() => (told += 1));
    const { settings: s1 } = client.getState();
    emit({ type: 'session', session: signedIn(structuredClone(user)) } as EngineEvent);
    emit({ type: 'settings', settings: structuredClone(settings) } as EngineEvent);
    expect(told).toBe(0);
    expect(client.getState().session).toBe(before);
    expect(client.getState().settings).toBe(s1);
    // A real change is passed on.
    emit({ type: 'session', session: signedIn({ ...user, credits: 40 }) } as EngineEvent);
    expect(told).toBe(1);
    expect((client.getState().session as { user: User }).user.credits).toBe(40);
  });
});

describe('the settings last received', () => {
  it('stand in from the first frame until the engine answers, and what it answers is kept for the next start', async () => {
    const before = { enable_app_wallet: true, home_reload_timeout: 10 } as unknown as AppSettings;
    const now = { enable_app_wallet: false, home_reload_timeout: 10 } as unknown as AppSettings;
    let answer!: () => void;
    const { client, saved, emit } = clientWith(() => new Promise((r) => (answer = () => r({ session: signedIn(structuredClone(user)), settings: now, status: null }))), before);
    expect(client.getState().settings).toBe(before);
    expect(client.getState().ready).toBe(false);
    await new Promise((r) => setTimeout(r, 0)); // hello is asked once the tab holds its presence lock
    expect(client.getState().settings).toBe(before);
    answer();
    await client.started;
    expect(client.getState().settings).toEqual(now);
    expect(saved).toEqual([now]);
    const later = { ...now, enable_app_wallet: true };
    emit({ type: 'settings', settings: later } as EngineEvent);
    expect(saved).toEqual([now, later]);
  });

  it('in localStorage: kept when the session ends; unreadable, none', () => {
    const storage = new Map<string, string>();
    const local = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    } as unknown as Storage;
    const store = localSessionStore(local);
    store.saveSettings({ enable_app_wallet: true } as unknown as AppSettings);
    store.save({ status: 'guest', reason: 'signed-out' } as SessionState);
    expect(store.load().settings).toEqual({ enable_app_wallet: true });
    storage.set(SETTINGS_KEY, '{not json');
    expect(store.load().settings).toBeNull();
    storage.set(SETTINGS_KEY, '"a string"');
    expect(store.load().settings).toBeNull();
  });
});

describe('a screen whose code is already here', () => {
  it('renders in the same pass as its parents, without its fallback', async () => {
    const Page = lazyPage(async () => ({ default: () => <h1>Dashboard</h1> }));
    await Page.preload();
    const seen: string[] = [];
    const Fallback = () => {
      seen.push('fallback');
      return <p>loading</p>;
    };
    act(() => root.render(<Suspense fallback={<Fallback />}><Page /></Suspense>));
    expect(seen).toEqual([]);
    expect(host.textContent).toBe('Dashboard');
  });

  it('one not loaded yet shows the fallback, then the screen', async () => {
    let arrive!: () => void;
    const Page = lazyPage(() => new Promise((r) => (arrive = () => r({ default: () => <h1>Inbox</h1> }))));
    await act(async () => root.render(<Suspense fallback={<p>loading</p>}><Page /></Suspense>));
    expect(host.textContent).toBe('loading');
    await act(async () => arrive());
    expect(host.textContent).toBe('Inbox');
  });
});
