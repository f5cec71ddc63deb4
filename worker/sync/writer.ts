import type { EngineEvent } from '../../db/engine-api.ts';
import { applyChanges, type Mirror, type TableChange } from '../../db/mirror.ts';
import { userDocNotifications } from './notifications.ts';

/** The engine's event counter: every change event carries the next number (see MutateData.seq). */
export interface SeqCounter {
  readonly epoch: string;
  value: number;
}

/**
 * What one write stores: the changes, or a function that computes them from the stored rows, run
 * in the write's own turn (no other write lands between its reads and its changes).
 */
export type Changes = TableChange[] | ((mirror: Mirror) => Promise<TableChange[]>);

/**
 * The single write path into a user's mirror: apply the changes in one transaction, then tell the
 * tabs what really changed, one event per table. Nothing is broadcast before it is stored, so a
 * tab that reloads in between reads the same state it was told about. A stored user document
 * brings its notifications into the notifications table in the same transaction, whoever wrote it
 * (sync/notifications.ts): the bell's list and its badge come from one write.
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
  commit(changes: Changes): Promise<number> {
    const run = this.queue.then(() => this.apply(changes));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async apply(what: Changes): Promise<number> {
    if (this.closed) return this.seq.value;
    let diffs;
    try {
      const given = typeof what === 'function' ? await what(this.mirror) : what;
      const changes = [...given, ...(await userDocNotifications(this.mirror, given))];
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
