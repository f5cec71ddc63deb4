import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../db/entities.ts';
import type { MessageRow } from '../../db/rows.ts';
import type { TestServer } from '../helpers/server.ts';
import { FIRST_READ_WAIT_MS } from '../../worker/realtime/realtime-sync.ts';
import { fakeRealtime } from './fakes/realtime.ts';
import { Browser, startWorld, until } from './harness.ts';

/**
 * Issue 14, item 9: a tab showed 1 of 5 messages sent over the socket until a reload. Realtime
 * events sent while a channel is deaf are lost for good (a Pusher server keeps nothing), so
 * whenever a channel may have been deaf the engine reads what it keeps fresh, once the channel
 * hears again: after a reconnection, when its channels are subscribed again (not when the socket
 * connects, before that), and after a subscription that failed (its auth request lost), which it
 * tries again by itself. The socket here is driven by hand, so every ordering is the same each run.
 */

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

const otherMember = (conversationId: number, me: number) =>
  (server.app.db.prepare('SELECT user_id FROM conversation_members WHERE conversation_id = ? AND user_id != ?').get(conversationId, me) as { user_id: number }).user_id;
const postAs = async (conversationId: number, senderId: number, text: string): Promise<Message> =>
  (await server.api<{ data: Message }>('POST', `/test/conversations/${conversationId}/messages`, { body: { sender_id: senderId, text } })).body.data;

/** A signed-in tab whose socket is connected, none of its channels subscribed yet. */
async function signedIn(email: string) {
  const browser = new Browser(server);
  const rt = fakeRealtime();
  const engine = browser.engine({ realtime: rt.factory });
  const tab = browser.tab(engine);
  const me = await browser.signIn(tab, email);
  const socket = rt.current;
  socket.up();
  return { browser, rt, engine, tab, me, socket };
}

