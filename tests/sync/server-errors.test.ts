import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import type { EngineError } from '../../db/engine-api.ts';
import { MESSAGES } from '../../db/messages.ts';
import type { MessageRow, OutboxEntry, ScheduleRowStored } from '../../db/rows.ts';
import { EngineCallError, type EngineClient } from '../../src/lib/engine/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

/**
 * Issue 26: a server that answered with an error is not "offline". Through a failing proxy (the
 * harness's gate answers writes with a status), a queued mutation that fails while the browser is
 * online is reported at once in the policy's words; a 502/503/504 keeps it and it goes by itself
 * once the server answers again, once; a 500 lists it as not sent, where Retry sends it once and
 * Discard undoes it. "Saved on this device" is only for a request that did not reach the server.
 */

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

const HOURS = [{ day: 1, start_time: '09:00', end_time: '11:00' }];
const OTHER_HOURS = [{ day: 3, start_time: '14:00', end_time: '16:30' }];

const scheduleOf = (teacherId: number) =>
  server.app.db.prepare('SELECT day, start_time, end_time FROM teacher_schedule WHERE teacher_id = ? ORDER BY day, start_time').all(teacherId);
const messagesWith = (clientKey: string) => server.app.db.prepare('SELECT id FROM messages WHERE client_key = ?').all(clientKey);
const outbox = async (tab: EngineClient) => (await tab.snapshot('outbox')) as OutboxEntry[];

/** Runs a mutation and answers its error (it must fail). */
async function failure(p: Promise<unknown>): Promise<EngineError> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(EngineCallError);
  return (e as EngineCallError).engineError;
}

async function openConversation(tab: EngineClient): Promise<Conversation> {
  await tab.loadMore({ kind: 'conversations' });
  const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
  expect(conv).toBeDefined();
  return conv;
}

