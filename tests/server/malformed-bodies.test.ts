import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  createCategory, createClass, createConversation, createCourse, createEnrollment, createUser,
} from '../../server/seed/factory.ts';
import { rawRequest } from './raw-http.ts';

/**
 * Issue 19, finding 6: a malformed multipart body gave 500 on every body-reading endpoint, and a JSON
 * object whose `toString` is not a function (`{"child_id":{"toString":1}}`) gave 500 on three.
 * Every malformed body or wrongly typed value now gets a 400 or 422 with a message.
 */

let s: TestServer;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const log = vi.spyOn(console, 'log').mockImplementation(() => {});
const HOUR = 3_600_000;

beforeAll(async () => {
  // Limits off: this file sends a few thousand requests from one address.
  s = await startTestServer({ rateLimit: { factor: 0 } }, (db) => {
    ids.student = createUser(db, { name: 'Sara', email: 'sara@example.test', credits: 100 });
    ids.teacher = createUser(db, { name: 'Tariq', email: 'tariq@example.test', group_id: 1 });
    ids.child = createUser(db, { name: 'Kid', email: 'kid@example.test', parent_id: ids.student });
    const cat = createCategory(db, 'Quran');
    ids.course = createCourse(db, { name: 'Tajweed', category_id: cat, hourly_price: 10 });
    ids.enrollment = createEnrollment(db, { student_id: ids.student, course_id: ids.course, teacher_id: ids.teacher, status: 'approved' });
    // A pending enrolment, so that re-submitting its form reads the body.
    ids.pendingCourse = createCourse(db, { name: 'Grammar', category_id: cat, hourly_price: 10 });
    createEnrollment(db, { student_id: ids.student, course_id: ids.pendingCourse, status: 'pending' });
    ids.future = createClass(db, { enrollment_id: ids.enrollment, start_at: Date.now() + 3 * 24 * HOUR });
    ids.past = createClass(db, { enrollment_id: ids.enrollment, start_at: Date.now() - 2 * HOUR });
    ids.chat = createConversation(db, { title: 'Tariq', members: [ids.student, ids.teacher] });
  });
  tok.student = await s.login('sara@example.test');
  tok.teacher = await s.login('tariq@example.test');
  const report = await s.api('POST', `/class-reports/${ids.past}`, {
    token: tok.teacher, body: { rating: 4, class_activity: 'Read', homework: 'Page 3' },
  });
  ids.report = report.body.data.id;
});
afterAll(async () => {
  log.mockRestore();
  await s.close();
});

type Who = 'guest' | 'student' | 'teacher';
/** The 27 body-reading endpoints, who calls them, and the fields each reads. */
const ENDPOINTS: [string, () => string, Who, string[]][] = [
  ['POST', () => '/login', 'guest', ['email', 'password', 'type']],
  ['POST', () => '/register', 'guest', ['name', 'email', 'password', 'password_confirmation', 'phone', 'gender', 'full_phone', 'phone_country', 'date_of_birth', 'referral_token', 'timezone']],
  ['POST', () => '/token/valid', 'guest', ['token']],
  ['POST', () => '/verify', 'student', ['code']],
  ['POST', () => '/password/reset', 'guest', ['email']],
  ['POST', () => '/password/reset/validate', 'guest', ['email', 'code']],
  ['POST', () => '/password/reset/complete/nope', 'guest', ['password', 'password_confirmation']],
  ['POST', () => '/password', 'student', ['password', 'password_confirmation']],
  ['PUT', () => '/timezone', 'student', ['timezone']],
  ['POST', () => `/conversations/${ids.chat}`, 'student', ['text', 'type', 'image', 'latest']],
  ['POST', () => `/courses/${ids.course}/enroll`, 'student', ['class_duration', 'weekly_classes', 'start_day', 'comment', 'preferred_days', 'schedule']],
  ['PUT', () => `/courses/${ids.pendingCourse}/enroll`, 'student', ['class_duration', 'weekly_classes', 'start_day', 'comment', 'preferred_days', 'schedule']],
  ['POST', () => `/courses/${ids.course}/finish`, 'student', ['reason']],
  ['POST', () => '/payments/orders', 'student', ['amount']],
  ['POST', () => '/wallet/recharge', 'student', ['order_id']],
  ['POST', () => '/wallet/recharge/ebmgateway', 'student', ['amount', 'payment_method', 'message', 'attachment']],
  ['POST', () => '/wallet/borrow', 'student', ['amount']],
  ['POST', () => '/childs', 'student', ['name', 'email', 'password', 'phone', 'gender', 'full_phone', 'phone_country', 'date_of_birth']],
  ['POST', () => '/childs/transfer', 'student', ['child_id', 'amount']],
  ['POST', () => '/broadcasting/auth', 'student', ['socket_id', 'channel_name', 'api_token']],
  ['PUT', () => `/classes/${ids.future}/reschedule`, 'student', ['date', 'start_time', 'time', 'permanent', 'reason']],
  ['POST', () => `/classes/${ids.future}/cancel`, 'student', ['cancelation_reason']],
  ['POST', () => '/classes/makeup', 'teacher', ['enrollment_id', 'date', 'start_time']],
  ['PUT', () => `/classes/${ids.future}/join-url`, 'teacher', ['join_url']],
  ['POST', () => `/class-reports/${ids.past}`, 'teacher', ['rating', 'class_activity', 'homework', 'notes', 'teacher_notes']],
  ['PUT', () => `/class-reports/${ids.report}`, 'teacher', ['rating', 'class_activity', 'homework', 'notes', 'teacher_notes']],
  ['PUT', () => '/teacher-schedule', 'teacher', ['schedule']],
];

