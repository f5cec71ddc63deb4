import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppContext, AuthUser, Env } from '../lib/context.ts';
import {
  hashPassword, issueToken, isTeacher, requireAuth, revokeAllTokens, revokeToken, testOnly, userByToken, verifyPassword,
} from '../lib/auth.ts';
import { forbidden, invalid, notFound, validation } from '../lib/errors.ts';
import { clientAddress, publicOrigin, readBody } from '../lib/request.ts';
import { consume, hashQueueFull, refuse, reserve, resetLimits, type Check } from '../lib/rate-limit.ts';
import { serializeUser } from '../lib/user.ts';
import { getSettings } from '../lib/settings.ts';
import {
  canonicalTimeZone, EMAIL_PATTERN, MIN_PASSWORD, RegistrationMessages as M, validateRegistration,
} from '../lib/registration.ts';
import { MINUTE } from '../lib/time.ts';
import { codeEmail, sendMail } from '../lib/mail.ts';

/**
 * Sessions and the account itself: sign-in, registration, email confirmation, password reset and
 * change, timezone, sign-out and the current user. Guest calls: login, register, token/valid and
 * the password-reset steps; every other call here needs a bearer token.
 */
export const authRoutes = new Hono<Env>();

const CREDENTIALS = 'These credentials do not match our records.';
/**
 * The right password on the other role's page. Only someone who knows the password learns the
 * account's role, so it is said plainly (issue 16 item 10), under `errors.type`.
 */
export const WRONG_PAGE = {
  teacher: 'This page is for teachers. Students sign in on the Sign In page.',
  student: 'This page is for students. Teachers sign in on the Teachers Sign In page.',
} as const;
const BAD_CODE = 'The code is not valid.';
const EXPIRED_CODE = 'The code has expired.';
const BAD_RESET_LINK = 'This password reset link is not valid.';
const FILL_REQUIRED = 'Fill required inputs';
/** Reset codes and the link they unlock live this long. */
export const RESET_TTL_MS = 60 * MINUTE;
/** Wrong reset codes allowed per email before the code is thrown away (a new one must be requested). */
export const RESET_MAX_ATTEMPTS = 5;
const DEFAULT_TIMEZONE = 'Africa/Cairo';

const origin = (c: Context) => publicOrigin(c);
const userJson = (c: Context<Env>, id: number) => serializeUser(c.get('app'), id, origin(c));
const sixDigits = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const sameCode = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** A hash to check against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;

interface LoginRow { id: number; password_hash: string; group_id: number; kind: string }

// ---- sign-in -------------------------------------------------------------------------------------

authRoutes.post('/login', async (c) => {
  const app = c.get('app');
  const address = clientAddress(c);
  await consume(app, [['loginAttemptsPerAddress', address]]);
  const b = await readBody(c);
  const email = str(b.email);
  const password = typeof b.password === 'string' ? b.password : '';
  const errors: Record<string, string[]> = {};
  if (!email) errors.email = [M.required];
  if (!password) errors.password = [M.required];
  const type = b.type === undefined || b.type === null || b.type === '' ? null : b.type;
  if (type !== null && type !== 'teacher' && type !== 'student') errors.type = ['The selected type is invalid.'];
  if (Object.keys(errors).length) throw validation(errors);

  // Wrong passwords are counted per account (the email, known or not: the answer must not tell) and
  // per address; past either allowance sign-in waits, even with the right password. Each attempt
  // takes its place in both allowances before its hash runs and gives it back unless the password
  // was wrong (issue 29: counted only after the hash, 100 concurrent guesses were all evaluated).
  const failures: Check[] = [['loginFailuresPerAccount', email.toLowerCase()], ['loginFailuresPerAddress', address]];
  const row = app.db.prepare('SELECT id, password_hash, group_id, kind FROM users WHERE email = ?').get(email) as LoginRow | undefined;
  // Unknown emails are checked against a hash too, so both cases take the same time.
  const stored = row?.password_hash ?? (await (dummyHash ??= hashPassword('x')));
  const held = await reserve(app, failures);
  if (hashQueueFull(app, address)) {
    await held.giveBack();
    await refuse(app, 1);
  }
  // Queued at once (no await between the check above and this call).
  const ok = (await verifyPassword(password, stored, address)) && !!row;
  // Support and admin accounts only exist as message senders; a role's own page only admits that role.
  const allowed =
    ok && row!.kind === 'user' &&
    (type === null || (type === 'teacher' ? row!.group_id === 1 : row!.group_id === 0));
  if (!allowed) {
    if (ok && row!.kind === 'user' && (type === 'teacher' || type === 'student')) {
      await held.giveBack();
      throw invalid('type', WRONG_PAGE[type]);
    }
    throw invalid('email', CREDENTIALS);
  }
  await held.giveBack(['loginFailuresPerAddress']);
  await resetLimits(app, [failures[0]!]);
  const token = issueToken(app.db, row!.id, app.now());
  return c.json({ token, user: userJson(c, row!.id) });
});

