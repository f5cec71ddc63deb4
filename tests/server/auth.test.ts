import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';
import { setSetting } from '../../server/lib/settings.ts';
import { WRONG_PAGE } from '../../server/routes/auth.ts';

const CREDENTIALS = { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } };

/** A valid registration payload; each test spoils one field. */
function payload(over: Record<string, unknown> = {}) {
  return {
    name: 'Amina Hassan',
    email: `amina${Math.random().toString(36).slice(2, 10)}@example.test`,
    password: 'secret1',
    phone: '1001234567',
    gender: 'female',
    full_phone: '+201001234567',
    phone_country: 'EG',
    date_of_birth: '1990-05-17',
    ...over,
  };
}

const todayUtc = () => Temporal.Now.plainDateISO('UTC');

const AUTH_CALLS: [string, string][] = [
  ['POST', '/verify'], ['POST', '/verify/send'], ['POST', '/password'], ['PUT', '/timezone'], ['POST', '/logout'], ['GET', '/user'],
];

describe('sessions, registration and account', () => {
  let s: TestServer;
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      createUser(db, { name: 'Sara Student', email: 'student@example.test' });
      createUser(db, { name: 'Tariq Teacher', email: 'teacher@example.test', group_id: 1 });
      createUser(db, { name: 'Support', email: 'support@example.test', kind: 'support' });
      createUser(db, { name: 'Admin', email: 'admin@example.test', kind: 'admin' });
      createUser(db, { name: 'Logout Lina', email: 'logout@example.test' });
      createUser(db, { name: 'Change Chadi', email: 'change@example.test' });
      createUser(db, { name: 'Reset Rania', email: 'reset@example.test' });
      createUser(db, { name: 'Expiry Emad', email: 'expiry@example.test' });
      createUser(db, { name: 'Guess Ghada', email: 'guess@example.test' });
      createUser(db, { name: 'Zone Zaid', email: 'zone@example.test' });
      const ref = createUser(db, { name: 'Referrer Rami', email: 'referrer@example.test' });
      db.prepare("UPDATE users SET referral_token = 'friend-token-1' WHERE id = ?").run(ref);
      const tref = createUser(db, { name: 'Teacher Referrer', email: 'tref@example.test', group_id: 1 });
      db.prepare("UPDATE users SET referral_token = 'teacher-token-1' WHERE id = ?").run(tref);
    });
  });
  afterAll(async () => {
    log.mockRestore();
    await s.close();
  });

  const userId = (email: string) => (s.app.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;

  describe('POST /login', () => {
    it('answers a token and the User resource', async () => {
      const r = await s.api('POST', '/login', { body: { email: 'student@example.test', password: 'password' } });
      expect(r.status).toBe(200);
      expect(typeof r.body.token).toBe('string');
      expect(r.body.token.length).toBeGreaterThan(20);
      expect(r.body.user).toMatchObject({
        id: userId('student@example.test'), name: 'Sara Student', email: 'student@example.test', groupId: 0, credits: 0,
        loan_credits: 0, can_borrow: true, timezone: 'Africa/Cairo', notifications: [], notifications_count: 0,
        unread_inbox_count: 0, my_courses: 0, is_parent: false,
      });
      expect(r.body.user.email_verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(r.body.user.referral_link).toMatch(new RegExp(`^${s.url}/register\\?referral=[0-9a-f]+$`));
      const me = await s.api('GET', '/user', { token: r.body.token });
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(r.body.user.id);
    });

    it('accepts the email in any case', async () => {
      const r = await s.api('POST', '/login', { body: { email: ' Student@Example.TEST ', password: 'password' } });
      expect(r.status).toBe(200);
    });

    it('refuses a wrong password and an unknown email with the same 422', async () => {
      const wrong = await s.api('POST', '/login', { body: { email: 'student@example.test', password: 'passwordx' } });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual(CREDENTIALS);
      const unknown = await s.api('POST', '/login', { body: { email: 'nobody@example.test', password: 'password' } });
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual(CREDENTIALS);
    });

    it('requires both fields', async () => {
      const r = await s.api('POST', '/login', { body: {} });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ email: ['Input is required'], password: ['Input is required'] });
    });

    it("type 'teacher' admits teachers only and 'student' students only", async () => {
      const t = await s.api('POST', '/login', { body: { email: 'teacher@example.test', password: 'password', type: 'teacher' } });
      expect(t.status).toBe(200);
      expect(t.body.user.groupId).toBe(1);
      // The right password on the other role's page says which page to use (issue 16 item 10).
      const studentOnTeacherPage = await s.api('POST', '/login', { body: { email: 'student@example.test', password: 'password', type: 'teacher' } });
      expect(studentOnTeacherPage.status).toBe(422);
      expect(studentOnTeacherPage.body).toEqual({ message: WRONG_PAGE.teacher, errors: { type: [WRONG_PAGE.teacher] } });
      const teacherOnStudentPage = await s.api('POST', '/login', { body: { email: 'teacher@example.test', password: 'password', type: 'student' } });
      expect(teacherOnStudentPage.status).toBe(422);
      expect(teacherOnStudentPage.body).toEqual({ message: WRONG_PAGE.student, errors: { type: [WRONG_PAGE.student] } });
      // A wrong password tells nothing about the role.
      const wrongOnTeacherPage = await s.api('POST', '/login', { body: { email: 'student@example.test', password: 'nope', type: 'teacher' } });
      expect(wrongOnTeacherPage.body).toEqual(CREDENTIALS);
      const st = await s.api('POST', '/login', { body: { email: 'student@example.test', password: 'password', type: 'student' } });
      expect(st.status).toBe(200);
      const bad = await s.api('POST', '/login', { body: { email: 'student@example.test', password: 'password', type: 'admin' } });
      expect(bad.status).toBe(422);
    });

    it('support and admin accounts cannot sign in', async () => {
      for (const email of ['support@example.test', 'admin@example.test']) {
        const r = await s.api('POST', '/login', { body: { email, password: 'password' } });
        expect(r.status).toBe(422);
        expect(r.body).toEqual(CREDENTIALS);
      }
    });
  });

  describe('authentication is required', () => {
    it.each(AUTH_CALLS)('%s %s without a token or with a bad one → 401', async (method, path) => {
      const body = method === 'GET' ? undefined : {};
      const none = await s.api(method, path, { body });
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ message: 'Unauthenticated.' });
      const bad = await s.api(method, path, { token: 'not-a-real-token', body });
      expect(bad.status).toBe(401);
      expect(bad.body).toEqual({ message: 'Unauthenticated.' });
    });
  });

  describe('POST /token/valid', () => {
    it('answers valid with the user for a live token, not valid otherwise', async () => {
      const token = await s.login('student@example.test');
      const ok = await s.api('POST', '/token/valid', { body: { token } });
      expect(ok.status).toBe(200);
      expect(ok.body.valid).toBe(true);
      expect(ok.body.user).toMatchObject({ id: userId('student@example.test'), email: 'student@example.test' });
      expect((await s.api('POST', '/token/valid', { body: { token: 'bogus' } })).body).toEqual({ valid: false });
      expect((await s.api('POST', '/token/valid', { body: {} })).body).toEqual({ valid: false });
    });
  });

  describe('POST /logout', () => {
    it('revokes only this token', async () => {
      const a = await s.login('logout@example.test');
      const b = await s.login('logout@example.test');
      const r = await s.api('POST', '/logout', { token: a });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 'OK' });
      expect((await s.api('GET', '/user', { token: a })).status).toBe(401);
      expect((await s.api('POST', '/token/valid', { body: { token: a } })).body).toEqual({ valid: false });
      expect((await s.api('GET', '/user', { token: b })).status).toBe(200);
    });
  });

  describe('GET /user', () => {
    it('answers {data: User} of the caller', async () => {
      const token = await s.login('teacher@example.test');
      const r = await s.api('GET', '/user', { token });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: userId('teacher@example.test'), name: 'Tariq Teacher', groupId: 1 });
      for (const k of ['avatar', 'credits', 'loan_credits', 'can_borrow', 'max_borrow_amount', 'timezone', 'notifications',
        'notifications_count', 'unread_inbox_count', 'email_verified_at', 'my_courses', 'referral_link', 'phone', 'full_phone',
        'phone_country', 'gender', 'date_of_birth', 'is_parent']) {
        expect(r.body.data).toHaveProperty(k);
      }
    });
  });

  describe('PUT /timezone', () => {
    it('stores a valid IANA zone (canonical spelling) and answers the user', async () => {
      const token = await s.login('zone@example.test');
      const r = await s.api('PUT', '/timezone', { token, body: { timezone: 'Europe/London' } });
      expect(r.status).toBe(200);
      expect(r.body.user.timezone).toBe('Europe/London');
      const lower = await s.api('PUT', '/timezone', { token, body: { timezone: 'america/new_york' } });
      expect(lower.body.user.timezone).toBe('America/New_York');
      expect((await s.api('GET', '/user', { token })).body.data.timezone).toBe('America/New_York');
    });

    it('refuses unknown zones, offsets and an empty value', async () => {
      const token = await s.login('zone@example.test');
      for (const timezone of ['Mars/Olympus', '+02:00', 42]) {
        const r = await s.api('PUT', '/timezone', { token, body: { timezone } });
        expect(r.status).toBe(422);
        expect(r.body.errors.timezone).toEqual(['The timezone is not valid.']);
      }
      const empty = await s.api('PUT', '/timezone', { token, body: {} });
      expect(empty.status).toBe(422);
      expect(empty.body.errors.timezone).toEqual(['Input is required']);
    });
  });

  describe('POST /password', () => {
    it('requires the password', async () => {
      const token = await s.login('change@example.test');
      const r = await s.api('POST', '/password', { token, body: {} });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ message: 'Fill required inputs', errors: { password: ['Fill required inputs'] } });
      const short = await s.api('POST', '/password', { token, body: { password: 'abc' } });
      expect(short.status).toBe(422);
      expect(short.body.errors.password).toEqual(['Password min length is 6']);
      const mismatch = await s.api('POST', '/password', { token, body: { password: 'abcdef', password_confirmation: 'abcdeg' } });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors.password_confirmation).toEqual(['Passwords do not match']);
    });

    it('changes the password and rotates the tokens', async () => {
      const old1 = await s.login('change@example.test');
      const old2 = await s.login('change@example.test');
      const r = await s.api('POST', '/password', { token: old1, body: { password: 'brand-new-pw' } });
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({ id: userId('change@example.test') });
      expect(typeof r.body.token).toBe('string');
      expect(r.body.token).not.toBe(old1);
      expect((await s.api('GET', '/user', { token: old1 })).status).toBe(401);
      expect((await s.api('GET', '/user', { token: old2 })).status).toBe(401);
      expect((await s.api('GET', '/user', { token: r.body.token })).status).toBe(200);
      expect((await s.api('POST', '/login', { body: { email: 'change@example.test', password: 'password' } })).status).toBe(422);
      expect((await s.api('POST', '/login', { body: { email: 'change@example.test', password: 'brand-new-pw' } })).status).toBe(200);
    });

    it('is forbidden to teachers', async () => {
      const token = await s.login('teacher@example.test');
      const r = await s.api('POST', '/password', { token, body: { password: 'whatever1' } });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ message: 'Forbidden.' });
      expect((await s.api('GET', '/user', { token })).status).toBe(200);
      expect((await s.api('POST', '/login', { body: { email: 'teacher@example.test', password: 'password' } })).status).toBe(200);
    });
  });

  describe('POST /register', () => {
    it('creates a student, signs them in and sends a verification code (setting on by default)', async () => {
      log.mockClear();
      const p = payload({ email: 'New.Student@Example.test' });
      const r = await s.api('POST', '/register', { body: p });
      expect(r.status).toBe(200);
      expect(r.body.verification).toBe('SENT');
      expect(typeof r.body.token).toBe('string');
      expect(r.body.user).toMatchObject({
        name: 'Amina Hassan', email: 'new.student@example.test', groupId: 0, credits: 0, timezone: 'Africa/Cairo',
        email_verified_at: null, phone: '1001234567', full_phone: '+201001234567', phone_country: 'EG', gender: 'female',
        date_of_birth: '1990-05-17', is_parent: false,
      });
      expect(r.body.user.referral_link).toMatch(/\/register\?referral=[0-9a-f]{16}$/);
      expect((await s.api('GET', '/user', { token: r.body.token })).body.data.id).toBe(r.body.user.id);

      const code = await s.api('GET', '/test/verification-code?email=new.student@example.test');
      expect(code.status).toBe(200);
      expect(code.body.code).toMatch(/^\d{6}$/);
      expect(log).toHaveBeenCalledWith(`[mail] verification code for new.student@example.test: ${code.body.code}`);
      const row = s.app.db.prepare('SELECT referred_by, group_id, kind FROM users WHERE id = ?').get(r.body.user.id);
      expect(row).toEqual({ referred_by: null, group_id: 0, kind: 'user' });

      // the new password works
      expect((await s.api('POST', '/login', { body: { email: 'new.student@example.test', password: 'secret1' } })).status).toBe(200);
    });

    it('refuses an empty payload with "Input is required" on every required field', async () => {
      const r = await s.api('POST', '/register', { body: {} });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Input is required');
      expect(r.body.errors).toEqual(Object.fromEntries(
        ['name', 'email', 'password', 'phone', 'gender', 'phone_country', 'full_phone', 'date_of_birth'].map((f) => [f, ['Input is required']]),
      ));
      const blank = await s.api('POST', '/register', { body: payload({ name: '   ' }) });
      expect(blank.body.errors).toEqual({ name: ['Input is required'] });
    });

    it.each([
      ['email', { email: 'not-an-email' }, 'Email not valid'],
      ['email', { email: 'a@b' }, 'Email not valid'],
      ['password', { password: '12345' }, 'Password min length is 6'],
      ['password_confirmation', { password_confirmation: 'secret2' }, 'Passwords do not match'],
      ['gender', { gender: 'Male' }, 'Gender must be male or female'],
      ['gender', { gender: 'other' }, 'Gender must be male or female'],
      ['full_phone', { full_phone: '+2010012' }, 'Phone number is not valid'],
      ['full_phone', { full_phone: '01001234567' }, 'Phone number is not valid'],
      ['full_phone', { full_phone: '+447911123456' }, 'Phone number is not valid'], // a UK number for country EG
      ['phone_country', { phone_country: 'ZZ' }, 'Country is not valid'],
      ['phone_country', { phone_country: 'IL', full_phone: '+972501234567' }, 'Country is not valid'],
    ])('%s: %j → %s', async (field, over, message) => {
      const r = await s.api('POST', '/register', { body: payload(over) });
      expect(r.status).toBe(422);
      expect(r.body.errors[field]).toEqual([message]);
      expect(r.body.message).toBe(message);
    });

    it('refuses an Israeli number even with another country named', async () => {
      const r = await s.api('POST', '/register', { body: payload({ full_phone: '+972501234567' }) });
      expect(r.status).toBe(422);
      expect(r.body.errors.full_phone).toEqual(['Phone number is not valid']);
    });

    it('accepts a valid number of another country and normalises it', async () => {
      const r = await s.api('POST', '/register', { body: payload({ phone_country: 'gb', full_phone: '+44 7911 123456', phone: '7911123456' }) });
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({ phone_country: 'GB', full_phone: '+447911123456' });
    });

    it('bounds the date of birth: 1945-01-01 to three years before today', async () => {
      const latest = todayUtc().subtract({ years: 3 });
      const message = `Date of birth must be between 1945-01-01 and ${latest.toString()}`;
      for (const dob of [latest.add({ days: 1 }).toString(), todayUtc().toString(), '1944-12-31', '2001-02-30', '17/05/1990', '1990-5-17']) {
        const r = await s.api('POST', '/register', { body: payload({ date_of_birth: dob }) });
        expect(r.status, dob).toBe(422);
        expect(r.body.errors).toEqual({ date_of_birth: [message] });
      }
      for (const dob of [latest.toString(), '1945-01-01']) {
        const r = await s.api('POST', '/register', { body: payload({ date_of_birth: dob }) });
        expect(r.status, dob).toBe(200);
        expect(r.body.user.date_of_birth).toBe(dob);
      }
    });

    it('refuses a taken email, whatever its case', async () => {
      const r = await s.api('POST', '/register', { body: payload({ email: 'STUDENT@example.test' }) });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    });

    it("links referral_token to its owner's account and ignores unknown tokens", async () => {
      const a = await s.api('POST', '/register', { body: payload({ referral_token: 'friend-token-1' }) });
      expect(a.status).toBe(200);
      const row = s.app.db.prepare('SELECT referred_by, referral_token FROM users WHERE id = ?').get(a.body.user.id) as { referred_by: number; referral_token: string };
      expect(row.referred_by).toBe(userId('referrer@example.test'));
      expect(row.referral_token).not.toBe('friend-token-1');
      const b = await s.api('POST', '/register', { body: payload({ referral_token: 'no-such-token' }) });
      expect(b.status).toBe(200);
      expect(s.app.db.prepare('SELECT referred_by FROM users WHERE id = ?').get(b.body.user.id)).toEqual({ referred_by: null });
      const t = await s.api('POST', '/register', { body: payload({ referral_token: 'teacher-token-1' }) });
      expect(t.status).toBe(200);
      expect(s.app.db.prepare('SELECT referred_by FROM users WHERE id = ?').get(t.body.user.id)).toEqual({ referred_by: null });
    });

    it('takes a valid timezone and falls back to Africa/Cairo otherwise', async () => {
      const a = await s.api('POST', '/register', { body: payload({ timezone: 'Asia/Dubai' }) });
      expect(a.body.user.timezone).toBe('Asia/Dubai');
      const b = await s.api('POST', '/register', { body: payload({ timezone: 'Nowhere/Land' }) });
      expect(b.status).toBe(200);
      expect(b.body.user.timezone).toBe('Africa/Cairo');
    });
  });

  describe('email confirmation', () => {
    it('POST /verify refuses a wrong code, accepts the mailed one', async () => {
      const p = payload();
      const reg = await s.api('POST', '/register', { body: p });
      const token = reg.body.token as string;
      const code = (await s.api('GET', `/test/verification-code?email=${p.email}`)).body.code as string;
      const wrong = await s.api('POST', '/verify', { token, body: { code: code === '000000' ? '111111' : '000000' } });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual({ message: 'The code is not valid.', errors: { code: ['The code is not valid.'] } });
      const empty = await s.api('POST', '/verify', { token, body: {} });
      expect(empty.status).toBe(422);
      const ok = await s.api('POST', '/verify', { token, body: { code } });
      expect(ok.status).toBe(200);
      expect(ok.body.user.email_verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect((await s.api('GET', '/user', { token })).body.data.email_verified_at).toBe(ok.body.user.email_verified_at);
      // the code is used up
      expect((await s.api('GET', `/test/verification-code?email=${p.email}`)).status).toBe(404);
    });

    it('POST /verify/send issues a new code that then verifies', async () => {
      const p = payload();
      const reg = await s.api('POST', '/register', { body: p });
      const token = reg.body.token as string;
      const first = (await s.api('GET', `/test/verification-code?email=${p.email}`)).body.code as string;
      s.app.db.prepare("UPDATE users SET verification_code = 'stale1' WHERE email = ?").run(p.email);
      log.mockClear();
      const r = await s.api('POST', '/verify/send', { token });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 'SENT' });
      const second = (await s.api('GET', `/test/verification-code?email=${p.email}`)).body.code as string;
      expect(second).toMatch(/^\d{6}$/);
      expect(log).toHaveBeenCalledWith(`[mail] verification code for ${p.email}: ${second}`);
      expect(first).toMatch(/^\d{6}$/);
      expect((await s.api('POST', '/verify', { token, body: { code: 'stale1' } })).status).toBe(422);
      expect((await s.api('POST', '/verify', { token, body: { code: second } })).status).toBe(200);
    });
  });

  describe('password reset', () => {
    it('runs end to end: code, link, new password; old sessions end', async () => {
      const session = await s.login('reset@example.test');
      log.mockClear();
      const sent = await s.api('POST', '/password/reset', { body: { email: 'Reset@Example.test' } });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ status: 'SENT' });
      const { code } = (await s.api('GET', '/test/reset-code?email=reset@example.test')).body as { code: string };
      expect(code).toMatch(/^\d{6}$/);
      expect(log).toHaveBeenCalledWith(`[mail] password reset code for reset@example.test: ${code}`);

      const wrong = await s.api('POST', '/password/reset/validate', { body: { email: 'reset@example.test', code: code === '000000' ? '000001' : '000000' } });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ code: ['The code is not valid.'] });
      const otherEmail = await s.api('POST', '/password/reset/validate', { body: { email: 'student@example.test', code } });
      expect(otherEmail.status).toBe(422);

      const v = await s.api('POST', '/password/reset/validate', { body: { email: 'reset@example.test', code } });
      expect(v.status).toBe(200);
      expect(v.body.url).toMatch(new RegExp(`^${s.url}/api/password/reset/complete/[A-Za-z0-9_-]{30,}$`));

      const short = await s.api('POST', v.body.url, { body: { password: '123' } });
      expect(short.status).toBe(422);
      expect(short.body.errors).toEqual({ password: ['Password min length is 6'] });
      const missing = await s.api('POST', v.body.url, { body: {} });
      expect(missing.body.errors).toEqual({ password: ['Input is required'] });

      const done = await s.api('POST', v.body.url, { body: { password: 'reset-pass-1' } });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ status: 'OK' });
      expect((await s.api('GET', '/user', { token: session })).status).toBe(401);
      expect((await s.api('POST', '/login', { body: { email: 'reset@example.test', password: 'password' } })).status).toBe(422);
      expect((await s.api('POST', '/login', { body: { email: 'reset@example.test', password: 'reset-pass-1' } })).status).toBe(200);

      const again = await s.api('POST', v.body.url, { body: { password: 'another-pass' } });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ token: ['This password reset link is not valid.'] });
      expect(s.app.db.prepare('SELECT COUNT(*) AS n FROM password_resets').get()).toEqual({ n: 0 });
    });

    it('answers SENT for unknown emails without storing anything', async () => {
      const r = await s.api('POST', '/password/reset', { body: { email: 'ghost@example.test' } });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 'SENT' });
      expect((await s.api('GET', '/test/reset-code?email=ghost@example.test')).status).toBe(404);
      const v = await s.api('POST', '/password/reset/validate', { body: { email: 'ghost@example.test', code: '123456' } });
      expect(v.status).toBe(422);
    });

    it('validates the email field', async () => {
      expect((await s.api('POST', '/password/reset', { body: {} })).body.errors).toEqual({ email: ['Input is required'] });
      expect((await s.api('POST', '/password/reset', { body: { email: 'nope' } })).body.errors).toEqual({ email: ['Email not valid'] });
    });

    it('refuses an unknown completion token', async () => {
      const r = await s.api('POST', '/password/reset/complete/made-up-token', { body: { password: 'whatever1' } });
      expect(r.status).toBe(422);
    });

    it('codes expire after 60 minutes', async () => {
      await s.api('POST', '/password/reset', { body: { email: 'expiry@example.test' } });
      const { code } = (await s.api('GET', '/test/reset-code?email=expiry@example.test')).body as { code: string };
      try {
        s.setClockOffset(61 * 60_000);
        const r = await s.api('POST', '/password/reset/validate', { body: { email: 'expiry@example.test', code } });
        expect(r.status).toBe(422);
        expect(r.body.errors).toEqual({ code: ['The code has expired.'] });
      } finally {
        s.setClockOffset(0);
      }
      // a link obtained in time also dies with the code
      await s.api('POST', '/password/reset', { body: { email: 'expiry@example.test' } });
      const fresh = (await s.api('GET', '/test/reset-code?email=expiry@example.test')).body.code as string;
      const v = await s.api('POST', '/password/reset/validate', { body: { email: 'expiry@example.test', code: fresh } });
      expect(v.status).toBe(200);
      try {
        s.setClockOffset(61 * 60_000);
        expect((await s.api('POST', v.body.url, { body: { password: 'too-late-1' } })).status).toBe(422);
      } finally {
        s.setClockOffset(0);
      }
      expect((await s.api('POST', v.body.url, { body: { password: 'in-time-1' } })).status).toBe(200);
    });

    it('throws the code away after 5 wrong guesses', async () => {
      await s.api('POST', '/password/reset', { body: { email: 'guess@example.test' } });
      const { code } = (await s.api('GET', '/test/reset-code?email=guess@example.test')).body as { code: string };
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) {
        expect((await s.api('POST', '/password/reset/validate', { body: { email: 'guess@example.test', code: wrong } })).status).toBe(422);
      }
      const late = await s.api('POST', '/password/reset/validate', { body: { email: 'guess@example.test', code } });
      expect(late.status).toBe(422);
      // a new request starts over
      await s.api('POST', '/password/reset', { body: { email: 'guess@example.test' } });
      const fresh = (await s.api('GET', '/test/reset-code?email=guess@example.test')).body.code as string;
      expect((await s.api('POST', '/password/reset/validate', { body: { email: 'guess@example.test', code: fresh } })).status).toBe(200);
    });
  });
});

describe('registration with email verification off, and without the test API', () => {
  let s: TestServer;
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  beforeAll(async () => {
    s = await startTestServer({ enableTestApi: false }, (db) => setSetting(db, 'email_verification', false));
  });
  afterAll(async () => {
    log.mockRestore();
    await s.close();
  });

  it('registers the student as verified and answers verification null', async () => {
    const p = payload();
    const r = await s.api('POST', '/register', { body: p });
    expect(r.status).toBe(200);
    expect(r.body.verification).toBeNull();
    expect(r.body.user.email_verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(s.app.db.prepare('SELECT verification_code FROM users WHERE email = ?').get(p.email)).toEqual({ verification_code: null });
    expect(log).not.toHaveBeenCalledWith(expect.stringContaining('[mail] verification code'));
  });

  it('has no test-only code routes', async () => {
    expect((await s.api('GET', '/test/verification-code?email=x@example.test')).status).toBe(404);
    expect((await s.api('GET', '/test/reset-code?email=x@example.test')).status).toBe(404);
  });
});
