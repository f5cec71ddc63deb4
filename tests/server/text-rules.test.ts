import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  createCategory, createClass, createConversation, createCourse, createEnrollment, createUser,
} from '../../server/seed/factory.ts';
import { textProblem } from '../../server/lib/text.ts';
import { rawRequest } from './raw-http.ts';

/**
 * Issue 19, finding 10: a lone UTF-16 surrogate in a message was stored as three U+FFFD; messages
 * of only zero-width characters or a NUL, names of only zero-width spaces, and an email containing
 * a NUL were accepted. Messages, names, emails, reasons and notes now refuse lone surrogates, NUL
 * and other control characters, and count text that is blank once invisible characters are removed
 * as missing.
 */

let s: TestServer;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const log = vi.spyOn(console, 'log').mockImplementation(() => {});
const HOUR = 3_600_000;
const INVISIBLE = ['\u200b', '\u200b\u200c\u200d', '\ufeff', '\u200e\u200f', '\u2060', '\u00ad', '\u3164', '\u115f', '\u2800', ' \u200b\t\n '];

beforeAll(async () => {
  s = await startTestServer({}, (db) => {
    ids.student = createUser(db, { name: 'Sara', email: 'sara@example.test', credits: 100 });
    ids.teacher = createUser(db, { name: 'Tariq', email: 'tariq@example.test', group_id: 1 });
    ids.chat = createConversation(db, { title: 'Tariq', members: [ids.student, ids.teacher] });
    const cat = createCategory(db, 'Quran');
    ids.course = createCourse(db, { name: 'Tajweed', category_id: cat, hourly_price: 10 });
    const e = createEnrollment(db, { student_id: ids.student, course_id: ids.course, teacher_id: ids.teacher, status: 'approved' });
    ids.future = createClass(db, { enrollment_id: e, start_at: Date.now() + 3 * 24 * HOUR });
    ids.past = createClass(db, { enrollment_id: e, start_at: Date.now() - 2 * HOUR });
  });
  tok.student = await s.login('sara@example.test');
  tok.teacher = await s.login('tariq@example.test');
});
afterAll(async () => {
  log.mockRestore();
  await s.close();
});

