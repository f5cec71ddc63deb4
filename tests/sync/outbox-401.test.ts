import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, User } from '../../db/entities.ts';
import type { MessageRow, OutboxEntry } from '../../db/rows.ts';
import type { EngineClient } from '../../src/lib/engine/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, sleep, startWorld, until } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld({ home: 200 })));
afterAll(() => server.close());

/** The server's rows of one mutation (its id is the Idempotency-Key, stored as the message's client_key). */
const serverRows = (clientKey: string) =>
  server.app.db.prepare('SELECT id, text FROM messages WHERE client_key = ?').all(clientKey) as { id: number; text: string }[];

async function openConversation(tab: EngineClient): Promise<Conversation> {
  await tab.loadMore({ kind: 'conversations' });
  const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
  expect(conv).toBeDefined();
  return conv;
}

const texts = async (tab: EngineClient) => ((await tab.snapshot('messages')) as MessageRow[]).map((m) => m.text);

describe('the outbox across a 401', () => {
  it('unsent messages outlive a 401, every tab counts them, another user never sees or sends them, and the same user’s next sign-in sends them once, in order', async () => {
    const browser = new Browser(server);
    let engine = browser.engine();
    const [a, b] = [browser.tab(engine), browser.tab(engine)];
    const student = await browser.signIn(a, 'student@example.com');
    const conv = await openConversation(a);
    const token = browser.storage.token!;

    // One message reaches the server but its reply is lost (it stays queued, to be resent under
    // the same key); two more are written offline.
    browser.gate.loseReplies = 1;
    const lost = await a.run({ id: 'kept-0', name: 'sendMessage', conversationId: conv.id, text: 'kept 0: reply lost' });
    expect(lost.queued).toBe(true);
    expect(serverRows('kept-0')).toHaveLength(1);
    browser.gate.offline = true;
    await a.setOnline(false);
    await a.run({ id: 'kept-1', name: 'sendMessage', conversationId: conv.id, text: 'kept 1: written offline' });
    await a.run({ id: 'kept-2', name: 'sendMessage', conversationId: conv.id, text: 'kept 2: written offline' });
    await until('three pending', () => b.getState().status?.pendingMutations === 3);

    // The token is revoked elsewhere; the network returns and the first resend meets the 401.
    expect((await server.api('POST', '/logout', { token })).status).toBe(200);
    browser.gate.offline = false;
    await a.setOnline(true);

    // Every tab is signed out and told how many changes wait; the user's mirror is gone.
    await until('tab B counts the kept changes', () => {
      const s = b.getState().session;
      return s.status === 'guest' && s.unsent === 3;
    });
    expect(a.getState().session).toEqual({ status: 'guest', reason: 'unauthorized', unsent: 3 });
    await until('mirror deleted', async () => !(await browser.databases()).includes(`tutoring-u${student.id}`));
    expect(serverRows('kept-1')).toEqual([]);
    expect(serverRows('kept-2')).toEqual([]);

    // A tab opened now, and a tab of a restarted engine (the browser reopened), say so too.
    const late = browser.tab(engine);
    await late.started;
    expect(late.getState().session).toMatchObject({ status: 'guest', unsent: 3 });
    engine.shutdown();
    engine = browser.engine();
    const reopened = browser.tab(engine);
    await reopened.started;
    expect(reopened.getState().session).toEqual({ status: 'guest', unsent: 3 });

    // Another user signs in on this device: nothing of the student's shows or is sent.
    const teacher = await browser.signIn(reopened, 'teacher@example.com');
    expect(teacher.id).not.toBe(student.id);
    await reopened.loadMore({ kind: 'conversations' });
    await sleep(600); // polls and the outbox's drain run meanwhile
    expect(await reopened.snapshot('outbox')).toEqual([]);
    expect((await texts(reopened)).filter((t) => t?.startsWith('kept '))).toEqual([]);
    expect(reopened.getState().status?.pendingMutations).toBe(0);
    expect(serverRows('kept-1')).toEqual([]);
    expect(serverRows('kept-2')).toEqual([]);
    expect(serverRows('kept-0')).toHaveLength(1);
    // Their sign-out has nothing to ask about; the sign-in page no longer speaks of the student's changes.
    expect((await reopened.signOut()).ok).toBe(true);
    await until('teacher signed out', () => reopened.getState().session.status === 'guest');
    expect(reopened.getState().session).toEqual({ status: 'guest', reason: 'signed-out' });

    // The student signs in again: the three are back in their outbox and sent once each, in order.
    await browser.signIn(reopened, 'student@example.com');
    await until('outbox empty', async () => (await reopened.snapshot('outbox')).length === 0, 6000);
    const rows = ['kept-0', 'kept-1', 'kept-2'].map(serverRows);
    expect(rows.map((r) => r.length)).toEqual([1, 1, 1]);
    const [r0, r1, r2] = rows.map((r) => r[0]!);
    expect([r0, r1, r2].map((r) => r!.text)).toEqual(['kept 0: reply lost', 'kept 1: written offline', 'kept 2: written offline']);
    expect(r0!.id).toBeLessThan(r1!.id);
    expect(r1!.id).toBeLessThan(r2!.id);
    // Their mirror holds the delivered messages, no pending copy; the device keeps nothing more.
    await until('delivered rows mirrored', async () => {
      const mine = ((await reopened.snapshot('messages')) as MessageRow[]).filter((m) => m.text?.startsWith('kept '));
      return mine.length === 3 && mine.every((m) => !m.pending);
    });
    await until('nothing pending', () => reopened.getState().status?.pendingMutations === 0);
    engine.shutdown();
    engine = browser.engine();
    const again = browser.tab(engine);
    await again.started;
    expect(again.getState().session).toMatchObject({ status: 'signed-in', user: { id: student.id } });
    expect(((await again.snapshot('outbox')) as OutboxEntry[])).toEqual([]);
    await sleep(300);
    expect(['kept-0', 'kept-1', 'kept-2'].map((k) => serverRows(k).length)).toEqual([1, 1, 1]);
    engine.shutdown();
  });

  it('while offline after the sign-in, the kept messages show as pending again', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    const conv = await openConversation(tab);
    browser.gate.offline = true;
    await tab.setOnline(false);
    await tab.run({ id: 'pending-again', name: 'sendMessage', conversationId: conv.id, text: 'pending again' });
    await server.api('POST', '/logout', { token: browser.storage.token });
    browser.gate.offline = false;
    await tab.setOnline(true);
    await until('signed out with one kept', () => tab.getState().session.status === 'guest' && (tab.getState().session as { unsent?: number }).unsent === 1);

    // Signed in again, the network drops before the outbox drains: the message shows as pending.
    const login = await tab.call<{ token: string; user: User }>({ method: 'POST', path: '/login', body: { email: 'student@example.com', password: 'password' } });
    expect(login.ok).toBe(true);
    if (!login.ok) return;
    browser.gate.offline = true;
    await tab.setOnline(false);
    await tab.signIn(login.data.token, login.data.user);
    const pending = ((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.pending);
    expect(pending.map((m) => [m.id, m.text])).toEqual([['pending:pending-again', 'pending again']]);
    expect(((await tab.snapshot('outbox')) as OutboxEntry[]).map((o) => o.id)).toEqual(['pending-again']);
    await until('status counts it', () => tab.getState().status?.pendingMutations === 1);

    // Online: sent once.
    browser.gate.offline = false;
    await tab.setOnline(true);
    await until('sent', async () => (await tab.snapshot('outbox')).length === 0);
    expect(serverRows('pending-again')).toHaveLength(1);
    engine.shutdown();
  });
});
