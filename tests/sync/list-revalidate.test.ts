import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListRow } from '../../db/rows.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

describe('a screen opening on a list it already holds', () => {
  it('re-reads the first page: a new item goes first, the pages read before stay after it', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('teacher@example.com');
    const list = { kind: 'class-reports' as const, enrollmentId: null };
    const row = async () => ((await tab.snapshot('lists')) as ListRow[]).find((l) => l.key === 'class-reports:all')!;

    expect((await tab.loadMore(list)).ok).toBe(true);
    const first = await row();
    expect(first.ids.length).toBeGreaterThan(0);
    if (first.next) await tab.loadMore(list);
    const before = await row();

    // Meanwhile (another device), the teacher reports on an ended class that had none.
    const db = server.app.db;
    const cls = db
      .prepare(
        `SELECT k.id FROM classes k JOIN enrollments e ON e.id = k.enrollment_id JOIN users u ON u.id = e.teacher_id
         LEFT JOIN class_reports r ON r.class_id = k.id
         WHERE u.email = 'teacher@example.com' AND r.id IS NULL AND k.canceled = 0 AND k.start_at + k.duration * 60000 < ?
         ORDER BY k.start_at DESC LIMIT 1`,
      )
      .get(Date.now()) as { id: number };
    const token = await server.login('teacher@example.com');
    const made = await server.api('POST', `/class-reports/${cls.id}`, { token, body: { rating: 4.5, class_activity: 'Surah Al-Mulk 1–10', homework: 'Revise 1–5', notes: null } });
    expect(made.status).toBe(200);

    // A plain loadMore would only go on from where the reading got to; fromStart re-reads page one.
    const r = await tab.loadMore(list, { fromStart: true });
    expect(r.ok).toBe(true);
    const after = await row();
    expect(after.ids[0]).toBe(made.body.data.id);
    expect(after.ids.slice(1)).toEqual(before.ids);
    expect(after.next).toBe(before.next);

    // Opened again at once (another screen, another tab): the reply just read answers, no new request.
    const requests = browser.requests(/\/class-reports(\?|$)/).length;
    await tab.loadMore(list, { fromStart: true });
    expect(browser.requests(/\/class-reports(\?|$)/).length).toBe(requests);
    engine.shutdown();
  });
});
