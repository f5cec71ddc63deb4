import type { EngineError } from '../../../db/engine-api.ts';

/**
 * One money action as the user means it: "recharge $25 by card", "transfer $5 to Sara". Its id is
 * the Idempotency-Key, so it must stay the same for every retry of the same attempt (a reply that
 * was lost, a timeout, a 5xx the server did not record) and change when the payload changes or the
 * server has given its final answer (a later try with the same key would only replay that answer).
 */
export class Attempt {
  private payload: string | null = null;
  private current: string | null = null;

  constructor(private readonly newId: () => string) {}

  /** The id for this payload: the pending attempt's when the payload is the same, else a fresh one. */
  idFor(payload: unknown): string {
    const key = JSON.stringify(payload);
    if (this.current === null || this.payload !== key) {
      this.payload = key;
      this.current = this.newId();
    }
    return this.current;
  }

  /** After an outcome: keep the id only when the server may not have answered for good. */
  settle(error: EngineError | null): void {
    if (error === null || !sameKeyMayRetry(error)) {
      this.payload = null;
      this.current = null;
    }
  }
}

/**
 * Errors after which the same attempt may be retried with the same key: nothing was sent
 * (offline), the reply was lost (timeout), or the server failed without recording a reply (5xx,
 * which the server's idempotency store never keeps), or the reply did not fit the contract.
 */
export const sameKeyMayRetry = (e: EngineError) =>
  e.kind === 'offline' || e.kind === 'timeout' || e.kind === 'server' || e.kind === 'invalid-reply';
