import type { EngineError, Mutation, MutateData, Result } from '../../db/engine-api.ts';
import type { OutboxEntry } from '../../db/rows.ts';
import type { Mirror, TableChange } from '../../db/mirror.ts';
import type { Row } from '../../db/schema.ts';
import type { Clock } from '../ports.ts';
import { mutationSpecOf, type SendOutcome } from '../executor/send.ts';
import { backoffDelay } from '../retry/backoff.ts';
import { KeptOutbox } from '../storage/kept-outbox.ts';
import type { SyncContext } from '../sync/context.ts';
import type { Writer } from '../sync/writer.ts';
import { captureUndo, type StoredChange } from './undo.ts';

/** One unsent mutation, persisted in the user's mirror; `undo` puts back what its optimistic write changed. */
export interface OutboxRow extends OutboxEntry {
  undo: StoredChange[];
}

/**
 * A 502/503/504 is sent this many times (backoff 1 s doubling up to a minute, about four minutes
 * in all: a deploy) before the entry is marked failed and waits for the user's Retry or Discard.
 */
const MAX_SERVER_ATTEMPTS = 8;

export interface OutboxDeps {
  ctx: SyncContext;
  /** The device store, where a user's unsent entries outlive a session ended by a 401 (storage/kept-outbox.ts). */
  device(): Mirror | null;
  clock: Clock;
  random: () => number;
  epoch: string;
  isOnline(): boolean;
  send(m: Mutation): Promise<SendOutcome>;
  /** After an accepted send: refreshes, new token. */
  accepted(outcome: Extract<SendOutcome, { kind: 'done' | 'invalid' }>, m: Mutation): void;
  /** After the server refused it (its optimistic state is already undone): re-reads what the refusal says is stale. */
  rejected(m: Mutation, error: EngineError): void;
  unauthorized(): void;
  changed(): void;
}

/**
 * The persisted queue of the mutations whose policy says `queue` (db/mutations.ts). Entries are
 * sent one at a time in `seq` order; a network failure leaves the entry queued (it survives reload
 * and tab close) and the queue waits for the network; the server's Idempotency-Key handling makes
 * a resend after a lost reply harmless, so each entry takes effect exactly once.
 */
export class Outbox {
  private draining: Promise<void> | null = null;
  private retryTimer: unknown = null;
  private backoffAttempt = 0;
  private again = false;
  /** Callers of enqueue waiting for their entry's first outcome, with the seq of its optimistic write. */
  private readonly waiters = new Map<string, { resolve: (r: Result<MutateData>) => void; seq: number }[]>();
  private readonly kept: KeptOutbox;

  constructor(private readonly d: OutboxDeps) {
    this.kept = new KeptOutbox(() => d.device());
  }

  /** Stores the mutation with its optimistic effect, then tries to send it. Resolves on the first outcome: sent, rejected, or queued. */
  async enqueue(m: Mutation, optimistic: TableChange[]): Promise<Result<MutateData>> {
    const w = this.d.ctx.writer();
    if (!w) return { ok: false, error: { kind: 'unauthorized', message: 'Not signed in.' } };
    const all = await w.mirror.getAll('outbox');
    if (all.some((r) => r.id === m.id)) {
      // The same mutation again (a tab resent it after a leader change): wait for the stored entry.
      const again = this.wait(m.id, 0);
      void this.drain();
      return again;
    }
    const undo = await captureUndo(w.mirror, optimistic);
    const row: OutboxRow = {
      id: m.id, seq: Math.max(0, ...all.map((r) => Number(r.seq))) + 1, mutation: m, status: 'queued', attempts: 0,
      createdAt: this.d.clock.now(), undo,
    };
    const seq = await w.commit([...optimistic, { table: 'outbox', upserts: [row as unknown as Row] }]);
    const result = this.wait(m.id, seq);
    this.d.changed();
    void this.drain();
    return result;
  }

  drain(): Promise<void> {
    this.again = true;
    this.draining ??= (async () => {
      try {
        while (this.again) {
          this.again = false;
          await this.loop();
        }
      } catch (e) {
        // Storage failed under us (the session ended, quota): entries stay for the next drain.
        if (this.d.ctx.writer()) this.d.ctx.log.warn('[engine] outbox drain stopped:', e);
      } finally {
        this.draining = null;
        // Whatever was not sent stays queued: its caller learns that now, not when the network returns.
        for (const [id, ws] of [...this.waiters]) {
          const seq = Math.max(...ws.map((w) => w.seq));
          this.settle(id, { ok: true, data: { reply: null, seq, epoch: this.d.epoch, queued: true } });
        }
      }
    })();
    return this.draining;
  }

