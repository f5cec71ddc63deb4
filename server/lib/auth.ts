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

/**
 * The hashes waiting, in lanes (one per client address). A free slot goes first to a lane that has
 * just started waiting (in arrival order), then to the busy lanes in turn (round robin), never
 * simply to the oldest waiter: a flood from one address waits behind itself, and a sign-in from
 * anywhere else starts once a hash running now is done (issue 29: one burst of 300 made a sign-in
 * from another address wait 7.7 s instead of 35 ms). `load(lane)` is what a lane holds (running and
 * waiting), which the routes bound (`MAX_HASHES_PER_ADDRESS`).
 */
export class HashQueue {
  private running = 0;
  private readonly waiters = new Map<string, (() => void)[]>();
  /** Lanes whose first waiter came since they were last served, in arrival order: served first. */
  private readonly fresh: string[] = [];
  /** Lanes served at least once that still wait, in turn order (an ordered set). */
  private readonly turns = new Set<string>();
  private readonly loads = new Map<string, number>();
  /** Hashes started since the process began: tests count what ran before a given request. */
  started = 0;
  constructor(private readonly concurrency: number) {}

  /** Hashes of `lane` running or waiting. */
  load(lane: string): number {
    return this.loads.get(lane) ?? 0;
  }

  /** Runs `work` in `lane`'s turn. The lane's load counts it from this (synchronous) call on. */
  async run<T>(lane: string, work: () => Promise<T>): Promise<T> {
    this.loads.set(lane, this.load(lane) + 1);
    try {
      if (this.running >= this.concurrency) {
        await new Promise<void>((wake) => {
          const q = this.waiters.get(lane);
          if (q) q.push(wake);
          else {
            this.waiters.set(lane, [wake]);
            this.fresh.push(lane);
          }
        });
      } else this.running++;
      this.started++;
      try {
        return await work();
      } finally {
        this.next();
      }
    } finally {
      const n = this.load(lane) - 1;
      if (n > 0) this.loads.set(lane, n);
      else this.loads.delete(lane);
    }
  }

  /** Hands the slot to the next lane (running stays the same), or frees it. */
  private next(): void {
    let lane = this.fresh.shift();
    if (lane === undefined) {
      lane = this.turns.values().next().value;
      if (lane === undefined) {
        this.running--;
        return;
      }
      this.turns.delete(lane);
    }
    const q = this.waiters.get(lane)!;
    const wake = q.shift()!;
    if (q.length) this.turns.add(lane);
    else this.waiters.delete(lane);
    wake();
  }
}

/** The server's one hash queue. */
export const hashQueue = new HashQueue(HASH_CONCURRENCY);

/** The lane of hashes not tied to a client address (none today but the seed's). */
const NO_LANE = '';

function scrypt(password: string, salt: Buffer, length: number, lane: string): Promise<Buffer> {
  return hashQueue.run(lane, () =>
    new Promise((resolve, reject) => crypto.scrypt(password, salt, length, (err, key) => (err ? reject(err) : resolve(key)))));
}

const format = (salt: Buffer, hash: Buffer) => `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;

/** `lane`: the client's address (`clientAddress`), so that hashes queue fairly between addresses. */
export async function hashPassword(password: string, lane = NO_LANE): Promise<string> {
  const salt = crypto.randomBytes(16);
  return format(salt, await scrypt(password, salt, KEY_LENGTH, lane));
}

/** The blocking form, for the seed and test factories only (they run before any request). */
export function hashPasswordSync(password: string): string {
  const salt = crypto.randomBytes(16);
  return format(salt, crypto.scryptSync(password, salt, KEY_LENGTH));
}

/** Checks `password`; the hash is queued in `lane` (the client's address) at once, synchronously. */
export async function verifyPassword(password: string, stored: string, lane = NO_LANE): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  if (expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length, lane);
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
