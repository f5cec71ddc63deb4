import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from './context.ts';
import { ApiError } from './errors.ts';
import { hashQueue } from './auth.ts';

/**
 * Rate limits of the guest and account-security calls (issue 19): sign-in, email verification,
 * password reset (request and validate) and registration, each per account and per address.
 *
 * A limiter only counts; the store behind it is what a deployment chooses. The reference server
 * keeps counters in memory (one process). Several processes behind a load balancer must share them:
 * pass a `LimiterStore` built on rate-limiter-flexible's Redis, Postgres or Memcached limiter (same
 * options) to `createRateLimits`.
 */

/** One allowance: `points` hits per `durationSec` seconds for one key. */
export interface LimitRule {
  points: number;
  durationSec: number;
}

export interface Limiter {
  /** Seconds until `key` may try again (0: it may now). Counts nothing. */
  retryAfter(key: string): Promise<number>;
  /** Counts one hit for `key`; answers the seconds to wait when this hit is past the allowance, else 0. */
  hit(key: string): Promise<number>;
  /**
   * Takes one point for `key` only when the allowance has one left (answers 0); otherwise counts
   * nothing and answers the seconds to wait. What a check does before the work it guards, so that
   * concurrent calls cannot all pass before the first is counted.
   */
  take(key: string): Promise<number>;
  /** Gives back one point taken for `key` (the guarded work turned out not to be a failure). */
  give(key: string): Promise<void>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

/** Makes a limiter for a named rule: the seam where a shared store (Redis, a database) plugs in. */
export type LimiterStore = (name: string, rule: LimitRule) => Limiter;

/** rate-limiter-flexible's in-process memory store. */
export const memoryStore: LimiterStore = (name, rule) => {
  const rl = new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.durationSec });
  const secs = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return {
    async retryAfter(key) {
      const r = await rl.get(key);
      return r && r.consumedPoints >= rule.points ? secs(r.msBeforeNext) : 0;
    },
    async hit(key) {
      try {
        await rl.consume(key, 1);
        return 0;
      } catch (e) {
        if (e instanceof RateLimiterRes) return secs(e.msBeforeNext);
        throw e;
      }
    },
    async take(key) {
      try {
        await rl.consume(key, 1);
        return 0;
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        // The memory store counted the refused point: hand it back, a refusal is not a failure.
        if (e.consumedPoints > rule.points) await rl.reward(key, 1);
        return secs(e.msBeforeNext);
      }
    },
    async give(key) {
      // Only within the window it was taken in: a reward on a forgotten key would make a negative count.
      const r = await rl.get(key);
      if (r && r.consumedPoints > 0) await rl.reward(key, 1);
    },
    async reset(key) {
      await rl.delete(key);
    },
  };
};

const MIN = 60;
const HOUR = 60 * MIN;

/**
 * The rules. "failures" count only wrong passwords or codes; "attempts" count every call. The
 * allowances are far above what a person needs (and what the end-to-end tests and benchmarks do
 * from 127.0.0.1) and far below what guessing needs: a 6-digit code at 10 wrong guesses an hour
 * takes about 5 years on average.
 */
export const RULES = {
  /** Wrong passwords per account, from anywhere: then the account's sign-in waits, even with the right one. */
  loginFailuresPerAccount: { points: 10, durationSec: 15 * MIN },
  /** Wrong passwords per address, whatever the account (one address guessing many accounts). */
  loginFailuresPerAddress: { points: 50, durationSec: 15 * MIN },
  /** Sign-in calls per address, right or wrong (a flood of any kind). */
  loginAttemptsPerAddress: { points: 300, durationSec: 5 * MIN },
  /** Wrong email-verification codes per account, and per address. */
  verifyFailuresPerAccount: { points: 10, durationSec: HOUR },
  verifyFailuresPerAddress: { points: 50, durationSec: HOUR },
  /** Verification emails sent again, per account. */
  verifySendPerAccount: { points: 10, durationSec: HOUR },
  /** Password-reset codes requested per email, and per address. */
  resetRequestsPerAccount: { points: 5, durationSec: HOUR },
  resetRequestsPerAddress: { points: 30, durationSec: HOUR },
  /** Wrong reset codes per email (beside the 5 per code), and per address. */
  resetFailuresPerAccount: { points: 10, durationSec: HOUR },
  resetFailuresPerAddress: { points: 50, durationSec: HOUR },
  /** Registration calls per address, and per email being registered. */
  registerAttemptsPerAddress: { points: 60, durationSec: HOUR },
  registerAttemptsPerAccount: { points: 10, durationSec: HOUR },
} satisfies Record<string, LimitRule>;
export type RuleName = keyof typeof RULES;

