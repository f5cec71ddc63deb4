import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';

describe('teacher working hours', () => {
  let s: TestServer;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      createUser(db, { name: 'Teacher', email: 't@x.test', group_id: 1 });
      createUser(db, { name: 'Teacher Two', email: 't2@x.test', group_id: 1 });
      createUser(db, { name: 'Student', email: 's@x.test' });
    });
    tok.t = await s.login('t@x.test');
    tok.t2 = await s.login('t2@x.test');
    tok.s = await s.login('s@x.test');
  });
  afterAll(() => s.close());

  const put = (schedule: unknown, token = tok.t) => s.api('PUT', '/teacher-schedule', { token, body: { schedule } });

  it('starts empty', async () => {
    const r = await s.api('GET', '/teacher-schedule', { token: tok.t });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: [] });
  });

  it('saves the rows and answers them sorted by day then start', async () => {
    const r = await put([
      { day: 6, start_time: '09:00', end_time: '12:00' },
      { day: 0, start_time: '18:00', end_time: '20:30' },
      { day: 0, start_time: '08:15', end_time: '10:00' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.data.map(({ id, ...rest }: { id: unknown; day: number; start_time: string; end_time: string }) => (expect(typeof id).toBe('number'), rest))).toEqual([
      { day: 0, start_time: '08:15', end_time: '10:00' },
      { day: 0, start_time: '18:00', end_time: '20:30' },
      { day: 6, start_time: '09:00', end_time: '12:00' },
    ]);
    const g = await s.api('GET', '/teacher-schedule', { token: tok.t });
    expect(g.body.data).toEqual(r.body.data);
  });

  it('replaces the previous rows and keeps teachers apart', async () => {
    await put([{ day: 3, start_time: '10:00', end_time: '11:00' }], tok.t2);
    const r = await put([{ day: 2, start_time: '07:00', end_time: '08:00' }]);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ day: 2, start_time: '07:00', end_time: '08:00' });
    const other = await s.api('GET', '/teacher-schedule', { token: tok.t2 });
    expect(other.body.data).toHaveLength(1);
    expect(other.body.data[0]).toMatchObject({ day: 3 });
  });

  it('refuses an end before the start, with the first message', async () => {
    const r = await put([
      { day: 1, start_time: '09:00', end_time: '10:00' },
      { day: 1, start_time: '12:00', end_time: '11:00' },
    ]);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      message: 'The end time must be after the start time.',
      errors: { 'schedule.1.end_time': ['The end time must be after the start time.'] },
    });
    const equal = await put([{ day: 1, start_time: '09:00', end_time: '09:00' }]);
    expect(equal.body.errors['schedule.0.end_time']).toEqual(['The end time must be after the start time.']);
    // nothing was replaced
    expect((await s.api('GET', '/teacher-schedule', { token: tok.t })).body.data[0]).toMatchObject({ day: 2, start_time: '07:00' });
  });

  it('refuses bad days, bad times and an empty list', async () => {
    const badDay = await put([{ day: 7, start_time: '09:00', end_time: '10:00' }]);
    expect(badDay.status).toBe(422);
    expect(badDay.body.errors['schedule.0.day']).toBeDefined();
    const noDay = await put([{ start_time: '09:00', end_time: '10:00' }]);
    expect(noDay.body.errors['schedule.0.day']).toBeDefined();
    const badTime = await put([{ day: 1, start_time: '9am', end_time: '24:00' }]);
    expect(Object.keys(badTime.body.errors).sort()).toEqual(['schedule.0.end_time', 'schedule.0.start_time']);
    for (const empty of [[], undefined, 'x']) {
      const r = await put(empty);
      expect(r.status).toBe(422);
      expect(r.body.errors.schedule).toBeDefined();
    }
  });

  it('is for teachers only', async () => {
    expect((await s.api('GET', '/teacher-schedule', { token: tok.s })).status).toBe(403);
    expect((await put([{ day: 1, start_time: '09:00', end_time: '10:00' }], tok.s)).status).toBe(403);
    expect((await s.api('GET', '/teacher-schedule')).status).toBe(401);
  });
});