authRoutes.post('/token/valid', async (c) => {
  const b = await readBody(c);
  const token = typeof b.token === 'string' ? b.token.trim() : '';
  const user = token ? userByToken(c.get('app').db, token) : null;
  return c.json(user ? { valid: true, user: userJson(c, user.id) } : { valid: false });
});

authRoutes.post('/logout', requireAuth, (c) => {
  revokeToken(c.get('app').db, c.get('token'));
  return c.json({ status: 'OK' });
});

authRoutes.get('/user', requireAuth, (c) => c.json({ data: userJson(c, c.get('user').id) }));

// ---- registration and email confirmation -------------------------------------------------------------

function sendVerificationCode(app: AppContext, userId: number, email: string): void {
  const code = sixDigits();
  app.db.prepare('UPDATE users SET verification_code = ? WHERE id = ?').run(code, userId);
  sendMail(app, {
    to: email,
    subject: 'Confirm your email',
    html: codeEmail('Welcome! Enter this code on the Email Confirmation page to confirm your email:', code, 'If you did not create an account, ignore this email.'),
    console: `verification code for ${email}: ${code}`,
  });
}

function newReferralToken(app: AppContext): string {
  for (;;) {
    const t = crypto.randomBytes(8).toString('hex');
    if (!app.db.prepare('SELECT 1 FROM users WHERE referral_token = ?').get(t)) return t;
  }
}

const emailTaken = (app: AppContext) => (email: string) => !!app.db.prepare('SELECT 1 FROM users WHERE email = ?').get(email);