/**
 * Password hashes one address may have running or waiting at once (sign-in, registration, a new
 * password); past it the call answers 429 at once instead of queueing. With the queue's turns
 * between addresses (auth.ts `HashQueue`) a flood from one place can neither grow without bound nor
 * hold up anyone else's sign-in. Off with the limits (`RATE_LIMIT_FACTOR=0`).
 */
export const MAX_HASHES_PER_ADDRESS = 16;

/** Whether `address` has no room left in the hash queue (check right before hashing, synchronously). */
export function hashQueueFull(app: AppContext, address: string): boolean {
  return limitsOf(app).enabled && hashQueue.load(address) >= MAX_HASHES_PER_ADDRESS;
}

export type RateLimits = Record<RuleName, Limiter> & { enabled: boolean };

/** Every rule's limiter over `store`; `factor` multiplies each allowance (0: no limits at all). */
export function createRateLimits(factor = 1, store: LimiterStore = memoryStore): RateLimits {
  const off: Limiter = { retryAfter: async () => 0, hit: async () => 0, take: async () => 0, give: async () => {}, reset: async () => {} };
  const out = { enabled: factor > 0 } as RateLimits;
  for (const [name, rule] of Object.entries(RULES) as [RuleName, LimitRule][]) {
    out[name] = factor > 0 ? store(name, { ...rule, points: Math.max(1, Math.round(rule.points * factor)) }) : off;
  }
  return out;
}

export function limitsOf(app: AppContext): RateLimits {
  return (app.limits ??= createRateLimits(app.config.rateLimit?.factor ?? 1));
}

export const tooManyMessage = (seconds: number) =>
  `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** `429` with `Retry-After` (seconds) and `{message, retry_after}`. */
export function tooMany(seconds: number): ApiError {
  return new ApiError(429, { message: tooManyMessage(seconds), retry_after: seconds }, { 'Retry-After': String(seconds) });
}

/** A limiter and the key it is asked about. */
export type Check = [RuleName, string];

/** How long a refused call is held before its 429 (ms): a client that retries at once is slowed down. */
export const DEFAULT_REFUSAL_DELAY_MS = 250;

/**
 * The 429, after a short hold: a guessing loop that retries the moment it is refused sends a few
 * calls a second instead of thousands (answering in microseconds would turn it into a flood of its own).
 */
export async function refuse(app: AppContext, seconds: number): Promise<never> {
  const delay = app.config.rateLimit?.delayMs ?? DEFAULT_REFUSAL_DELAY_MS;
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  throw tooMany(seconds);
}

/** Counts one hit on each check and throws 429 when that went over an allowance. */
export async function consume(app: AppContext, checks: Check[]): Promise<void> {
  const limits = limitsOf(app);
  let wait = 0;
  for (const [rule, key] of checks) wait = Math.max(wait, await limits[rule].hit(key));
  if (wait > 0) await refuse(app, wait);
}

/** Points taken before the work they guard: `keep` leaves them counted (a failure), `giveBack` returns them. */
export interface Reservation {
  /** Returns the points of these rules (all of them when none is named). */
  giveBack(rules?: RuleName[]): Promise<void>;
}

/**
 * Takes one point on each check before the work it guards runs (a password hash, a code compared):
 * a call that finds any allowance used up gets its 429 and takes nothing, so a burst of concurrent
 * calls cannot all pass a check before the first of them is counted (issue 29). The caller keeps the
 * points for a failure and gives them back otherwise.
 */
export async function reserve(app: AppContext, checks: Check[]): Promise<Reservation> {
  const limits = limitsOf(app);
  const taken: Check[] = [];
  const giveBack = async (rules?: RuleName[]) => {
    for (const [rule, key] of taken.splice(0)) {
      if (!rules || rules.includes(rule)) await limits[rule].give(key);
      else taken.push([rule, key]);
    }
  };
  for (const check of checks) {
    const wait = await limits[check[0]].take(check[1]);
    if (wait > 0) {
      await giveBack();
      await refuse(app, wait);
    }
    taken.push(check);
  }
  return { giveBack };
}

export async function resetLimits(app: AppContext, checks: Check[]): Promise<void> {
  const limits = limitsOf(app);
  for (const [rule, key] of checks) await limits[rule].reset(key);
}
