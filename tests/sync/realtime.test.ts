import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, User } from '../../db/entities.ts';
import type { KvRow, MessageRow } from '../../db/rows.ts';
import { echoClientFactory } from '../../worker/realtime/echo.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

/** laravel-echo over pusher-js's Node build: the same RealtimeClient the worker builds over its worker build. */
const realtime = echoClientFactory(Pusher);

const otherMember = (conversationId: number, me: number) =>
  (server.app.db.prepare('SELECT user_id FROM conversation_members WHERE conversation_id = ? AND user_id != ?').get(conversationId, me) as { user_id: number }).user_id;

const postAs = (conversationId: number, senderId: number, text: string) =>
  server.api('POST', `/test/conversations/${conversationId}/messages`, { body: { sender_id: senderId, text } });

describe('realtime', () => {
  it('new messages and inbox updates arrive live; after a reconnection the engine catches up on what it missed', async () => {
    const browser = new Browser(server);
    const engine = browser.engine({ realtime });
    const tab = browser.tab(engine);
    const me = await browser.signIn(tab, 'student@example.com');
    await until('realtime connected', () => tab.getState().status?.realtime === 'connected');

    await tab.loadMore({ kind: 'conversations' });
    const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
    await tab.watch({ kind: 'conversation', id: conv.id });
    await until('first page read', () => browser.requests(`/conversations/${conv.id}`).length === 1);
    const other = otherMember(conv.id, me.id);
    await new Promise((r) => setTimeout(r, 300)); // let the subscription settle

    // The other party writes: the message lands in the mirror with no request of ours.
    const before = browser.log.length;
    await postAs(conv.id, other, 'live, over the socket');
    await until('live message stored', async () => ((await tab.snapshot('messages')) as MessageRow[]).some((m) => m.text === 'live, over the socket'));
    // The inbox channel moved the unread count and the conversation's last message.
    const unread = (server.app.db.prepare('SELECT COUNT(*) AS n FROM conversation_members WHERE user_id = ? AND seen = 0').get(me.id) as { n: number }).n;
    expect(unread).toBeGreaterThan(0);
    await until('unread count updated', async () => {
      const user = ((await tab.snapshot('kv')) as KvRow<User>[]).find((r) => r.key === 'user')!.value;
      return user.unread_inbox_count === unread;
    });
    const stored = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => c.id === conv.id)!;
    expect(stored.last_message?.text).toBe('live, over the socket');
    expect(browser.log.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/conversations'))).toEqual([]);

    // Our own text: the reply and the socket's echo both carry client_key: one row.
    await tab.run({ id: 'echoed', name: 'sendMessage', conversationId: conv.id, text: 'mine, echoed back' });
    await new Promise((r) => setTimeout(r, 300));
    expect(((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.client_key === 'echoed')).toHaveLength(1);

    // The network drops: the socket is closed at once (the tab says so; the worker cannot tell).
    await tab.setOnline(false);
    await until('realtime down', () => tab.getState().status?.realtime === 'disconnected');
    await postAs(conv.id, other, 'missed while offline');
    await new Promise((r) => setTimeout(r, 200));
    expect(((await tab.snapshot('messages')) as MessageRow[]).some((m) => m.text === 'missed while offline')).toBe(false);

    // Back online: reconnect, then re-read what may have been missed (watched conversation, list, home).
    const reconnectAt = browser.log.length;
    await tab.setOnline(true);
    await until('realtime back', () => tab.getState().status?.realtime === 'connected');
    await until('caught up', async () => ((await tab.snapshot('messages')) as MessageRow[]).some((m) => m.text === 'missed while offline'));
    const paths = browser.log.slice(reconnectAt).map((r) => r.path);
    expect(paths).toContain(`/conversations/${conv.id}`);
    expect(paths).toContain('/conversations');
    expect(paths).toContain('/home');
    engine.shutdown();
  });
});
