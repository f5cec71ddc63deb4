import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/entities.ts';
import type { EngineEvent } from '../../db/engine-api.ts';
import { setSetting } from '../../server/lib/settings.ts';
import type { Engine } from '../../worker/engine/engine.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

/**
 * The engine follows each mutation's policy (db/mutations.ts), never a special case keyed by name:
 * a refusal that says the screen was stale re-reads what it showed before the refusal is answered,
 * and an accepted change that moved classes re-reads every watched calendar month. The engine is
 * driven through its own API, as a tab's worker port would.
 */
let server: TestServer;
// Nobody may cancel or reschedule any more this month: every cancel is refused with LIMIT_EXCEEDED.
beforeAll(async () => (server = await startWorld({}, (db) => setSetting(db, 'monthly_class_changes', 0))));
afterAll(() => server.close());

async function signedIn(browser: Browser, email: string): Promise<{ engine: Engine; user: User }> {
  const engine = browser.engine();
  await engine.hello('tab-1', {});
  const r = await engine.call<{ token: string; user: User }>({ method: 'POST', path: '/login', body: { email, password: 'password' } });
  if (!r.ok) throw new Error(`login failed: ${r.error.message}`);
  await engine.signIn(r.data.token, r.data.user);
  return { engine, user: r.data.user };
}

const HOUR = 3_600_000;

describe('what is particular to a mutation comes from its policy', () => {
  it('a cancel refused with LIMIT_EXCEEDED re-reads the class before the refusal is answered', async () => {
    const browser = new Browser(server);
    const { engine, user } = await signedIn(browser, 'student@example.com');
    const klass = server.app.db
      .prepare(`SELECT k.id FROM classes k JOIN enrollments e ON e.id = k.enrollment_id
                WHERE e.student_id = ? AND k.canceled = 0 AND k.attended = 0 AND k.absent = 0 AND k.start_at > ? ORDER BY k.start_at LIMIT 1`)
      .get(user.id, Date.now() + 2 * HOUR) as { id: number } | undefined;
    expect(klass).toBeDefined();

    const before = browser.log.length;
    const r = await engine.mutate({ id: 'cancel-over-limit', name: 'cancelClass', classId: klass!.id, cancelation_reason: 'sick' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'rejected', code: 'LIMIT_EXCEEDED', message: 'Monthly limit exceeded' } });
    // The class was read again in a request that started after the refusal and ended before the answer.
    const after = browser.log.slice(before).map((x) => `${x.method} ${x.path} ${x.end !== undefined}`);
    expect(after).toEqual([`POST /classes/${klass!.id}/cancel true`, `GET /classes/${klass!.id} true`]);
    // The refusal carries the seq of the re-read's change, for the tab to wait on before it shows it.
    expect(r.ok ? null : r.error).toMatchObject({ epoch: expect.any(String), seq: expect.any(Number) });
    const events = browser.bus.seen.filter((e): e is Extract<EngineEvent, { type: 'change' }> => e.type === 'change' && e.table === 'classes');
    expect(events.some((e) => e.upserts.some((c) => (c as { id: number }).id === klass!.id))).toBe(true);
    if (!r.ok) expect(r.error.seq).toBeGreaterThanOrEqual(Math.max(...events.map((e) => e.seq ?? 0)));

    // A refusal whose code the policy does not name re-reads nothing.
    const again = browser.log.length;
    const borrow = await engine.mutate({ id: 'borrow-too-much', name: 'borrow', amount: 100_000 });
    expect(borrow).toMatchObject({ ok: false, error: { code: 'MAX_BORROW_AMOUNT_EXCEEDED' } });
    expect(browser.log.slice(again).map((x) => `${x.method} ${x.path}`)).toEqual(['POST /wallet/borrow']);
    engine.shutdown();
  });

  it('finishing an enrolment re-reads the watched calendar months', async () => {
    const browser = new Browser(server);
    const { engine, user } = await signedIn(browser, 'student@example.com');
    const course = server.app.db
      .prepare("SELECT course_id FROM enrollments WHERE student_id = ? AND status IN ('approved', 'joined') AND finish_requested = 0 LIMIT 1")
      .get(user.id) as { course_id: number } | undefined;
    expect(course).toBeDefined();
    const month = new Date().toISOString().slice(0, 7);
    const calendar = `/calendar?start_date=${month}-01`;
    await engine.watch('tab-1', { kind: 'calendar', month });
    await until('the month was read once', () => browser.requests(calendar).some((x) => x.end !== undefined));
    const reads = browser.requests(calendar).length;

    const r = await engine.mutate({ id: 'finish-1', name: 'finishEnrollment', courseId: course!.course_id, reason: 'moving abroad' });
    expect(r.ok).toBe(true);
    // The calendar polls every 20 s here: a read within the test is the policy's.
    await until('the month is read again', () => browser.requests(calendar).length > reads);
    await until('home and notifications are re-read', () => browser.requests('/home').length >= 2 && browser.requests('/notifications').length >= 1);
    engine.shutdown();
  });
});
