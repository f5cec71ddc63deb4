import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Class } from '../../db/entities.ts';
import { setSetting } from '../../server/lib/settings.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

/**
 * Issue 14, item 8: "N of M class changes left" after the user's own change. A cancel or a
 * reschedule spends one of the user's class changes this month, and every class carries the count
 * left; the reschedule's reply is the request, not the class. After either, the mirror's classes
 * (the one changed and the others the screens show) hold the server's count, long before any poll
 * (home every 10 s, calendar every 20 s here).
 */

let server: TestServer;
beforeAll(async () => (server = await startWorld({ home: 10_000, calendar: 20_000 }, (db) => setSetting(db, 'monthly_class_changes', 10))));
afterAll(() => server.close());

const DAY = 864e5;
const dayIn = (tz: string, n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + n * DAY);

async function newClass(enrollmentId: number, daysAhead: number): Promise<{ id: number; month: string }> {
  const start = new Date(Date.now() + daysAhead * DAY);
  start.setUTCHours(12, 0, 0, 0);
  const r = await server.api('POST', '/test/classes', { body: { enrollment_id: enrollmentId, start_at: start.toISOString(), duration: 30 } });
  expect(r.status).toBe(200);
  return { id: (r.body as { data: { id: number } }).data.id, month: start.toISOString().slice(0, 7) };
}

describe("the class change counter after the user's own change", () => {
  it('a reschedule, then a cancel: every mirrored class shows the count the server has, at once', async () => {
    const browser = new Browser(server);
    const { engine, tab, user } = await browser.signedInTab('student@example.com');
    const token = await server.login('student@example.com');
    const e = server.app.db
      .prepare("SELECT id FROM enrollments WHERE student_id = ? AND teacher_id IS NOT NULL AND status IN ('approved', 'joined') ORDER BY id LIMIT 1")
      .get(user.id) as { id: number };
    const a = await newClass(e.id, 3);
    const b = await newClass(e.id, 4);
    for (const month of new Set([a.month, b.month])) await tab.watch({ kind: 'calendar', month });

    const mirrored = async (id: number) => ((await tab.snapshot('classes')) as Class[]).find((k) => k.id === id);
    const onServer = async (id: number) => (await server.api<{ data: Class }>('GET', `/classes/${id}`, { token })).body.data;
    await until('both classes are mirrored', async () => !!(await mirrored(a.id)) && !!(await mirrored(b.id)));
    const start = (await onServer(a.id)).available_class_changes;
    expect((await mirrored(a.id))!.available_class_changes).toBe(start);

    // A reschedule request: the reply is the request; the class is read again.
    const r = await engine.mutate({ id: 'resched-1', name: 'rescheduleClass', classId: a.id, date: dayIn(user.timezone, 2), start_time: '10:00', permanent: false, reason: 'exam' });
    expect(r.ok).toBe(true);
    expect((await onServer(a.id)).available_class_changes).toBe(start - 1);
    await until('the rescheduled class shows the count the server has', async () => (await mirrored(a.id))!.available_class_changes === start - 1);
    expect(await mirrored(a.id)).toMatchObject({ waiting_reschedule_request: true, available_class_changes: start - 1, limit_exceeded: false });
    // The other class of the month says the same (the months the screens show are re-read).
    await until('the other class shows it too', async () => (await mirrored(b.id))!.available_class_changes === start - 1);

    // A cancel: its reply is the class; the other classes follow.
    const c = await engine.mutate({ id: 'cancel-1', name: 'cancelClass', classId: b.id, cancelation_reason: 'travel' });
    expect(c.ok).toBe(true);
    expect((await onServer(b.id)).available_class_changes).toBe(start - 2);
    expect(await mirrored(b.id)).toMatchObject({ canceled: true, available_class_changes: start - 2 });
    await until('the rescheduled class shows the new count', async () => (await mirrored(a.id))!.available_class_changes === start - 2);
    expect((await mirrored(a.id))!.monthly_class_changes).toBe((await onServer(a.id)).monthly_class_changes);

    // All of it by the policy's re-reads, before any poll was due.
    expect(browser.requests(`/classes/${a.id}`).length).toBeGreaterThanOrEqual(1);
    engine.shutdown();
  });
});