const countMessages = () => (s.app.db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
/** Sends JSON text as written (escapes like \ud800 reach the server as they are). */
const rawJson = (method: string, path: string, json: string, token: string | null | undefined) =>
  rawRequest(`${s.url}/api${path}`, {
    method, body: Buffer.from(json, 'utf8'),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });

describe('the rules', () => {
  it('classify text', () => {
    expect(textProblem('hello')).toBeNull();
    expect(textProblem('مرحبا 😀')).toBeNull();
    expect(textProblem('👨‍👩‍👧')).toBeNull(); // joiners inside visible text are fine
    expect(textProblem('a\ud800b')).toBe('surrogate');
    expect(textProblem('\udc00')).toBe('surrogate');
    expect(textProblem('a\u0000b')).toBe('control');
    expect(textProblem('a\u001bb')).toBe('control');
    expect(textProblem('line 1\nline 2', { multiline: true })).toBeNull();
    expect(textProblem('line 1\nline 2')).toBe('control');
    for (const blank of INVISIBLE) expect(textProblem(blank, { multiline: true }), JSON.stringify(blank)).toBe('blank');
  });
});

describe('messages', () => {
  const send = (json: string) => rawJson('POST', `/conversations/${ids.chat}`, json, tok.student);

  it('refuse a lone surrogate, sent escaped or as raw bytes', async () => {
    const before = countMessages();
    const escaped = await send('{"type": "text", "text": "hi \\ud800 there"}');
    expect(escaped.status).toBe(422);
    expect(escaped.body.errors.text).toEqual(['The text contains an invalid character.']);
    // The UTF-8 bytes of U+D800 (ED A0 80) are not UTF-8: the body is refused before it is read as text.
    const bytes = Buffer.concat([Buffer.from('{"type": "text", "text": "hi '), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const r = await rawRequest(`${s.url}/api/conversations/${ids.chat}`, {
      body: bytes, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tok.student}` },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The request body is not valid UTF-8.');
    expect(countMessages()).toBe(before);
  });

  it('refuse NUL and control characters, and text that shows nothing', async () => {
    const before = countMessages();
    for (const text of ['\u0000', 'a\u0000b', 'bell\u0007']) {
      const r = await send(JSON.stringify({ type: 'text', text }));
      expect(r.status, JSON.stringify(text)).toBe(422);
      expect(r.body.errors.text).toEqual(['The text contains an invalid character.']);
    }
    for (const text of INVISIBLE) {
      const r = await send(JSON.stringify({ type: 'text', text }));
      expect(r.status, JSON.stringify(text)).toBe(422);
      expect(r.body.errors.text).toEqual(['The text field is required.']);
    }
    expect(countMessages()).toBe(before);
  });

  it('keep every visible text as sent, new lines and emoji included', async () => {
    const text = 'السلام عليكم 😀\nsecond line\twith a tab — and a ZWJ family 👨‍👩‍👧';
    const r = await send(JSON.stringify({ type: 'text', text }));
    expect(r.status).toBe(200);
    expect(r.body.data.text).toBe(text);
  });
});

describe('names and emails', () => {
  const registration = (over: Record<string, unknown>) => ({
    name: 'Amina Hassan', email: `amina${Math.random().toString(36).slice(2, 8)}@example.test`, password: 'secret1',
    phone: '1001234567', gender: 'female', full_phone: '+201001234567', phone_country: 'EG', date_of_birth: '1990-05-17', ...over,
  });

  it('a name of only invisible characters is missing; one with a NUL is refused', async () => {
    for (const path of ['/register', '/childs']) {
      const token = path === '/childs' ? tok.student : null;
      for (const name of ['\u200b\u200b\u200b', '\u3164', '\u2800 \u200d']) {
        const r = await s.api('POST', path, { token, body: registration({ name }) });
        expect(r.status, `${path} ${JSON.stringify(name)}`).toBe(422);
        expect(r.body.errors.name).toEqual(['Input is required']);
      }
      for (const name of ['Amina\u0000', 'Am\ud800ina']) {
        const r = await s.api('POST', path, { token, body: registration({ name }) });
        expect(r.status).toBe(422);
        expect(r.body.errors.name).toEqual(['Input contains an invalid character']);
      }
    }
  });

  it('an email with a NUL, a zero-width or a control character is not an email', async () => {
    for (const email of ['amina\u0000@example.test', 'am\u200bina@example.test', 'amina@exam\u0007ple.test', 'ami\ufeffna@example.test']) {
      const reg = await s.api('POST', '/register', { body: registration({ email }) });
      expect(reg.status, JSON.stringify(email)).toBe(422);
      expect(reg.body.errors.email).toEqual(['Email not valid']);
      const reset = await s.api('POST', '/password/reset', { body: { email } });
      expect(reset.status).toBe(422);
    }
    expect(s.app.db.prepare("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'am%'").get()).toEqual({ n: 0 });
  });
});

describe('reasons, notes and payment messages', () => {
  it('a cancelation or reschedule reason with a NUL or a lone surrogate is refused', async () => {
    const cancel = await rawJson('POST', `/classes/${ids.future}/cancel`, '{"cancelation_reason": "sick\\u0000"}', tok.student);
    expect(cancel.status).toBe(422);
    expect(cancel.body.errors.cancelation_reason).toEqual(['The cancelation reason contains an invalid character.']);
    const date = new Date(Date.now() + 2 * 24 * HOUR).toISOString().slice(0, 10);
    const move = await rawJson('PUT', `/classes/${ids.future}/reschedule`, `{"date": "${date}", "start_time": "10:00", "reason": "\\udc00"}`, tok.student);
    expect(move.status).toBe(422);
    expect(move.body.errors.reason).toEqual(['The reason contains an invalid character.']);
    expect(s.app.db.prepare('SELECT canceled FROM classes WHERE id = ?').get(ids.future)).toEqual({ canceled: 0 });
  });

  it('a finish reason of only invisible characters is missing', async () => {
    const r = await s.api('POST', `/courses/${ids.course}/finish`, { token: tok.student, body: { reason: '\u200b\u200b' } });
    expect(r.status).toBe(422);
    expect(r.body.errors.reason).toEqual(['Please enter the reason.']);
  });

  it('class report texts and a manual payment message follow the same rules', async () => {
    const blank = await s.api('POST', `/class-reports/${ids.past}`, { token: tok.teacher, body: { rating: 4, class_activity: '\u200b', homework: 'Page 3' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.class_activity).toEqual(['The class activity field is required.']);
    const nul = await s.api('POST', `/class-reports/${ids.past}`, { token: tok.teacher, body: { rating: 4, class_activity: 'Read', homework: 'Page 3', notes: 'x\u0000' } });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.teacher_notes).toEqual(['The teacher notes contains an invalid character.']);
    const f = new FormData();
    f.set('amount', '30');
    f.set('payment_method', 'bank');
    f.set('message', '\u200b\u200b');
    const pay = await s.api('POST', '/wallet/recharge/ebmgateway', { token: tok.student, body: f });
    expect(pay.status).toBe(422);
    expect(pay.body.errors.message).toEqual(['The message field is required.']);
  });
});