  async discard(id: string): Promise<void> {
    const w = this.d.ctx.writer();
    const row = (await w?.mirror.get('outbox', id)) as OutboxRow | undefined;
    if (!w || !row) return;
    await w.commit([...row.undo, { table: 'outbox', deletes: [id] }]);
    this.settle(id, { ok: false, error: { kind: 'rejected', message: 'Discarded.' } });
    this.d.changed();
  }

  /** The user's Retry of a not-sent entry: queued again (same id, so same Idempotency-Key); resolves once the queue has tried. */
  async retry(id: string): Promise<void> {
    const w = this.d.ctx.writer();
    if (!w) return;
    await w.commit([{ table: 'outbox', patches: [{ key: id, apply: (r) => r && { ...r, status: 'queued', attempts: 0, error: undefined } }] }]);
    this.d.changed();
    this.sendNow();
    await this.drain();
  }

  /**
   * The server answered a read (a poll, a refresh): entries waiting for a backoff to end after a
   * 502/503 or a lost request are sent now, not a minute later.
   */
  serverAnswered(): void {
    if (this.retryTimer === null) return;
    this.sendNow();
    void this.drain();
  }

  private sendNow(): void {
    if (this.retryTimer !== null) this.d.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.backoffAttempt = 0;
  }

  /** Called when the session ends: nobody waits any more. */
  reset(): void {
    if (this.retryTimer !== null) this.d.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const id of [...this.waiters.keys()]) this.settle(id, { ok: false, error: { kind: 'unauthorized', message: 'Signed out.' } });
  }

  /**
   * The session of `w`'s user ended without their say (a 401, a token found invalid) and their
   * mirror is about to go: the unsent entries are kept on the device for that user's next sign-in.
   * Answers how many the device keeps for them.
   */
  async keep(w: Writer): Promise<number> {
    await w.commit([]); // a write already under way (an enqueue, a sent entry's removal) lands first
    const rows = ((await w.mirror.getAll('outbox')) as unknown as OutboxRow[]).sort((a, b) => a.seq - b.seq);
    return this.kept.keep(w.userId, rows.map(({ undo: _undo, ...entry }) => entry));
  }

  /** How many entries the device keeps for the user whose session ended last (the sign-in page says so). */
  keptCount(): Promise<number> {
    return this.kept.waiting();
  }

  /**
   * A user signed in: the entries the device kept for them go back into their outbox, after any
   * already there, each with its optimistic effect written afresh (the pending message shows
   * again); the next drain sends them, under their own ids as Idempotency-Keys. Another user's
   * entries stay kept and unseen.
   */
  async restore(): Promise<void> {
    const w = this.d.ctx.writer();
    if (!w) return;
    const kept = await this.kept.peek(w.userId);
    if (kept.length) {
      const present = (await w.mirror.getAll('outbox')) as unknown as OutboxRow[];
      const ids = new Set(present.map((r) => r.id));
      let seq = Math.max(0, ...present.map((r) => Number(r.seq)));
      for (const entry of kept) {
        if (ids.has(entry.id)) continue;
        const optimistic = await this.optimisticAgain(entry);
        const undo = await captureUndo(w.mirror, optimistic);
        const row: OutboxRow = { ...entry, seq: ++seq, undo };
        await w.commit([...optimistic, { table: 'outbox', upserts: [row as unknown as Row] }]);
      }
    }
    // Written back (or nothing to write): the device keeps them no longer, and no sign-in page counts them.
    await this.kept.forget(w.userId);
    if (kept.length) this.d.changed();
  }

  /** The optimistic write of a kept entry, as of when it was made; none when it cannot be made again. */
  private async optimisticAgain(entry: OutboxEntry): Promise<TableChange[]> {
    const spec = mutationSpecOf(entry.mutation);
    if (!spec.optimistic) return [];
    const c = this.d.clock;
    const clock: Clock = { now: () => entry.createdAt, setTimeout: (fn, ms) => c.setTimeout(fn, ms), clearTimeout: (h) => c.clearTimeout(h) };
    try {
      return await spec.optimistic(entry.mutation, { ...this.d.ctx, clock });
    } catch (e) {
      this.d.ctx.log.warn(`[engine] kept ${entry.mutation.name} shown without its pending state:`, e);
      return [];
    }
  }

  private wait(id: string, seq: number): Promise<Result<MutateData>> {
    return new Promise((resolve) => {
      const list = this.waiters.get(id) ?? [];
      list.push({ resolve, seq });
      this.waiters.set(id, list);
    });
  }

  private settle(id: string, r: Result<MutateData>) {
    const list = this.waiters.get(id);
    this.waiters.delete(id);
    for (const w of list ?? []) w.resolve(r);
  }

  private scheduleRetry() {
    if (this.retryTimer !== null) return;
    const delay = backoffDelay(this.backoffAttempt++, { random: this.d.random, baseMs: 1000, maxMs: 60_000 });
    this.retryTimer = this.d.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.drain();
    }, delay);
  }

  private async loop(): Promise<void> {
    for (;;) {
      const w = this.d.ctx.writer();
      if (!w || !this.d.isOnline()) return;
      const rows = ((await w.mirror.getAll('outbox')) as unknown as OutboxRow[]).sort((a, b) => a.seq - b.seq);
      const next = rows.find((r) => r.status === 'queued');
      if (!next) return;
      const outcome = await this.d.send(next.mutation);
      if (this.d.ctx.writer() !== w) return; // signed out meanwhile: the mirror is gone
      const dataOf = (reply: unknown, seq: number): Result<MutateData> => ({ ok: true, data: { reply, seq, epoch: this.d.epoch } });
      switch (outcome.kind) {
        case 'done': {
          const seq = await w.commit([...outcome.changes, { table: 'outbox', deletes: [next.id] }]);
          this.backoffAttempt = 0;
          this.d.accepted(outcome, next.mutation);
          this.settle(next.id, dataOf(outcome.reply, seq));
          break;
        }
        case 'invalid': {
          // Accepted, but the reply cannot be stored: drop the local guess; the next read brings the truth.
          const seq = await w.commit([...next.undo, { table: 'outbox', deletes: [next.id] }]);
          this.d.accepted(outcome, next.mutation);
          this.settle(next.id, { ok: false, error: { ...outcome.error, seq, epoch: this.d.epoch } });
          break;
        }
        case 'rejected': {
          if (!this.waiters.has(next.id)) {
            // Nobody waits for it (it was queued offline, or came back with a sign-in): the user was
            // told it is saved, so it is not undone behind their back; it is listed as not sent,
            // with the server's reason, and Discard undoes it.
            await w.commit([{ table: 'outbox', upserts: [{ ...next, status: 'failed', error: outcome.error } as unknown as Row] }]);
            this.d.rejected(next.mutation, outcome.error);
            break;
          }
          const seq = await w.commit([...next.undo, { table: 'outbox', deletes: [next.id] }]);
          this.d.rejected(next.mutation, outcome.error);
          this.settle(next.id, { ok: false, error: { ...outcome.error, seq, epoch: this.d.epoch } });
          break;
        }
        case 'unauthorized':
          this.settle(next.id, { ok: false, error: outcome.error });
          this.d.unauthorized();
          return;
        case 'failed': {
          if (outcome.failure === 'unreachable') {
            // It did not reach the server: it stays queued (a reload keeps it) and goes when it can.
            // Its caller is told it is saved on this device (the drain's end answers "queued"); the
            // chip says offline or unreachable.
            this.again = false;
            this.scheduleRetry();
            this.d.changed();
            return;
          }
          // The server answered with an error: its caller learns it at once, in the policy's words.
          // A 502/503/504 is sent again by itself, with backoff (the queue waits behind it, so the
          // order holds), until MAX_SERVER_ATTEMPTS; a 500 is not. Either way it stays on the
          // device with its optimistic state until it is sent, retried or discarded.
          const attempts = next.attempts + 1;
          const again = outcome.failure === 'unavailable' && attempts < MAX_SERVER_ATTEMPTS;
          const row = { ...next, attempts, status: again ? 'queued' : 'failed', error: outcome.error };
          const seq = await w.commit([{ table: 'outbox', upserts: [row as unknown as Row] }]);
          this.settle(next.id, { ok: false, error: { ...outcome.error, seq, epoch: this.d.epoch } });
          if (!again) break;
          this.again = false;
          this.scheduleRetry();
          this.d.changed();
          return;
        }
      }
      this.d.changed();
    }
  }
}
