import crypto from 'node:crypto';
import os from 'node:os';
import type { MiddlewareHandler, Context } from 'hono';
import type { DB } from '../db/index.ts';
import type { AuthUser, Env } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Passwords: scrypt (N=16384, r=8, p=1) with a random salt, stored as `scrypt$<salt>$<hash>` (hex).
 * Requests hash with the asynchronous scrypt, which runs on libuv's thread pool: a flood of
 * sign-ins never stalls the event loop that serves everyone else.
 */
const KEY_LENGTH = 32;

/**
 * Hashes run at most this many at a time; the others wait their turn here, in JavaScript, not in
 * libuv's pool (4 threads), which compression and file reads share: a flood of sign-ins queued in
 * the pool would hold up every gzip of every other reply. Half the cores: the rest serve requests.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, length: number): Promise<Buffer> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((r) => waiting.push(r));
  else running++;
  try {
    return await new Promise((resolve, reject) => crypto.scrypt(password, salt, length, (err, key) => (err ? reject(err) : resolve(key))));
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const format = (salt: Buffer, hash: Buffer) => `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return format(salt, await scrypt(password, salt, KEY_LENGTH));
}

/** The blocking form, for the seed and test factories only (they run before any request). */
export function hashPasswordSync(password: string): string {
  const salt = crypto.randomBytes(16);
  return format(salt, crypto.scryptSync(password, salt, KEY_LENGTH));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  if (expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
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
