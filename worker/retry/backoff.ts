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
