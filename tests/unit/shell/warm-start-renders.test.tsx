// @vitest-environment jsdom
/**
 * A warm start renders the first screen once with its data, not again each time the engine answers
 * with what the tab already had (issue 27: the dashboard rendered four times over in a reload).
 */
import { act, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import type { EngineApi, EngineEvent, SessionState } from '../../../db/engine-api.ts';
import type { User } from '../../../db/entities.ts';
import { EngineClient } from '../../../src/lib/engine/client.ts';
import { lazyPage } from '../../../src/app/lazy-page.ts';
import { host, mountPerTest, root } from '../render-root.tsx';

mountPerTest();

const user = { id: 4, name: 'Yusuf', email: 'student@example.com', credits: 45 } as unknown as User;
const signedIn = (u: User): SessionState => ({ status: 'signed-in', token: 't', user: u });

function clientWith(hello: () => Promise<unknown>) {
  let emit!: (e: EngineEvent) => void;
  const api = { hello } as unknown as EngineApi;
  const feed = { subscribe: (cb: (e: EngineEvent) => void) => ((emit = cb), () => {}) };
  const stored = { token: 't', user: structuredClone(user) };
  const client = new EngineClient(api, 'tab', feed, { load: () => stored, save: () => {} });
  return { client, emit: (e: EngineEvent) => emit(e) };
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
