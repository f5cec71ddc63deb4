import type { Mirror } from '../../db/mirror.ts';
import type { OutboxEntry } from '../../db/rows.ts';

/** The device store's key of one user's kept entries. */
const keptKey = (userId: number) => `outbox:u${userId}`;
/** The device store's key naming the user whose session ended last with entries kept (the login page counts theirs). */
const LAST_KEY = 'outbox:last';

interface KeptDoc {
  userId: number;
  entries: OutboxEntry[];
}

/**
 * The unsent outbox entries of users whose session ended without their say (a 401, a token found
 * invalid), kept in the device store (`tutoring-device`, db/schema.ts) under the user's id while
 * their mirror is deleted: the next person on the device sees nothing of them, and the same user
 * gets them back, to be sent once (the entry ids are the Idempotency-Keys), when they sign in
 * again. Only entries are kept, never a row of the mirror: what they show is written afresh.
 */
export class KeptOutbox {
  constructor(private readonly device: () => Mirror | null) {}

  /** Adds `entries` (in their order) to what the device keeps for the user and names them as the last; answers how many are kept. */
  async keep(userId: number, entries: OutboxEntry[]): Promise<number> {
    const device = this.device();
    if (!device || entries.length === 0) return 0;
    const before = await this.entriesOf(device, userId);
    const known = new Set(before.map((e) => e.id));
    const all = [...before, ...entries.filter((e) => !known.has(e.id))];
    const doc: KeptDoc = { userId, entries: all };
    await device.write([{ table: 'kv', puts: [{ key: keptKey(userId), value: doc }, { key: LAST_KEY, value: userId }], deletes: [] }]);
    return all.length;
  }

  /** How many entries are kept for the user whose session ended last (0 once anyone signed in since). */
  async waiting(): Promise<number> {
    const device = this.device();
    if (!device) return 0;
    const last = (await device.get('kv', LAST_KEY))?.value;
    return typeof last === 'number' ? (await this.entriesOf(device, last)).length : 0;
  }

  /** The user's kept entries, oldest first (they stay kept until `forget`). */
  async peek(userId: number): Promise<OutboxEntry[]> {
    const device = this.device();
    return device ? this.entriesOf(device, userId) : [];
  }

  /**
   * Someone signed in: the login page no longer speaks of the last ended session, and the entries
   * of this user (now back in their outbox) are no longer kept. Another user's stay for them.
   */
  async forget(userId: number): Promise<void> {
    await this.device()?.write([{ table: 'kv', puts: [], deletes: [keptKey(userId), LAST_KEY] }]);
  }

  private async entriesOf(device: Mirror, userId: number): Promise<OutboxEntry[]> {
    const doc = (await device.get('kv', keptKey(userId)))?.value as KeptDoc | undefined;
    return doc && doc.userId === userId && Array.isArray(doc.entries) ? doc.entries : [];
  }
}
