import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Class, RescheduleRequest } from '../../db/entities.ts';
import { echoClientFactory } from '../../worker/realtime/echo.ts';
import type { RealtimeFactory } from '../../worker/realtime/realtime-client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, type Recorded, sleep, startWorld, until } from './harness.ts';

/**
 * Issue 14, item 3: a change made by the other party (a reschedule request, its decision) reaches
 * this user's mirror at once through the `DataChanged` hint on their channel, not at the next poll;
 * against a backend that sends no hint, the pollers keep their intervals and still bring it.
 */

const realtime = echoClientFactory(Pusher);
/** The same socket, deaf to `DataChanged`: a backend that sends no hints. */
const withoutHints: RealtimeFactory = (o) => {
  const c = realtime(o);
  return { ...c, listen: (ch, ev, h) => (ev === 'DataChanged' ? undefined : c.listen(ch, ev, h)) };
};

const day = (n: number) => new Date(Date.now() + n * 864e5).toISOString().slice(0, 10);
/** Two requests for one resource never ran at the same time. */
const sequential = (rs: Recorded[]) => rs.every((r, i) => i === 0 || r.start >= rs[i - 1]!.end!);

function demoPair(server: TestServer) {
  const db = server.app.db;
  const student = db.prepare("SELECT id FROM users WHERE email = 'student@example.com'").get() as { id: number };
  const teacher = db.prepare("SELECT id FROM users WHERE email = 'teacher@example.com'").get() as { id: number };
  const e = db.prepare("SELECT id FROM enrollments WHERE student_id = ? AND teacher_id = ? AND status = 'approved' ORDER BY id LIMIT 1").get(student.id, teacher.id) as { id: number };
  return { enrollmentId: e.id };
}

async function freshClass(server: TestServer, enrollmentId: number, daysAhead: number, hour: number): Promise<number> {
  const r = await server.api('POST', '/test/classes', { body: { enrollment_id: enrollmentId, start_at: `${day(daysAhead)}T${String(hour).padStart(2, '0')}:00:00.000Z`, duration: 30 } });
  return (r.body as { data: { id: number } }).data.id;
}

const monthsOf = (...dates: string[]) => [...new Set(dates.map((d) => d.slice(0, 7)))];

