import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';
import type { serializeNotification } from '../../server/lib/notify.ts';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

describe('notifications', () => {
  let s: TestServer;
  let alice = 0;
  let bob = 0;
  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      alice = createUser(db, { name: 'Alice', email: 'alice@example.test' });
      bob = createUser(db, { name: 'Bob', email: 'bob@example.test', group_id: 1 });
      createUser(db, { name: 'Nadia', email: 'none@example.test' });
      const add = db.prepare(
        `INSERT INTO notifications (id, user_id, type, title, content, course_id, course_class_id, read_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      // 55 for Alice, one minute apart, inserted in shuffled order; #3 already read.
      const order = Array.from({ length: 55 }, (_, i) => (i * 17) % 55);
      for (const i of order) {
        add.run(`a-${String(i).padStart(2, '0')}`, alice, 'class_canceled', `Title ${i}`, `Content ${i}`, 7, 100 + i,
          i === 3 ? T0 : null, T0 + i * 60_000);
      }
      add.run('b-1', bob, 'admin_message', 'For Bob', 'Only Bob sees this', null, null, null, T0 + 1000 * 60_000);
      add.run('b-2', bob, 'ticket_reply', 'Also Bob', 'Bob again', null, null, null, T0 + 1001 * 60_000);
    });
  });
  afterAll(() => s.close());

  it.each([['GET', '/notifications'], ['POST', '/notifications/read']])('%s %s needs a valid token', async (method, path) => {
    expect((await s.api(method, path)).status).toBe(401);
    const bad = await s.api(method, path, { token: 'nope' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('GET /notifications answers the caller’s 50 newest, newest first, in the Notification shape', async () => {
    const token = await s.login('alice@example.test');
    const r = await s.api('GET', '/notifications', { token });
    expect(r.status).toBe(200);
    const list = r.body.data as ReturnType<typeof serializeNotification>[];
    expect(list).toHaveLength(50);
    expect(list[0]).toEqual({
      id: 'a-54', read: false, created_at: new Date(T0 + 54 * 60_000).toISOString(),
      data: { type: 'class_canceled', title: 'Title 54', content: 'Content 54', course_id: 7, course_class_id: 154 },
    });
    expect(list.map((n) => n.id)).toEqual(Array.from({ length: 50 }, (_, k) => `a-${String(54 - k).padStart(2, '0')}`));
    expect(list.find((n) => n.id === 'a-05')!.read).toBe(false);
    expect(list.some((n) => n.id.startsWith('b-'))).toBe(false);
  });

  it('answers an empty list for a user without notifications', async () => {
    const token = await s.login('none@example.test');
    const r = await s.api('GET', '/notifications', { token });
    expect(r.body).toEqual({ data: [] });
  });

  it("POST /notifications/read marks only the caller's unread notifications", async () => {
    const aliceToken = await s.login('alice@example.test');
    const before = await s.api('GET', '/user', { token: aliceToken });
    expect(before.body.data.notifications_count).toBe(54);

    const r = await s.api('POST', '/notifications/read', { token: aliceToken });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'OK' });

    const after = await s.api('GET', '/notifications', { token: aliceToken });
    expect(after.body.data.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await s.api('GET', '/user', { token: aliceToken })).body.data.notifications_count).toBe(0);
    const unreadAlice = s.app.db.prepare('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL').get(alice);
    expect(unreadAlice).toEqual({ n: 0 });
    // the one read before keeps its original read time
    expect(s.app.db.prepare("SELECT read_at FROM notifications WHERE id = 'a-03'").get()).toEqual({ read_at: T0 });

    const bobToken = await s.login('bob@example.test');
    const bobs = await s.api('GET', '/notifications', { token: bobToken });
    expect(bobs.body.data.map((n: { id: string; read: boolean }) => [n.id, n.read])).toEqual([['b-2', false], ['b-1', false]]);
    expect(s.app.db.prepare('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL').get(bob)).toEqual({ n: 2 });
    expect((await s.api('GET', '/user', { token: bobToken })).body.data.notifications_count).toBe(2);
  });
});
