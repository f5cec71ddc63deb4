import crypto from 'node:crypto';
import type { MiddlewareHandler, Context } from 'hono';
import type { DB } from '../db/index.ts';
import type { AuthUser, Env } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/** scrypt with a random salt, stored as `scrypt$<salt>$<hash>` (hex). */
export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = crypto.scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return crypto.timingSafeEqual(expected, actual);
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Issues a random bearer token; only its hash is stored, so a leaked database does not leak sessions. */
export function issueToken(db: DB, userId: number, now: number): string {
  const token = crypto.randomBytes(32).toString('base64url');
  db.prepare('INSERT INTO tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)').run(sha256(token), userId, now);
  return token;
}

export function revokeToken(db: DB, token: string): void {
  db.prepare('DELETE FROM tokens WHERE token_hash = ?').run(sha256(token));
}

export function revokeAllTokens(db: DB, userId: number): void {
  db.prepare('DELETE FROM tokens WHERE user_id = ?').run(userId);
}

export function userByToken(db: DB, token: string | undefined | null): AuthUser | null {
  if (!token) return null;
  return (
    (db
      .prepare(
        `SELECT u.id, u.name, u.email, u.group_id, u.timezone, u.parent_id
         FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
      )
      .get(sha256(token)) as AuthUser | undefined) ?? null
  );
}

export function bearerOf(c: Context): string | null {
  const h = c.req.header('authorization');
  const m = h && /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1]!.trim() : null;
}

/** Requires a valid bearer token; sets `user` and `token`. */
export const requireAuth: MiddlewareHandler<Env> = async (c, next) => {
  const token = bearerOf(c);
  const user = userByToken(c.get('app').db, token);
  if (!user || !token) throw unauthorized();
  c.set('user', user);
  c.set('token', token);
  await next();
};

export const isTeacher = (u: AuthUser) => u.group_id === 1;

export function requireTeacher(u: AuthUser): void {
  if (!isTeacher(u)) throw forbidden();
}
export function requireStudent(u: AuthUser): void {
  if (isTeacher(u)) throw forbidden();
}

/** Guards test-only routes (`/api/test/...`): they exist only with ENABLE_TEST_API=1. */
export const testOnly: MiddlewareHandler<Env> = async (c, next) => {
  if (!c.get('app').config.enableTestApi) return c.json({ message: 'Not found.' }, 404);
  await next();
};
