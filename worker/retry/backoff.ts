/**
 * Exponential backoff with full jitter: attempt 0 waits up to `base`, each next attempt doubles
 * the ceiling up to `max`. Jitter spreads the retries of many clients after a server hiccup.
 */
export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  random?: () => number;
}

export function backoffDelay(attempt: number, { baseMs = 400, maxMs = 10_000, random = Math.random }: BackoffOptions = {}): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  // Never below a quarter of the ceiling, so retries do not stampede at 0 ms.
  return Math.round(ceiling / 4 + random() * (ceiling * 3) / 4);
}

/**
 * Whether a failed request means "try again later" (a GET retried with backoff, a write kept in
 * the outbox) rather than "the server said no": decided by what happened, never by message text.
 */
export function isTransient(f: { failure: 'network' | 'timeout' | 'http'; status?: number }): boolean {
  if (f.failure !== 'http') return true;
  const s = f.status ?? 0;
  return s >= 500 || s === 408 || s === 429;
}

/**
 * What a write kept in the outbox does after a failed send, decided by status, never by text:
 * - `unreachable`: the request did not reach the server (no network, a timeout): the entry stays
 *   queued and goes when the network returns; the user is told it is saved on this device.
 * - `unavailable`: a gateway or the server said "not now" (502, 503, 504 during a deploy; 408, 429):
 *   the same request will work soon, so the entry stays and is sent again by itself, with backoff,
 *   under the same Idempotency-Key; the user is told at once that it failed (the server answered).
 * - `failed`: a 500 (or another 5xx): the server will very likely answer the same again, so it is
 *   not retried by itself; it is listed as not sent, with Retry and Discard.
 * - `rejected`: a 4xx (not 401): the server said no; retrying cannot help.
 */
export type WriteFailure = 'unreachable' | 'unavailable' | 'failed' | 'rejected';

export function writeFailure(f: { failure: 'network' | 'timeout' | 'http'; status?: number }): WriteFailure {
  if (f.failure !== 'http') return 'unreachable';
  const s = f.status ?? 0;
  if (s === 502 || s === 503 || s === 504 || s === 408 || s === 429) return 'unavailable';
  if (s >= 500) return 'failed';
  return 'rejected';
}
