import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import type { MessageRow, OutboxEntry } from '../../db/rows.ts';
import { EngineCallError } from '../../src/lib/engine/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

const serverRows = (clientKey: string) =>
  server.app.db.prepare('SELECT id, text FROM messages WHERE client_key = ?').all(clientKey) as { id: number; text: string }[];

async function openConversation(browser: Browser, tab: ReturnType<Browser['tab']>): Promise<Conversation> {
  await tab.loadMore({ kind: 'conversations' });
  const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
  expect(conv).toBeDefined();
  return conv;
}

describe('offline writes', () => {
  it('a text sent offline waits in the outbox, survives a reload, and is delivered exactly once, in order', async () => {
    const browser = new Browser(server);
    let engine = browser.engine();
    let tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    const conv = await openConversation(browser, tab);

    // The network goes.
    browser.gate.offline = true;
    await tab.setOnline(false);
    const first = await tab.run({ id: 'offline-1', name: 'sendMessage', conversationId: conv.id, text: 'first, written offline' });
    const second = await tab.run({ id: 'offline-2', name: 'sendMessage', conversationId: conv.id, text: 'second, written offline' });
    expect(first.queued).toBe(true);
    expect(second.queued).toBe(true);

    // Shown as pending: the rows and the status.
    const pending = ((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.pending);
    expect(pending.map((m) => m.id)).toEqual(['pending:offline-1', 'pending:offline-2']);
    await until('status counts two pending', () => tab.getState().status?.pendingMutations === 2);

    // Money is never queued: offline it fails at once, with the catalogue's words.
    const borrow = await tab.run({ id: 'borrow-offline', name: 'borrow', amount: 5 }).catch((e: unknown) => e);
    expect(borrow).toBeInstanceOf(EngineCallError);
    expect((borrow as EngineCallError).engineError).toMatchObject({ kind: 'offline', message: 'You are offline. This action needs a connection.' });

    // Reload: the worker goes away; a new engine opens the same IndexedDB.
    engine.shutdown();
    engine = browser.engine();
    tab = browser.tab(engine, { online: false });
    await tab.started;
    expect(tab.getState().session.status).toBe('signed-in');
    const outbox = (await tab.snapshot('outbox')) as OutboxEntry[];
    expect(outbox.map((o) => o.id)).toEqual(['offline-1', 'offline-2']);
    expect(serverRows('offline-1')).toEqual([]);

    // The network returns: both go, in order, once each.
    browser.gate.offline = false;
    await tab.setOnline(true);
    await until('outbox drained', async () => (await tab.snapshot('outbox')).length === 0);
    const [a] = serverRows('offline-1');
    const [b] = serverRows('offline-2');
    expect(a?.text).toBe('first, written offline');
    expect(b?.text).toBe('second, written offline');
    expect(a!.id).toBeLessThan(b!.id);

    // The pending rows became the server's rows: no duplicates.
    const mine = ((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.client_key === 'offline-1' || m.client_key === 'offline-2');
    expect(mine.map((m) => [m.id, m.pending ?? false])).toEqual([[a!.id, false], [b!.id, false]].sort());
    await until('status counts none pending', () => tab.getState().status?.pendingMutations === 0);

    // A later reconnection sends nothing again.
    await tab.setOnline(false);
    await tab.setOnline(true);
    expect(serverRows('offline-1')).toHaveLength(1);
    expect(serverRows('offline-2')).toHaveLength(1);
    engine.shutdown();
  });

  it('a reply lost on the way back is resent with the same Idempotency-Key and still applies once', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    const conv = await openConversation(browser, tab);

    browser.gate.loseReplies = 1;
    const r = await tab.run({ id: 'lost-reply', name: 'sendMessage', conversationId: conv.id, text: 'did it arrive?' });
    expect(r.queued).toBe(true);
    expect(serverRows('lost-reply')).toHaveLength(1); // the server has it; we do not know yet

    await tab.setOnline(false);
    await tab.setOnline(true);
    await until('outbox drained', async () => (await tab.snapshot('outbox')).length === 0);
    expect(serverRows('lost-reply')).toHaveLength(1);
    const posts = browser.requests(`/conversations/${conv.id}`).filter((q) => q.method === 'POST');
    expect(posts).toHaveLength(2);
    const mine = ((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.client_key === 'lost-reply');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.pending).toBeUndefined();
    engine.shutdown();
  });
});
