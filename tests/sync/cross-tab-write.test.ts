import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBKeyRange } from 'fake-indexeddb';
import type { Conversation } from '../../db/entities.ts';
import type { MessageRow } from '../../db/rows.ts';
import { installEngine } from '../../src/lib/engine/connect.ts';
import { optimisticText } from '../../src/lib/engine/optimistic.ts';
import { mirrorCollection } from '../../src/lib/engine/mirror-collection.ts';
import { MirrorSource } from '../../src/lib/engine/source.ts';
import { messagesCollection, setMirrorSource } from '../../src/lib/engine/tables.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

describe('a write in one tab renders in the others', () => {
  it('tab B shows the message tab A sent, with no request of its own, and tab A never flickers', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const a = browser.tab(engine, { id: 'tab-a' });
    const b = browser.tab(engine, { id: 'tab-b' });
    const user = await browser.signIn(a, 'student@example.com');

    // Tab A uses the app's collections and actions; tab B has its own collections over the same mirror.
    installEngine(a);
    setMirrorSource(new MirrorSource(() => a, { indexedDB: browser.idb, IDBKeyRange }));
    const sourceB = new MirrorSource(() => b, { indexedDB: browser.idb, IDBKeyRange });
    const bConversations = mirrorCollection<Conversation, number>(() => sourceB, 'conversations');
    const bMessages = mirrorCollection<MessageRow, number | string>(() => sourceB, 'messages');
    await Promise.all([bConversations.preload(), bMessages.preload(), messagesCollection.preload()]);

    // The inbox: A loads the conversation list; B's collection fills from the same mirror.
    expect((await a.loadMore({ kind: 'conversations' })).ok).toBe(true);
    await until('B sees the conversations', () => bConversations.size > 0);
    const conv = bConversations.toArray.find((c) => !c.closed)!;
    await a.watch({ kind: 'conversation', id: conv.id });
    await until('messages loaded', () => bMessages.toArray.some((m) => m.conversation_id === conv.id));

    // Watch every state of tab A's rows for this text: from the first render on, exactly one row.
    const text = `Assalamu alaikum ${Date.now()}`;
    const states: string[] = [];
    const sub = messagesCollection.subscribeChanges(() => {
      const rows = messagesCollection.toArray.filter((m) => m.text === text);
      states.push(rows.map((m) => (m.pending ? 'pending' : 'sent')).join(',') || 'none');
    });

    const before = browser.log.length;
    const id = 'text-1';
    const sent = optimisticText({ id, name: 'sendMessage', conversationId: conv.id, text });
    expect(messagesCollection.toArray.find((m) => m.text === text)?.pending).toBe(true);
    expect((await sent).ok).toBe(true);
    sub.unsubscribe();

    // Delivered once: the server's row (numeric id, client_key = the mutation id), no pending row left.
    const mine = messagesCollection.toArray.filter((m) => m.text === text);
    expect(mine).toHaveLength(1);
    expect(typeof mine[0]!.id).toBe('number');
    expect(mine[0]!.client_key).toBe(id);
    expect(states.filter((s) => s !== 'pending' && s !== 'sent')).toEqual([]);
    expect(states.at(-1)).toBe('sent');

    // Tab B renders it too, from the broadcast diff.
    await until('B sees the sent message', () => bMessages.toArray.some((m) => m.text === text && !m.pending));
    expect(bMessages.toArray.filter((m) => m.text === text)).toHaveLength(1);
    // The only request was the send itself: no tab fetched anything to show it.
    expect(browser.log.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([`POST /conversations/${conv.id}`]);
    expect(user.id).toBeGreaterThan(0);

    // A send the server refuses (422) shows at once, then rolls back, with the field message.
    const bad = { id: 'text-2' };
    const refused = optimisticText({ id: bad.id, name: 'sendMessage', conversationId: conv.id, text: 'y'.repeat(5001) });
    expect(messagesCollection.has(`pending:${bad.id}`)).toBe(true);
    const r = await refused;
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'validation', message: 'The text may not be greater than 5000 characters.' });
    expect(messagesCollection.has(`pending:${bad.id}`)).toBe(false);
    await until('B never keeps it', () => !bMessages.has(`pending:${bad.id}`));
    engine.shutdown();
  });
});