describe('a server error while online', () => {
  it('a 500 is reported at once in the policy’s words, listed as not sent, and Retry sends it once', async () => {
    const browser = new Browser(server);
    const { engine, tab, user } = await browser.signedInTab('teacher@example.com');
    await tab.refresh('teacher-schedule');
    const before = scheduleOf(user.id);

    browser.gate.fail = { status: 500, path: /^\/teacher-schedule/ };
    const error = await failure(tab.run({ id: 'hours-500', name: 'saveSchedule', schedule: HOURS }));
    expect(error).toMatchObject({ kind: 'server', status: 500, message: MESSAGES.saveFailed });
    expect(error.message).not.toBe(MESSAGES.queued);
    expect(scheduleOf(user.id)).toEqual(before);

    // Not sent, with why; not counted as on its way (the chip says "not sent", never "Sending").
    const [entry] = await outbox(tab);
    expect(entry).toMatchObject({ id: 'hours-500', status: 'failed', error: { message: MESSAGES.saveFailed } });
    await until('status counts it not sent', () => tab.getState().status?.failedMutations === 1);
    expect(tab.getState().status?.pendingMutations).toBe(0);
    // What the teacher saved stays on screen until they retry or discard it.
    expect(((await tab.snapshot('teacherSchedule')) as ScheduleRowStored[]).map(({ day, start_time, end_time }) => ({ day, start_time, end_time }))).toEqual(HOURS);

    // Not retried by itself: a later read that works sends nothing.
    await tab.refresh('teacher-schedule', { force: true });
    expect(browser.requests('/teacher-schedule').filter((r) => r.method === 'PUT')).toHaveLength(1);

    // The server is healthy again; the user presses Retry: it goes once, under the same key.
    browser.gate.fail = undefined;
    await tab.retry('hours-500');
    await until('outbox empty', async () => (await outbox(tab)).length === 0);
    expect(scheduleOf(user.id)).toEqual(HOURS);
    const puts = browser.requests('/teacher-schedule').filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.status)).toEqual([500, 200]);
    await until('status counts nothing', () => tab.getState().status?.failedMutations === 0 && tab.getState().status?.pendingMutations === 0);
    engine.shutdown();
  });

  it('Discard of a not-sent change undoes what it showed and sends nothing', async () => {
    const browser = new Browser(server);
    const { engine, tab, user } = await browser.signedInTab('teacher@example.com');
    await tab.refresh('teacher-schedule');
    const shown = async () => ((await tab.snapshot('teacherSchedule')) as ScheduleRowStored[]).map(({ day, start_time, end_time }) => ({ day, start_time, end_time }));
    const before = await shown();
    const serverBefore = scheduleOf(user.id);

    browser.gate.fail = { status: 500, path: /^\/teacher-schedule/ };
    await failure(tab.run({ id: 'hours-discard', name: 'saveSchedule', schedule: OTHER_HOURS }));
    expect(await shown()).toEqual(OTHER_HOURS);
    browser.gate.fail = undefined;

    await tab.discard('hours-discard');
    expect(await outbox(tab)).toEqual([]);
    expect(await shown()).toEqual(before);
    await tab.refresh('notifications', { force: true });
    expect(browser.requests('/teacher-schedule').filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(scheduleOf(user.id)).toEqual(serverBefore);
    await until('status counts nothing', () => tab.getState().status?.failedMutations === 0);
    engine.shutdown();
  });

  it('a 503 burst during a deploy: reported at once, kept, sent again by itself and delivered once', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('student@example.com');
    const conv = await openConversation(tab);
    const posts = () => browser.requests(`/conversations/${conv.id}`).filter((r) => r.method === 'POST');

    // The deploy starts: every write is answered 503 by the gateway.
    browser.gate.fail = { status: 503 };
    const error = await failure(tab.run({ id: 'deploy-1', name: 'sendMessage', conversationId: conv.id, text: 'sent during a deploy' }));
    expect(error).toMatchObject({ kind: 'server', status: 503, message: MESSAGES.actionFailed });

    // Kept on its way, with why; the pending message stays on screen.
    const [entry] = await outbox(tab);
    expect(entry).toMatchObject({ id: 'deploy-1', status: 'queued', attempts: 1, error: { status: 503 } });
    await until('status counts it retrying', () => tab.getState().status?.retryingMutations === 1 && tab.getState().status?.pendingMutations === 1);
    expect(((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.client_key === 'deploy-1').map((m) => m.pending)).toEqual([true]);

    // Still deploying: it is sent again by itself (after its backoff, or at once when a read
    // works), and refused again.
    await tab.refresh('notifications', { force: true });
    await until('sent again', () => posts().length === 2 && posts()[1]!.status === 503);
    await until('second attempt stored', async () => (await outbox(tab))[0]?.attempts === 2);

    // The deploy is over: the next read that works sends it, once.
    browser.gate.fail = undefined;
    await tab.refresh('notifications', { force: true });
    await until('delivered', async () => (await outbox(tab)).length === 0);
    expect(messagesWith('deploy-1')).toHaveLength(1);
    expect(posts().map((r) => r.status)).toEqual([503, 503, 200]);
    const mine = ((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.client_key === 'deploy-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.pending).toBeUndefined();

    // Nothing goes again later.
    await tab.setOnline(false);
    await tab.setOnline(true);
    await tab.refresh('home', { force: true });
    expect(messagesWith('deploy-1')).toHaveLength(1);
    engine.shutdown();
  });

  it('a 502 kept for retry goes by itself once the server recovers, after a reload too', async () => {
    const browser = new Browser(server);
    let engine = browser.engine();
    let tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    const conv = await openConversation(tab);

    browser.gate.fail = { status: 502 };
    await failure(tab.run({ id: 'gateway-1', name: 'sendMessage', conversationId: conv.id, text: 'through a bad gateway' }));
    expect(messagesWith('gateway-1')).toHaveLength(0);

    // Reload while it waits: the new engine sends it when it starts, and the server is back.
    engine.shutdown();
    browser.gate.fail = undefined;
    engine = browser.engine();
    tab = browser.tab(engine);
    await tab.started;
    await until('delivered after the reload', async () => (await outbox(tab)).length === 0);
    expect(messagesWith('gateway-1')).toHaveLength(1);
    engine.shutdown();
  });

  it('only a request that did not reach the server is "saved on this device"', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('student@example.com');
    const conv = await openConversation(tab);
    browser.gate.offline = true; // the browser says online; the request never arrives
    const r = await tab.run({ id: 'unreached-1', name: 'sendMessage', conversationId: conv.id, text: 'into the void' });
    expect(r.queued).toBe(true);
    expect(await outbox(tab)).toMatchObject([{ id: 'unreached-1', status: 'queued', attempts: 0 }]);
    expect(tab.getState().status?.failedMutations ?? 0).toBe(0);
    browser.gate.offline = false;
    await tab.setOnline(false);
    await tab.setOnline(true);
    await until('delivered', async () => (await outbox(tab)).length === 0);
    expect(messagesWith('unreached-1')).toHaveLength(1);
    engine.shutdown();
  });

  it('a 422 answers its first field message and undoes the change; a later refusal of a queued one is listed, not lost', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('teacher@example.com');
    await tab.refresh('teacher-schedule');
    const shown = async () => ((await tab.snapshot('teacherSchedule')) as ScheduleRowStored[]).map(({ day, start_time, end_time }) => ({ day, start_time, end_time }));
    const before = await shown();
    const bad = [{ day: 9, start_time: '09:00', end_time: '08:00' }];
    const error = await failure(tab.run({ id: 'hours-422', name: 'saveSchedule', schedule: bad }));
    expect(error.kind).toBe('validation');
    expect(error.message).not.toBe(MESSAGES.saveFailed);
    expect(await shown()).toEqual(before);
    expect(await outbox(tab)).toEqual([]);

    // Saved offline, refused once the network returns: the teacher was told it was saved, so it
    // stays listed as not sent, with the server's reason, until they discard it.
    browser.gate.offline = true;
    await tab.setOnline(false);
    expect((await tab.run({ id: 'hours-422-later', name: 'saveSchedule', schedule: bad })).queued).toBe(true);
    browser.gate.offline = false;
    await tab.setOnline(true);
    await until('listed as not sent', async () => (await outbox(tab))[0]?.status === 'failed');
    expect((await outbox(tab))[0]!.error).toMatchObject({ kind: 'validation', status: 422 });
    await tab.discard('hours-422-later');
    expect(await shown()).toEqual(before);
    engine.shutdown();
  });

  it('a not-sent change holds sign-out back as before, and outlives a 401 for the same user', async () => {
    const browser = new Browser(server);
    let engine = browser.engine();
    let tab = browser.tab(engine);
    const teacher = await browser.signIn(tab, 'teacher@example.com');
    const serverBefore = scheduleOf(teacher.id);
    browser.gate.fail = { status: 500, path: /^\/teacher-schedule/ };
    await failure(tab.run({ id: 'hours-kept', name: 'saveSchedule', schedule: OTHER_HOURS }));
    browser.gate.fail = undefined;

    // Signing out asks first: the change would be lost.
    const out = await tab.signOut();
    expect(out).toMatchObject({ ok: false, error: { message: MESSAGES.unsentChanges } });

    // The token is revoked elsewhere: the next request meets the 401; the change is kept on the device.
    expect((await server.api('POST', '/logout', { token: browser.storage.token! })).status).toBe(200);
    await tab.refresh('teacher-schedule', { force: true });
    await until('signed out, the change counted', () => {
      const s = tab.getState().session;
      return s.status === 'guest' && s.unsent === 1;
    });

    // The same teacher signs in again: it is listed as not sent again (not sent by itself: a 500
    // answers the same), Retry sends it once.
    engine.shutdown();
    engine = browser.engine();
    tab = browser.tab(engine);
    await browser.signIn(tab, 'teacher@example.com');
    await until('listed again', async () => (await outbox(tab))[0]?.status === 'failed');
    expect(scheduleOf(teacher.id)).toEqual(serverBefore);
    await tab.retry('hours-kept');
    await until('sent', async () => (await outbox(tab)).length === 0);
    expect(scheduleOf(teacher.id)).toEqual(OTHER_HOURS);
    engine.shutdown();
  });
});