authRoutes.post('/register', async (c) => {
  const app = c.get('app');
  const address = clientAddress(c);
  const b = await readBody(c);
  // Every call is counted before anything is checked or hashed, so a burst cannot outrun the count.
  const attempt: Check[] = [['registerAttemptsPerAddress', address]];
  if (typeof b.email === 'string' && b.email.trim()) attempt.push(['registerAttemptsPerAccount', b.email.trim().toLowerCase()]);
  await consume(app, attempt);
  const now = app.now();
  const r = validateRegistration(b, now, emailTaken(app));
  const verify = getSettings(app.db).email_verification;
  if (hashQueueFull(app, address)) await refuse(app, 1);
  const passwordHash = await hashPassword(r.password, address);

  const { id, token } = app.db.transaction(() => {
    // Checked again inside the transaction: another request may have taken the email since.
    if (emailTaken(app)(r.email)) throw invalid('email', M.emailTaken);
    const referrer = r.referral_token
      ? (app.db.prepare("SELECT id FROM users WHERE referral_token = ? AND kind = 'user' AND group_id = 0").get(r.referral_token) as
          | { id: number }
          | undefined)
      : undefined;
    const id = Number(
      app.db
        .prepare(
          `INSERT INTO users (name, email, password_hash, group_id, kind, timezone, email_verified_at, phone, full_phone,
            phone_country, gender, date_of_birth, referral_token, referred_by, created_at)
           VALUES (?, ?, ?, 0, 'user', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(r.name, r.email, passwordHash, r.timezone ?? DEFAULT_TIMEZONE, verify ? null : now, r.phone, r.full_phone,
          r.phone_country, r.gender, r.date_of_birth, newReferralToken(app), referrer?.id ?? null, now).lastInsertRowid,
    );
    if (verify) sendVerificationCode(app, id, r.email);
    return { id, token: issueToken(app.db, id, now) };
  })();
  return c.json({ token, user: userJson(c, id), verification: verify ? 'SENT' : null });
});

authRoutes.post('/verify', requireAuth, async (c) => {
  const app = c.get('app');
  const me = c.get('user');
  const code = str((await readBody(c)).code);
  const row = app.db.prepare('SELECT email_verified_at, verification_code FROM users WHERE id = ?').get(me.id) as
    { email_verified_at: number | null; verification_code: string | null };
  if (row.email_verified_at == null) {
    if (!code) throw invalid('code', M.required);
    // A guess takes its place in both allowances before it is compared; only a right code gives it back.
    const failures: Check[] = [['verifyFailuresPerAccount', String(me.id)], ['verifyFailuresPerAddress', clientAddress(c)]];
    const held = await reserve(app, failures);
    const current = app.db.prepare('SELECT verification_code FROM users WHERE id = ?').get(me.id) as { verification_code: string | null };
    if (!current.verification_code || !sameCode(code, current.verification_code)) throw invalid('code', BAD_CODE);
    await held.giveBack();
    app.db.prepare('UPDATE users SET email_verified_at = ?, verification_code = NULL WHERE id = ?').run(app.now(), me.id);
  }
  return c.json({ user: userJson(c, me.id) });
});

authRoutes.post('/verify/send', requireAuth, async (c) => {
  const app = c.get('app');
  const me = c.get('user');
  await consume(app, [['verifySendPerAccount', String(me.id)]]);
  const row = app.db.prepare('SELECT email_verified_at FROM users WHERE id = ?').get(me.id) as { email_verified_at: number | null };
  if (row.email_verified_at == null) sendVerificationCode(app, me.id, me.email);
  return c.json({ status: 'SENT' });
});

// ---- password reset (guest) ----------------------------------------------------------------------------

/** Wrong-code counts per reset email, per server (a restart simply forgets them). */
const resetAttempts = new WeakMap<AppContext, Map<string, number>>();
const attemptsOf = (app: AppContext) => {
  let m = resetAttempts.get(app);
  if (!m) resetAttempts.set(app, (m = new Map()));
  return m;
};

function requireEmail(v: unknown): string {
  const email = str(v).toLowerCase();
  if (!email) throw invalid('email', M.required);
  if (!EMAIL_PATTERN.test(email) || email.length > 191) throw invalid('email', M.email);
  return email;
}

/** A new password: required, at least 6 characters, equal to `password_confirmation` when one is sent. */
function newPassword(b: Record<string, unknown>, requiredMessage: string): string {
  const password = typeof b.password === 'string' ? b.password : '';
  if (!password) throw invalid('password', requiredMessage);
  if (password.length < MIN_PASSWORD) throw invalid('password', M.passwordMin);
  if (password.length > 255) throw invalid('password', M.tooLong);
  if (b.password_confirmation !== undefined && b.password_confirmation !== password) {
    throw invalid('password_confirmation', M.passwordsMismatch);
  }
  return password;
}

interface ResetRow { email: string; code: string; complete_token: string | null; created_at: number }

authRoutes.post('/password/reset', async (c) => {
  const app = c.get('app');
  const email = requireEmail((await readBody(c)).email);
  // Counted for unknown emails too, so a 429 tells nothing about who has an account.
  await consume(app, [['resetRequestsPerAddress', clientAddress(c)], ['resetRequestsPerAccount', email]]);
  const user = app.db.prepare("SELECT email FROM users WHERE email = ? AND kind = 'user'").get(email) as { email: string } | undefined;
  // Unknown emails get the same answer: the reply must not tell who has an account.
  if (user) {
    const code = sixDigits();
    app.db
      .prepare(
        `INSERT INTO password_resets (email, code, complete_token, created_at) VALUES (?, ?, NULL, ?)
         ON CONFLICT(email) DO UPDATE SET code = excluded.code, complete_token = NULL, created_at = excluded.created_at`,
      )
      .run(user.email, code, app.now());
    attemptsOf(app).delete(user.email.toLowerCase());
    sendMail(app, {
      to: user.email,
      subject: 'Reset your password',
      html: codeEmail('Enter this code on the Reset Password page to choose a new password:', code, `The code is valid for ${RESET_TTL_MS / MINUTE} minutes. If you did not ask for it, ignore this email.`),
      console: `password reset code for ${user.email}: ${code}`,
    });
  }
  return c.json({ status: 'SENT' });
});

authRoutes.post('/password/reset/validate', async (c) => {
  const app = c.get('app');
  const b = await readBody(c);
  const email = requireEmail(b.email);
  const code = str(b.code);
  if (!code) throw invalid('code', M.required);
  // A guess takes its place in both allowances before it is compared; only a right (or expired) code gives it back.
  const failures: Check[] = [['resetFailuresPerAccount', email], ['resetFailuresPerAddress', clientAddress(c)]];
  const held = await reserve(app, failures);
  const row = app.db.prepare('SELECT * FROM password_resets WHERE email = ?').get(email) as ResetRow | undefined;
  if (!row) throw invalid('code', BAD_CODE);
  if (app.now() - row.created_at > RESET_TTL_MS) {
    await held.giveBack();
    app.db.prepare('DELETE FROM password_resets WHERE email = ?').run(email);
    throw invalid('code', EXPIRED_CODE);
  }
  if (!sameCode(code, row.code)) {
    const attempts = attemptsOf(app);
    const n = (attempts.get(email) ?? 0) + 1;
    if (n >= RESET_MAX_ATTEMPTS) {
      attempts.delete(email);
      app.db.prepare('DELETE FROM password_resets WHERE email = ?').run(email);
    } else attempts.set(email, n);
    throw invalid('code', BAD_CODE);
  }
  await held.giveBack();
  attemptsOf(app).delete(email);
  const token = crypto.randomBytes(32).toString('base64url');
  app.db.prepare('UPDATE password_resets SET complete_token = ? WHERE email = ?').run(token, email);
  return c.json({ url: `${origin(c)}/api/password/reset/complete/${token}` });
});

authRoutes.post('/password/reset/complete/:token', async (c) => {
  const app = c.get('app');
  const token = c.req.param('token');
  const b = await readBody(c);
  const row = app.db.prepare('SELECT * FROM password_resets WHERE complete_token = ?').get(token) as ResetRow | undefined;
  if (!row || app.now() - row.created_at > RESET_TTL_MS) throw invalid('token', BAD_RESET_LINK);
  const password = newPassword(b, M.required);
  const address = clientAddress(c);
  if (hashQueueFull(app, address)) await refuse(app, 1);
  const hash = await hashPassword(password, address);
  app.db.transaction(() => {
    const user = app.db.prepare('SELECT id FROM users WHERE email = ?').get(row.email) as { id: number } | undefined;
    if (user) {
      app.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
      revokeAllTokens(app.db, user.id);
    }
    app.db.prepare('DELETE FROM password_resets WHERE email = ?').run(row.email);
  })();
  return c.json({ status: 'OK' });
});

// ---- signed-in account settings -------------------------------------------------------------------------

/** Password change: teachers cannot change theirs here (the spec disables it for them). */
authRoutes.post('/password', requireAuth, async (c) => {
  const app = c.get('app');
  const me: AuthUser = c.get('user');
  if (isTeacher(me)) throw forbidden();
  const password = newPassword(await readBody(c), FILL_REQUIRED);
  const address = clientAddress(c);
  if (hashQueueFull(app, address)) await refuse(app, 1);
  const hash = await hashPassword(password, address);
  const token = app.db.transaction(() => {
    app.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, me.id);
    revokeAllTokens(app.db, me.id);
    return issueToken(app.db, me.id, app.now());
  })();
  return c.json({ user: userJson(c, me.id), token });
});

authRoutes.put('/timezone', requireAuth, async (c) => {
  const app = c.get('app');
  const me = c.get('user');
  const raw = (await readBody(c)).timezone;
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) throw invalid('timezone', M.required);
  const tz = canonicalTimeZone(typeof raw === 'string' ? raw.trim() : raw);
  if (!tz) throw invalid('timezone', 'The timezone is not valid.');
  app.db.prepare('UPDATE users SET timezone = ? WHERE id = ?').run(tz, me.id);
  return c.json({ user: userJson(c, me.id) });
});

// ---- test-only: read the codes a real server would have mailed ------------------------------------------

authRoutes.get('/test/verification-code', testOnly, (c) => {
  const row = c.get('app').db.prepare('SELECT verification_code FROM users WHERE email = ?').get(c.req.query('email') ?? '') as
    { verification_code: string | null } | undefined;
  if (!row?.verification_code) throw notFound();
  return c.json({ code: row.verification_code });
});

authRoutes.get('/test/reset-code', testOnly, (c) => {
  const row = c.get('app').db.prepare('SELECT code FROM password_resets WHERE email = ?').get(c.req.query('email') ?? '') as
    { code: string } | undefined;
  if (!row) throw notFound();
  return c.json({ code: row.code });
});
