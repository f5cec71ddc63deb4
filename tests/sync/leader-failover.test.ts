import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import type { EngineEvent } from '../../db/engine-api.ts';
import { tabLockName } from '../../db/ids.ts';
import { EngineClient } from '../../src/lib/engine/client.ts';
import { TabHost } from '../../worker/coordination/tab-host.ts';
import type { TestServer } from '../helpers/server.ts';
import { ChannelHub } from './fakes/channels.ts';
import { FakeLocks } from './fakes/locks.ts';
import { Browser, sleep, startWorld, until } from './harness.ts';

const HOME_EVERY = 200;
let server: TestServer;
beforeAll(async () => (server = await startWorld({ home: HOME_EVERY })));
afterAll(() => server.close());

/**
 * A browser without SharedWorker: every tab runs a TabHost (its dedicated worker). They share
 * Web Locks and BroadcastChannels; each engine's requests carry its tab's label.
 */
function fallbackBrowser() {
  const browser = new Browser(server);
  const locks = new FakeLocks();
  const hub = new ChannelHub();
  /** `openDelayMs`: this tab's engine, should it lead, starts slowly (its databases open that much later). */
  const open = (label: string, opts: { openDelayMs?: number } = {}) => {
    // The page holds its presence lock for its whole life.
    let leave!: () => void;
    void locks.request(tabLockName(label), () => new Promise<void>((r) => (leave = r)));
    const host = new TabHost({
      id: label, locks, channel: hub.channel,
      createEngine: () => {
        const out = hub.channel('engine');
        return browser.engine({ label, broadcast: (e: EngineEvent) => out.postMessage(e), openDelayMs: opts.openDelayMs });
      },
    });
    const events = hub.channel('engine');
    const client = new EngineClient(host.api, label, {
      subscribe: (cb) => {
        const h = (ev: { data: unknown }) => cb(ev.data as EngineEvent);
        events.addEventListener('message', h);
        return () => events.removeEventListener('message', h);
      },
    }, browser.storage, { visible: true, online: true });
    return { host, client, close: () => (host.close(), events.close(), leave()) };
  };
  return { browser, open };
}

describe('without SharedWorker: one leader among the tabs', () => {
  it('only the leader polls, and when its tab closes the next one takes over within a second', async () => {
    const { browser, open } = fallbackBrowser();
    const [t1, t2, t3] = [open('t1'), open('t2'), open('t3')];
    await Promise.all([t1.client.started, t2.client.started, t3.client.started]);
    expect([t1.host.isLeader, t2.host.isLeader, t3.host.isLeader]).toEqual([true, false, false]);

    // Signing in from a follower tab goes through the leader and reaches every tab.
    await browser.signIn(t2.client, 'student@example.com');
    await until('all tabs signed in', () => [t1, t2, t3].every((t) => t.client.getState().session.status === 'signed-in'));

    await sleep(HOME_EVERY * 5);
    const homes = browser.requests('/home');
    expect(homes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(homes.map((r) => r.label))).toEqual(new Set(['t1']));
    for (let i = 1; i < homes.length; i++) expect(homes[i]!.start).toBeGreaterThanOrEqual(homes[i - 1]!.end!);

    // The leader's tab closes.
    const closedAt = Date.now();
    t1.close();
    await until('t2 leads', () => t2.host.isLeader, 1000);
    await until('t2 polls', () => browser.requests('/home', 't2').length > 0, 1000);
    expect(browser.requests('/home', 't2')[0]!.start - closedAt).toBeLessThan(1000);
    expect(t3.host.isLeader).toBe(false);

    // The followers carry on, signed in, through the new leader; nobody else polls.
    expect(t3.client.getState().session.status).toBe('signed-in');
    expect((await t3.client.refresh('user')).ok).toBe(true);
    await sleep(HOME_EVERY * 3);
    const after = browser.log.filter((r) => r.start > closedAt + 50);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after.map((r) => r.label))).toEqual(new Set(['t2']));
    t2.close();
    t3.close();
  });

  it('a message queued offline under the old leader is sent once by the new one', async () => {
    const { browser, open } = fallbackBrowser();
    const [t1, t2] = [open('t1'), open('t2')];
    await browser.signIn(t1.client, 'teacher@example.com');
    await t2.client.loadMore({ kind: 'conversations' });
    const conv = ((await t2.client.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;

    browser.gate.offline = true;
    await Promise.all([t1.client.setOnline(false), t2.client.setOnline(false)]);
    const queued = await t2.client.run({ id: 'across-failover', name: 'sendMessage', conversationId: conv.id, text: 'sent by whoever leads' });
    expect(queued.queued).toBe(true);

    t1.close();
    await until('t2 leads', () => t2.host.isLeader, 1000);
    browser.gate.offline = false;
    await t2.client.setOnline(true);
    await until('delivered', async () => (await t2.client.snapshot('outbox')).length === 0);
    const rows = server.app.db.prepare('SELECT id FROM messages WHERE client_key = ?').all('across-failover');
    expect(rows).toHaveLength(1);
    expect(browser.requests(`/conversations/${conv.id}`).filter((r) => r.method === 'POST').map((r) => r.label)).toEqual(['t2']);
    t2.close();
  });

  it('while the new leader is still starting, a tab is answered as the signed-in user and what it said last stands', async () => {
    const { browser, open } = fallbackBrowser();
    // t2's engine starts slowly: the takeover's replayed hello is still under way when the tab speaks
    // (under load this happened by chance; here it is made to happen every time).
    const [t1, t2] = [open('t1'), open('t2', { openDelayMs: 150 })];
    await browser.signIn(t1.client, 'teacher@example.com');
    await t2.client.loadMore({ kind: 'conversations' });
    const conv = ((await t2.client.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;

    browser.gate.offline = true;
    await Promise.all([t1.client.setOnline(false), t2.client.setOnline(false)]);
    const queued = await t2.client.run({ id: 'said-last', name: 'sendMessage', conversationId: conv.id, text: 'back online before the new leader was ready' });
    expect(queued.queued).toBe(true);

    t1.close();
    await until('t2 leads', () => t2.host.isLeader, 1000);
    // The network is back before the new engine has opened anything: the tab says so at once. The
    // replayed hello still carries the tab's state from before (offline); it must not undo this.
    browser.gate.offline = false;
    await t2.client.setOnline(true);

    // Asked meanwhile, the new engine answers from the user's mirror, not as a guest with no rows.
    expect(((await t2.client.snapshot('conversations')) as Conversation[]).map((c) => c.id)).toContain(conv.id);
    expect((await t2.client.refresh('user')).ok).toBe(true);

    // Online, as the tab said last: the queued message is sent, once, by the new leader.
    const sent = () => server.app.db.prepare('SELECT id FROM messages WHERE client_key = ?').all('said-last');
    await until('sent', () => sent().length > 0);
    await until('delivered', async () => (await t2.client.snapshot('outbox')).length === 0);
    expect(sent()).toHaveLength(1);
    expect(t2.client.getState().status?.online).toBe(true);
    expect(browser.requests(`/conversations/${conv.id}`).filter((r) => r.method === 'POST').map((r) => r.label)).toEqual(['t2']);
    t2.close();
  });
});
