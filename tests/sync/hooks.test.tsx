// @vitest-environment jsdom
import { act, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBKeyRange } from 'fake-indexeddb';
import { getEngine, installEngine } from '../../src/lib/engine/connect.ts';
import { useConversations, useKv } from '../../src/lib/engine/hooks.ts';
import { useMirrorUser } from '../../src/lib/engine/mirror-rows.ts';
import { MirrorSource } from '../../src/lib/engine/source.ts';
import { setMirrorSource } from '../../src/lib/engine/tables.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

/** What a screen would render: the session, the live user, a kv document, the inbox list, the status. */
function Probe() {
  const client = getEngine();
  const { session, status } = useSyncExternalStore(client.subscribeState, client.getState);
  const user = useMirrorUser(session.status === 'signed-in');
  const home = useKv<{ enrollments_count: number }>('home').value;
  const { conversations, hasMore } = useConversations();
  return (
    <pre data-testid="probe">
      {JSON.stringify({ session: session.status, credits: user?.credits ?? null, home: home ? home.enrollments_count : null, conversations: conversations.length, hasMore, storage: status?.storage ?? null })}
    </pre>
  );
}

/** A kv document whose key changes with a prop (the query follows the key, not the first one). */
function KvProbe({ k }: { k: string }) {
  const doc = useKv<Record<string, unknown>>(k).value;
  return <pre data-testid="kv">{doc ? Object.keys(doc).sort().join(',') : 'none'}</pre>;
}

describe('the React hooks screens use', () => {
  it('render the mirror and follow its changes', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const tab = browser.tab(engine);
    installEngine(tab);
    setMirrorSource(new MirrorSource(() => tab, { indexedDB: browser.idb, IDBKeyRange }));
    const el = document.createElement('div');
    document.body.append(el);
    const root = createRoot(el);
    await act(async () => root.render(<Probe />));
    const read = () => JSON.parse(el.textContent || '{}') as Record<string, unknown>;
    expect(read()).toMatchObject({ session: 'guest', credits: null, home: null, conversations: 0 });

    await act(async () => void (await browser.signIn(tab, 'student@example.com')));
    // Signed in: the home document and the first page of conversations (fetched on mount by the list hook).
    await until('rendered from the mirror', async () => {
      await act(async () => {});
      const v = read();
      return v.session === 'signed-in' && v.home !== null && (v.conversations as number) > 0;
    });
    expect(read()).toMatchObject({ storage: 'indexeddb' });
    // The list's first read is fresh: it is not re-read again right after it arrived.
    await new Promise((r) => setTimeout(r, 300));
    expect(browser.requests(/\/conversations(\?|$)/)).toHaveLength(1);

    // A query whose key changes reads the new key's document.
    await tab.refresh('wallet');
    const kvEl = document.createElement('div');
    document.body.append(kvEl);
    const kvRoot = createRoot(kvEl);
    await act(async () => kvRoot.render(<KvProbe k="home" />));
    await until('home document', async () => (await act(async () => {}), (kvEl.textContent ?? '').includes('enrollments_count')));
    await act(async () => kvRoot.render(<KvProbe k="wallet" />));
    await until('wallet document', async () => (await act(async () => {}), (kvEl.textContent ?? '').includes('min_recharge_amount')));
    expect(kvEl.textContent).not.toContain('enrollments_count');
    await act(async () => kvRoot.render(<KvProbe k="no-such-key" />));
    await until('no document', async () => (await act(async () => {}), kvEl.textContent === 'none'));
    await act(async () => kvRoot.unmount());

    // A write elsewhere (a transfer) moves the credits the header shows.
    const before = read().credits as number;
    await tab.refresh('children');
    const child = ((await tab.snapshot('children')) as { id: number }[])[0]!;
    await act(async () => void (await tab.run({ id: 'hook-transfer', name: 'transfer', child_id: child.id, amount: 2 })));
    await until('credits re-rendered', async () => {
      await act(async () => {});
      return Math.abs((read().credits as number) - (before - 2)) < 0.001;
    });

    // Sign-out empties every screen.
    await act(async () => void (await tab.signOut({ force: true })));
    await until('emptied', async () => {
      await act(async () => {});
      const v = read();
      return v.session === 'guest' && v.home === null && v.conversations === 0 && v.credits === null;
    });
    await act(async () => root.unmount());
    engine.shutdown();
  });
});
