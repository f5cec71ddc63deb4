import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createClass, createCourse, createEnrollment, createUser } from '../../server/seed/factory.ts';
import type { DB } from '../../server/db/index.ts';

/**
 * "Balance Not Enough" on the student dashboard (low_credits_alert, issue 16 item 13): only when
 * the balance does not cover what is due — the next class, unless it is a trial or already paid.
 */
const HOUR = 3_600_000;
describe('GET /home low_credits_alert', () => {
  let s: TestServer;
  const tok: Record<string, string> = {};

  function prepare(db: DB) {
    const now = Date.now();
    const cat = createCategory(db, 'Arabic');
    const course = createCourse(db, { name: 'Alphabet', category_id: cat, hourly_price: 10 });
    const teacher = createUser(db, { name: 'Teacher', email: 't@x.test', group_id: 1 });
    createUser(db, { name: 'New', email: 'new@x.test', credits: 0 });
    const waiting = createUser(db, { name: 'Waiting', email: 'waiting@x.test', credits: 0 });
    createEnrollment(db, { student_id: waiting, course_id: course, status: 'pending' });
    const trial = createUser(db, { name: 'Trial', email: 'trial@x.test', credits: 0 });
    const eT = createEnrollment(db, { student_id: trial, teacher_id: teacher, course_id: course, status: 'approved' });
    createClass(db, { enrollment_id: eT, start_at: now + 5 * HOUR, is_trial: true });
    const covered = createUser(db, { name: 'Covered', email: 'covered@x.test', credits: 4 });
    const eC = createEnrollment(db, { student_id: covered, teacher_id: teacher, course_id: course, status: 'approved' });
    createClass(db, { enrollment_id: eC, start_at: now + 5 * HOUR, duration: 20 }); // $3.33
    const short = createUser(db, { name: 'Short', email: 'short@x.test', credits: 4 });
    const eS = createEnrollment(db, { student_id: short, teacher_id: teacher, course_id: course, status: 'approved' });
    createClass(db, { enrollment_id: eS, start_at: now + 5 * HOUR, duration: 60 }); // $10
  }

  beforeAll(async () => {
    s = await startTestServer({}, prepare);
    for (const n of ['new', 'waiting', 'trial', 'covered', 'short']) tok[n] = await s.login(`${n}@x.test`);
  });
  afterAll(() => s.close());

  const alert = async (who: string) => (await s.api('GET', '/home', { token: tok[who] })).body.data.low_credits_alert;

  it('is off for a new user with no classes and no credits, and while only an enrolment form waits', async () => {
    expect(await alert('new')).toBe(false);
    expect(await alert('waiting')).toBe(false);
  });

  it('is off when the next class is a trial or the balance covers it, on when it does not', async () => {
    expect(await alert('trial')).toBe(false);
    expect(await alert('covered')).toBe(false);
    expect(await alert('short')).toBe(true);
  });
});
