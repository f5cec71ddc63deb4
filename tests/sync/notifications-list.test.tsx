// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBKeyRange } from 'fake-indexeddb';
import type { Notification } from '../../db/entities.ts';
import { notify } from '../../server/lib/notify.ts';
import { mirrorCollection } from '../../src/lib/engine/mirror-collection.ts';
import { MirrorSource } from '../../src/lib/engine/source.ts';
import type { TestServer } from '../helpers/server.ts';
import { startWorld, until } from './harness.ts';
import { shellWorld } from './shell-probe.tsx';

/**
 * Issue 14, item 1: one notifications list. The bell's list is the mirror's notifications table and
 * nothing else, and every source the worker hears writes into it: the user document of the regular
 * poll (home) and the full list ("Show all"; after enrolling or borrowing: notifications-refresh).
 * After "Show all" was pressed once, a new notification brought by the poll is in the list the
 * shell reads, in every tab and after a reload; the badge and the list agree with the server
 * throughout, a notification read elsewhere included.
 */

let server: TestServer;
// The regular poll comes often here: what the list shows without a request of its own came by it.
beforeAll(async () => (server = await startWorld({ home: 300 })));
afterAll(() => server.close());

describe('the notifications list', () => {
  it('after Show all, a notification the poll brings is in the list and the badge, in every tab and after a reload', async () => {
    // One unread notification older than the newest ten, whatever the time of day the world was
    // seeded at (the seeded ones are placed relative to it: at 08:00 UTC all four unread were among
    // the newest ten).
    server.app.db.prepare(
      `UPDATE notifications SET read_at = NULL WHERE id = (SELECT n.id FROM notifications n JOIN users u ON u.id = n.user_id
       WHERE u.email = 'student@example.com' ORDER BY n.created_at, n.id LIMIT 1)`,
    ).run();
    const { db, browser, engine, a, bNotes, settled, user, onServer, agrees, unmount } = await shellWorld(server);
    // Signed in: the user document's newest ten, and its unread count.
    expect(onServer().ids.length).toBeGreaterThan(10);
    // (One of the unread is older than the ten: the badge counts it, the list shows it once all are asked for.)
    await settled('the newest ten and the badge', (s) => agrees(s, 10) && s.unread < s.count!);

    // Show all, once: the full list.
    expect((await a.refresh('notifications', { force: true })).ok).toBe(true);
    await settled('the full list', (s) => agrees(s, 50) && s.ids.length === onServer().ids.length && s.unread === s.count);
    const fullReads = browser.requests('/notifications').length;

    // A new notification on the server: the regular poll brings it to the list, first, and to the badge.
    notify(server.app, user.id, 'admin_message', 'Polled notice', 'Brought by the home poll.');
    await settled('the polled notification in the list and the badge', (s) => s.titles[0] === 'Polled notice' && agrees(s, 50));
    expect(browser.requests('/notifications')).toHaveLength(fullReads);
    await until('tab B lists it too', () => bNotes.toArray.some((n) => n.data.title === 'Polled notice'));
    expect(bNotes.size).toBe(onServer().ids.length);

    // Read on another device: the poll's user document says none is unread, so none is, old ones included.
    db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL').run(Date.now(), user.id);
    await settled('all read, the badge at zero', (s) => s.count === 0 && s.unread === 0 && agrees(s, 50));
    await until('tab B shows them read', () => bNotes.toArray.every((n) => n.read));

    // A reload: the stored list opens with everything learnt, before any request.
    await unmount();
    engine.shutdown();
    const reloaded = browser.engine({ label: 'reloaded' });
    const c = browser.tab(reloaded, { id: 'tab-c' });
    const sourceC = new MirrorSource(() => c, { indexedDB: browser.idb, IDBKeyRange });
    const cNotes = mirrorCollection<Notification, string>(() => sourceC, 'notifications');
    await cNotes.preload();
    await until('the reloaded tab lists the polled notice', () => cNotes.toArray.some((n) => n.data.title === 'Polled notice'));
    expect(cNotes.size).toBe(onServer().ids.length);
    expect(browser.requests('/notifications', 'reloaded')).toHaveLength(0);
    reloaded.shutdown();
  });
});
