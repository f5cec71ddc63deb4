// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KvRow } from '../../db/rows.ts';
import type { TestServer } from '../helpers/server.ts';
import { startWorld, until } from './harness.ts';
import { shellWorld } from './shell-probe.tsx';

/**
 * Issue 14, item 1: enrolling, recharging, borrowing and finishing a course refresh the
 * notifications (spec: GET /notifications). What that list brings lands in the one table the shell
 * reads, and the badge follows it, after "Show all" was pressed as before it.
 */

let server: TestServer;
// The home poll is a minute away: what shows came by the mutations' refresh.
beforeAll(async () => (server = await startWorld({ home: 60_000 })));
afterAll(() => server.close());

const DAY = 864e5;
const dayIn = (tz: string, n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + n * DAY);

describe('the notifications list after the user\'s own action', () => {
  it('enrolling and borrowing refresh the list and the badge with their notice (and enrolling the dashboard count), without waiting for the poll', async () => {
    const { engine, a, settled, user, agrees, bNotes, unmount } = await shellWorld(server);
    await settled('the newest ten and the badge', (s) => agrees(s, 10));
    expect((await a.refresh('notifications', { force: true })).ok).toBe(true);
    await settled('the full list', (s) => agrees(s, 50));

    // Enrolling refreshes the notifications: the enrolment's notice shows, and the badge counts it.
    const enrolled = await engine.mutate({
      id: 'enroll-2', name: 'enroll', courseId: 2,
      form: { class_duration: 60, weekly_classes: 2, start_day: dayIn(user.timezone, 2), comment: '', preferred_days: [0, 1, 2, 3, 4, 5, 6], schedule: [{ day: 1, from: '17:00', to: '18:00' }, { day: 3, from: '17:00', to: '18:00' }] },
    });
    expect(enrolled.ok ? null : enrolled.error).toBeNull();
    await settled('the enrolment notice', (s) => s.titles[0] === 'Course Enrollment' && agrees(s, 50));
    // The dashboard's My Courses counts it too (home is re-read with the notifications).
    const homeCount = async () => ((await a.snapshot('kv')) as KvRow[]).find((r) => r.key === 'home')?.value as { enrollments_count: number } | undefined;
    const onServer = (server.app.db.prepare("SELECT COUNT(*) AS n FROM enrollments WHERE student_id = ? AND status NOT IN ('canceled', 'finished')").get(user.id) as { n: number }).n;
    await until('the dashboard counts the new enrolment', async () => (await homeCount())?.enrollments_count === onServer);

    // So does borrowing.
    expect((await engine.mutate({ id: 'borrow-2', name: 'borrow', amount: 1 })).ok).toBe(true);
    await settled('the borrow notice', (s) => s.titles[0] === 'Balance borrowed' && agrees(s, 50));
    await until('tab B has both', () => ['Course Enrollment', 'Balance borrowed'].every((t) => bNotes.toArray.some((n) => n.data.title === t)));

    await unmount();
    engine.shutdown();
  });
});