async function watchedConversation(email: string) {
  const { browser, rt, engine, tab, me, socket } = await signedIn(email);
  socket.subscribe(`User.${me.id}.Inbox`);
  await tab.loadMore({ kind: 'conversations' });
  const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
  await tab.watch({ kind: 'conversation', id: conv.id });
  const channel = `Conversation.${conv.id}`;
  const reads = () => browser.requests(`/conversations/${conv.id}`);
  const firstRead = () => until('first page read', () => reads().some((r) => r.end !== undefined));
  const settled = () => until('no request in flight', () => browser.log.every((r) => r.end !== undefined));
  await settled();
  const texts = async () => ((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.conversation_id === conv.id).map((m) => m.text);
  return { browser, engine, tab, me, rt, socket, conv, channel, other: otherMember(conv.id, me.id), reads, firstRead, settled, texts };
}

describe('realtime: nothing missed while a channel was deaf', () => {
  it('a message sent as a conversation is opened, before its channel is subscribed, is read: the newest page is read once the channel hears', async () => {
    const { engine, tab, socket, channel, conv, other, reads, firstRead, settled, texts } = await watchedConversation('student@example.com');
    // The channel's subscription is on its way (an auth request, a round trip): nothing read yet.
    expect(reads()).toHaveLength(0);
    // The screen's own first read of the list waits for that read instead of racing it.
    let screenRead: unknown = null;
    void tab.loadMore({ kind: 'messages', conversationId: conv.id }, { fromStart: true }).then((r) => (screenRead = r));
    await postAs(conv.id, other, 'sent while the channel was being subscribed');
    await settled();
    expect(reads()).toHaveLength(0);
    expect(screenRead).toBeNull();
    socket.subscribe(channel);
    await firstRead();
    await until('the screen has its answer', () => screenRead !== null);
    expect(screenRead).toMatchObject({ ok: true });
    await until('message read', async () => (await texts()).includes('sent while the channel was being subscribed'));
    await settled();
    expect(reads()).toHaveLength(1);
    engine.shutdown();
  });

  it('a channel slow to subscribe does not hold the conversation back: its newest page is read after a wait, and again once the channel hears', async () => {
    const { engine, socket, channel, conv, other, reads, firstRead, settled, texts } = await watchedConversation('teacher@example.com');
    const started = Date.now();
    await firstRead();
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_READ_WAIT_MS - 500);
    await postAs(conv.id, other, 'sent before the slow channel heard');
    socket.subscribe(channel);
    await until('message read', async () => (await texts()).includes('sent before the slow channel heard'));
    await settled();
    expect(reads()).toHaveLength(2);
    engine.shutdown();
  });

  it("the user's sync starting again while a first read waits (a new token): the screen's read is answered, once the new socket's channel hears", async () => {
    const { browser, engine, tab, rt, socket, conv, other, reads, settled, texts } = await watchedConversation('student@example.com');
    const list = { kind: 'messages' as const, conversationId: conv.id };
    let answered: unknown = null;
    void tab.loadMore(list, { fromStart: true }).then((r) => (answered = r));
    await browser.signIn(tab, 'student@example.com');
    expect(rt.current).not.toBe(socket);
    await postAs(conv.id, other, 'sent while the socket started again');
    rt.current.up();
    rt.current.subscribeAll();
    await until('the screen has its answer', () => answered !== null);
    expect(answered).toMatchObject({ ok: true });
    await until('message read', async () => (await texts()).includes('sent while the socket started again'));
    await settled();
    expect(reads()).toHaveLength(1);
    // Watched again by the restarted sync: nothing waits, and a later read of the screen is answered.
    await expect(tab.loadMore(list, { fromStart: true })).resolves.toMatchObject({ ok: true });
    engine.shutdown();
  });

  it('with no realtime at all, the conversation is read at once, and again when the same user signs in again', async () => {
    const browser = new Browser(server);
    const engine = browser.engine({});
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    await tab.loadMore({ kind: 'conversations' });
    const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
    await tab.watch({ kind: 'conversation', id: conv.id });
    const list = { kind: 'messages' as const, conversationId: conv.id };
    await expect(tab.loadMore(list, { fromStart: true })).resolves.toMatchObject({ ok: true });
    await browser.signIn(tab, 'student@example.com');
    await expect(tab.loadMore(list, { fromStart: true })).resolves.toMatchObject({ ok: true });
    engine.shutdown();
  });

  it('after a reconnection, what was sent before the channels were subscribed again is read once they are', async () => {
    const { browser, engine, socket, conv, channel, other, firstRead, settled, texts } = await watchedConversation('student@example.com');
    // The first subscription brings the first read; no other.
    socket.subscribe(channel);
    await firstRead();
    await settled();
    const opened = browser.requests(`/conversations/${conv.id}`).length;
    expect(opened).toBe(1);
    const live = await postAs(conv.id, other, 'live 1');
    expect(socket.send(channel, 'NewConversationMessage', { data: live })).toBe(true);
    await until('live message stored', async () => (await texts()).includes('live 1'));
    await settled();
    expect(browser.requests(`/conversations/${conv.id}`)).toHaveLength(opened);

    // The socket drops; a message is sent meanwhile.
    socket.drop();
    await postAs(conv.id, other, 'while the socket was down');
    // It connects again. Its channels are subscribed only after that (an auth request and a
    // round trip each): a message sent in between reaches no one.
    socket.up();
    await settled();
    await postAs(conv.id, other, 'after the socket was back, before the channel was');
    socket.subscribeAll();

    await until('both missed messages read', async () => {
      const t = await texts();
      return t.includes('while the socket was down') && t.includes('after the socket was back, before the channel was');
    });
    // The re-read came after the channel heard again, and so did the inbox's (home, list).
    await settled();
    expect(browser.requests('/conversations').length).toBeGreaterThan(1);
    expect(browser.requests('/home').length).toBeGreaterThan(0);
    engine.shutdown();
  });

  it('a subscription that failed is tried again, and what was sent while the channel was deaf is read', async () => {
    const { engine, socket, conv, channel, other, firstRead, texts } = await watchedConversation('teacher@example.com');
    // The channel's auth request is lost: the server never delivers this conversation's events.
    // The conversation is read at once all the same.
    socket.subscribe(channel, false);
    await firstRead();
    const deaf = await postAs(conv.id, other, 'sent while the channel was deaf');
    expect(socket.send(channel, 'NewConversationMessage', { data: deaf })).toBe(false);

    // Without a reconnection or a reload, the engine joins the channel again by itself...
    await until('channel joined again', () => (socket.joins.get(channel) ?? 0) > 1, 3000);
    socket.subscribe(channel);
    // ...and reads what it missed.
    await until('missed message read', async () => (await texts()).includes('sent while the channel was deaf'));
    // The channel hears again.
    const live = await postAs(conv.id, other, 'live again');
    expect(socket.send(channel, 'NewConversationMessage', { data: live })).toBe(true);
    await until('live message stored', async () => (await texts()).includes('live again'));
    engine.shutdown();
  });

  it("a message sent after the conversation list was read and before the inbox channel's first subscription is in the list once it hears", async () => {
    const { browser, engine, tab, me, socket } = await signedIn('student@example.com');
    // The inbox opens with the app: its list is read while the inbox channel is still subscribing.
    await tab.loadMore({ kind: 'conversations' });
    const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
    const lists = () => browser.requests('/conversations').length;
    const read = lists();
    const missed = await postAs(conv.id, otherMember(conv.id, me.id), 'sent before the inbox channel heard');
    const lastOf = async () => ((await tab.snapshot('conversations')) as Conversation[]).find((c) => c.id === conv.id)?.last_message?.id;
    expect(await lastOf()).not.toBe(missed.id);

    socket.subscribe(`User.${me.id}.Inbox`);
    await until('the list read again', async () => (await lastOf()) === missed.id);
    expect(lists()).toBe(read + 1);
    engine.shutdown();
  });

  it("the inbox channel's first subscription reads nothing again when the list was not read before it", async () => {
    const { browser, engine, me, socket } = await signedIn('student@example.com');
    const settled = () => until('no request in flight', () => browser.log.every((r) => r.end !== undefined));
    await settled();
    const before = browser.log.length;
    socket.subscribe(`User.${me.id}.Inbox`);
    await new Promise((r) => setTimeout(r, 100));
    await settled();
    expect(browser.log.slice(before).map((r) => r.path)).toEqual([]);
    engine.shutdown();
  });
});