describe('two-sided changes reach the other party at once', () => {
  let server: TestServer;
  // Polls far apart: what arrives within a second came by the hint.
  beforeAll(async () => (server = await startWorld({ home: 10_000, calendar: 20_000 })));
  afterAll(() => server.close());

  it("the teacher's mirror gets the student's reschedule request, the student's gets the approval, each ≤ 1 s, one request per resource", async () => {
    const { enrollmentId } = demoPair(server);
    const classId = await freshClass(server, enrollmentId, 3, 10);

    const tb = new Browser(server);
    const teacherEngine = tb.engine({ realtime, label: 'teacher' });
    const teacher = tb.tab(teacherEngine);
    await tb.signIn(teacher, 'teacher@example.com');
    const sb = new Browser(server);
    const studentEngine = sb.engine({ realtime, label: 'student' });
    const student = sb.tab(studentEngine);
    await sb.signIn(student, 'student@example.com');

    const mirrored = async (tab: typeof teacher) => ((await tab.snapshot('classes')) as Class[]).find((k) => k.id === classId);
    const oldDate = day(3);
    const newDate = day(5);
    // Both watch the months the class is in before and after (as an open calendar does).
    for (const m of monthsOf(oldDate, newDate)) {
      await teacher.watch({ kind: 'calendar', month: m });
      await student.watch({ kind: 'calendar', month: m });
    }
    await until('both connected', () => teacher.getState().status?.realtime === 'connected' && student.getState().status?.realtime === 'connected');
    await until('both calendars hold the class', async () => !!(await mirrored(teacher)) && !!(await mirrored(student)));
    await sleep(300); // the subscriptions settle, the first polls end

    // 1. The student asks to move the class: the teacher's dashboard lists it, the class shows it pending.
    const tFrom = tb.log.length;
    const token = (sb.storage.load().token)!;
    const asked = Date.now();
    const req = await server.api('PUT', `/classes/${classId}/reschedule`, { token, body: { date: newDate, start_time: '10:00', reason: 'hinted', permanent: false } });
    expect(req.status).toBe(200);
    const requestId = (req.body as { data: { id: number } }).data.id;
    await until('request on the teacher\'s home', async () => ((await teacher.snapshot('rescheduleRequests')) as RescheduleRequest[]).some((r) => r.id === requestId), 1000);
    await until('class pending on the teacher\'s side', async () => (await mirrored(teacher))?.waiting_reschedule_request === true, 1000);
    expect(Date.now() - asked).toBeLessThanOrEqual(1000);
    await sleep(200);
    const tNew = tb.log.slice(tFrom);
    // One hint: one /home, one /classes/:id, and only the watched months holding the class's date.
    expect(tNew.filter((r) => r.path === '/home')).toHaveLength(1);
    expect(tNew.filter((r) => r.path === `/classes/${classId}`)).toHaveLength(1);
    const monthCalls = tNew.filter((r) => r.path.startsWith('/calendar'));
    expect(monthCalls.map((r) => r.path)).toContain(`/calendar?start_date=${oldDate.slice(0, 7)}-01`);
    expect(monthCalls.length).toBeLessThanOrEqual(monthsOf(oldDate, newDate).length);

    // 2. The teacher approves: the student's class moves in their mirror.
    const sFrom = sb.log.length;
    const teacherToken = tb.storage.load().token!;
    const decided = Date.now();
    expect((await server.api('POST', `/reschedule-requests/${requestId}/approve`, { token: teacherToken })).status).toBe(200);
    await until('class moved on the student\'s side', async () => (await mirrored(student))?.date === newDate, 1000);
    expect(Date.now() - decided).toBeLessThanOrEqual(1000);
    await sleep(200);
    const sNew = sb.log.slice(sFrom);
    expect(sNew.filter((r) => r.path === '/home')).toHaveLength(1);
    expect(sNew.filter((r) => r.path === `/classes/${classId}`)).toHaveLength(1);

    // 3. A burst (three cancels of other classes in a row) is coalesced, and requests for one resource never overlap.
    const more = [await freshClass(server, enrollmentId, 4, 8), await freshClass(server, enrollmentId, 4, 9), await freshClass(server, enrollmentId, 4, 11)];
    await teacher.refresh('home', { force: true });
    const bFrom = tb.log.length;
    await Promise.all(more.map((id) => server.api('POST', `/classes/${id}/cancel`, { token, body: { cancelation_reason: 'burst' } })));
    await sleep(600);
    const burst = tb.log.slice(bFrom);
    expect(burst.filter((r) => r.path === '/home').length).toBeLessThanOrEqual(2);
    for (const path of new Set(tb.log.map((r) => r.path))) expect(sequential(tb.requests(path))).toBe(true);
    for (const path of new Set(sb.log.map((r) => r.path))) expect(sequential(sb.requests(path))).toBe(true);
    expect([...tb.warnings, ...sb.warnings]).toEqual([]);
    teacherEngine.shutdown();
    studentEngine.shutdown();
  });
});

describe('against a backend that sends no hint', () => {
  const HOME_EVERY = 600;
  let server: TestServer;
  beforeAll(async () => (server = await startWorld({ home: HOME_EVERY, calendar: 20_000 })));
  afterAll(() => server.close());

  it('the change arrives with the next home poll, and polling keeps its interval', async () => {
    const { enrollmentId } = demoPair(server);
    const classId = await freshClass(server, enrollmentId, 3, 12);
    const tb = new Browser(server);
    const engine = tb.engine({ realtime: withoutHints, label: 'teacher' });
    const teacher = tb.tab(engine);
    await tb.signIn(teacher, 'teacher@example.com');
    await until('connected', () => teacher.getState().status?.realtime === 'connected');
    await sleep(300);

    const studentToken = await server.login('student@example.com');
    const from = tb.log.length;
    const asked = Date.now();
    const req = await server.api('PUT', `/classes/${classId}/reschedule`, { token: studentToken, body: { date: day(5), start_time: '11:00', permanent: false } });
    const requestId = (req.body as { data: { id: number } }).data.id;
    await until('request listed by the poll', async () => ((await teacher.snapshot('rescheduleRequests')) as RescheduleRequest[]).some((r) => r.id === requestId), HOME_EVERY + 1500);
    // Brought by a poll, not by a hint: no request for the class, and a /home on the interval.
    expect(Date.now() - asked).toBeLessThanOrEqual(HOME_EVERY + 1500);
    await sleep(HOME_EVERY * 4);
    const homes = tb.requests('/home').filter((r) => tb.log.indexOf(r) >= from);
    expect(tb.log.slice(from).some((r) => r.path === `/classes/${classId}`)).toBe(false);
    expect(homes.length).toBeGreaterThanOrEqual(4);
    expect(homes.length).toBeLessThanOrEqual(7);
    for (let i = 1; i < homes.length; i++) expect(homes[i]!.start - homes[i - 1]!.end!).toBeGreaterThanOrEqual(HOME_EVERY - 50);
    expect(tb.warnings).toEqual([]);
    engine.shutdown();
  });
});
