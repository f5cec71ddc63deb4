import type { EngineEvent } from '../../db/engine-api.ts';
import { applyChanges, type Mirror, type TableChange } from '../../db/mirror.ts';

/** The engine's event counter: every change event carries the next number (see MutateData.seq). */
export interface SeqCounter {
  readonly epoch: string;
  value: number;
}

/**
 * The single write path into a user's mirror: apply the changes in one transaction, then tell the
 * tabs what really changed, one event per table. Nothing is broadcast before it is stored, so a
 * tab that reloads in between reads the same state it was told about.
 */
export class Writer {
  constructor(
    readonly mirror: Mirror,
    readonly userId: number,
    private readonly broadcast: (e: EngineEvent) => void,
    private readonly seq: SeqCounter,
  ) {}

  closed = false;
  private queue: Promise<unknown> = Promise.resolve();

  /** Returns the seq of the last event sent for this write (or the current one when nothing changed). Writes run one at a time. */
  commit(changes: TableChange[]): Promise<number> {
    const run = this.queue.then(() => this.apply(changes));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async apply(changes: TableChange[]): Promise<number> {
    if (this.closed) return this.seq.value;
    let diffs;
    try {
      diffs = await applyChanges(this.mirror, changes.filter((c) => c.upserts?.length || c.deletes?.length || c.patches?.length || c.replace));
    } catch (e) {
      // The session ended while this reply was on its way: its mirror is gone, and so is the reply.
      if (this.closed) return this.seq.value;
      throw e;
    }
    if (this.closed) return this.seq.value;
    for (const d of diffs) {
      this.seq.value += 1;
      this.broadcast({ type: 'change', userId: this.userId, table: d.table, upserts: d.upserts, deletes: d.deletes, seq: this.seq.value, epoch: this.seq.epoch });
    }
    return this.seq.value;
  }
}