const headersFor = (who: Who, type: string) => ({
  'Content-Type': type,
  ...(who === 'guest' ? {} : { Authorization: `Bearer ${tok[who]}` }),
});

describe('malformed bodies', () => {
  it('lists 27 endpoints', () => expect(ENDPOINTS).toHaveLength(27));

  it('a malformed multipart body is a 400 with a message on every body-reading endpoint', async () => {
    const bad: [string, string][] = [
      ['multipart/form-data; boundary=xyz', 'this is not multipart at all'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished'],
      ['multipart/form-data', '--xyz\r\n\r\n'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nno header end'],
    ];
    for (const [method, path, who] of ENDPOINTS) {
      for (const [type, body] of bad) {
        const r = await rawRequest(`${s.url}/api${path()}`, { method, headers: headersFor(who, type), body: Buffer.from(body) });
        expect(r.status, `${method} ${path()} ${JSON.stringify(body)}`).toBe(400);
        expect(r.body.message, path()).toMatch(/^Malformed multipart body\.$/);
      }
    }
  });

  it('malformed JSON, a JSON body that is not an object and invalid UTF-8 are 400s', async () => {
    for (const [method, path, who] of ENDPOINTS) {
      for (const [body, message] of [
        ['{"email": ', 'Malformed JSON body.'],
        ['[1, 2]', 'The body must be a JSON object.'],
        ['"text"', 'The body must be a JSON object.'],
        [Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), 'The request body is not valid UTF-8.'],
      ] as const) {
        const r = await rawRequest(`${s.url}/api${path()}`, { method, headers: headersFor(who, 'application/json'), body: Buffer.from(body) });
        expect(r.status, `${method} ${path()}`).toBe(400);
        expect(r.body.message).toBe(message);
      }
    }
  });
});

describe('values of the wrong type', () => {
  const WEIRD: string[] = [
    '{"toString": 1}', '{"toString": 1, "valueOf": 1}', '[{"toString": 1}]', '{}', '[]', 'true', 'false', 'null', '1e999',
    '-1e999', '"\\u0000"', '{"__proto__": {"polluted": 1}}', '[[[[["deep"]]]]]', '12345678901234567890123', '-0',
  ];

  it('{"child_id": {"toString": 1}} on a transfer is a 404/422, not a 500', async () => {
    const r = await rawRequest(`${s.url}/api/childs/transfer`, {
      headers: headersFor('student', 'application/json'), body: Buffer.from('{"child_id": {"toString": 1}, "amount": 5}'),
    });
    expect([404, 422]).toContain(r.status);
    expect(r.body.message).toBeTruthy();
  });

  it('any field of any endpoint, set to any odd JSON value, is never a 500', async () => {
    const failures: string[] = [];
    for (const [method, path, who, fields] of ENDPOINTS) {
      for (const value of WEIRD) {
        // One odd field at a time, and all of them at once.
        const bodies = [...fields.map((f) => `{"${f}": ${value}}`), `{${fields.map((f) => `"${f}": ${value}`).join(', ')}}`];
        for (const body of bodies) {
          const r = await rawRequest(`${s.url}/api${path()}`, { method, headers: headersFor(who, 'application/json'), body: Buffer.from(body) });
          if (r.status >= 500 || (r.status >= 400 && typeof r.body?.message !== 'string')) failures.push(`${method} ${path()} ${body} → ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('odd multipart field values (repeated fields, files where text is expected) are never a 500', async () => {
    const failures: string[] = [];
    for (const [method, path, who, fields] of ENDPOINTS) {
      const form = new FormData();
      for (const f of fields) {
        form.append(f, 'a');
        form.append(f, new Blob(['x'], { type: 'text/plain' }), 'x.txt');
      }
      const r = await s.api(method, path(), { token: who === 'guest' ? null : tok[who], body: form });
      if (r.status >= 500) failures.push(`${method} ${path()} → ${r.status} ${JSON.stringify(r.body)}`);
    }
    expect(failures).toEqual([]);
  });
});
