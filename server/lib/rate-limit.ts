import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from './context.ts';
import { ApiError } from './errors.ts';

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

export type RateLimits = Record<RuleName, Limiter> & { enabled: boolean };

/** Every rule's limiter over `store`; `factor` multiplies each allowance (0: no limits at all). */
export function createRateLimits(factor = 1, store: LimiterStore = memoryStore): RateLimits {
  const off: Limiter = { retryAfter: async () => 0, hit: async () => 0, reset: async () => {} };
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
async function refuse(app: AppContext, seconds: number): Promise<never> {
  const delay = app.config.rateLimit?.delayMs ?? DEFAULT_REFUSAL_DELAY_MS;
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  throw tooMany(seconds);
}

/** Throws 429 when any of the checks is used up (counts nothing). */
export async function assertAllowed(app: AppContext, checks: Check[]): Promise<void> {
  const limits = limitsOf(app);
  let wait = 0;
  for (const [rule, key] of checks) wait = Math.max(wait, await limits[rule].retryAfter(key));
  if (wait > 0) await refuse(app, wait);
}

/** Counts one hit on each check (a call, or a failure). */
export async function count(app: AppContext, checks: Check[]): Promise<void> {
  const limits = limitsOf(app);
  for (const [rule, key] of checks) await limits[rule].hit(key);
}

/** Counts one hit on each check and throws 429 when that went over an allowance. */
export async function consume(app: AppContext, checks: Check[]): Promise<void> {
  const limits = limitsOf(app);
  let wait = 0;
  for (const [rule, key] of checks) wait = Math.max(wait, await limits[rule].hit(key));
  if (wait > 0) await refuse(app, wait);
}

export async function resetLimits(app: AppContext, checks: Check[]): Promise<void> {
  const limits = limitsOf(app);
  for (const [rule, key] of checks) await limits[rule].reset(key);
}
