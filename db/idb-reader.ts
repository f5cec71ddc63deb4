import type { MirrorTableName } from './engine-api.ts';
import type { Row } from './tables.ts';

/**
 * Reads whole tables of one mirror database for a tab, with IndexedDB itself: the tabs only ever
 * read (the worker writes, with Dexie), so they do without Dexie's code (about 30 KB gzip on the
 * first screen). The tables asked for in the same moment (a screen's live queries starting
 * together) are read in one read-only transaction.
 *
 * - A database that does not exist yet (nothing mirrored) reads as empty tables and is not
 *   created: the open's upgrade is aborted, so the worker's schema is the only one ever made.
 * - The connection closes on `versionchange`, so it never blocks the worker's upgrade or the
 *   delete at sign-out; the next read reopens.
 * - A failure (no IndexedDB, a table missing) rejects: the caller asks the worker instead.
 */
export class MirrorReader {
  private db: Promise<IDBDatabase | null> | null = null;
  private batch: Map<MirrorTableName, { resolve: (rows: Row[]) => void; reject: (e: unknown) => void }[]> | null = null;
  private closed = false;

  constructor(
    private readonly name: string,
    private readonly idb: IDBFactory = globalThis.indexedDB,
  ) {}

  read(table: MirrorTableName): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => {
      if (!this.batch) {
        this.batch = new Map();
        queueMicrotask(() => void this.flush());
      }
      const waiting = this.batch.get(table) ?? [];
      waiting.push({ resolve, reject });
      this.batch.set(table, waiting);
    });
  }

  close(): void {
    this.closed = true;
    void this.db?.then((db) => db?.close());
    this.db = null;
  }

  private async flush() {
    const batch = this.batch!;
    this.batch = null;
    const tables = [...batch.keys()];
    const fail = (e: unknown) => batch.forEach((ws) => ws.forEach((w) => w.reject(e)));
    try {
      const db = await this.open();
      if (!db) return batch.forEach((ws) => ws.forEach((w) => w.resolve([])));
      const tx = db.transaction(tables, 'readonly');
      const rows = new Map<MirrorTableName, Row[]>();
      for (const t of tables) {
        const req = tx.objectStore(t).getAll();
        req.onsuccess = () => rows.set(t, req.result as Row[]);
      }
      tx.oncomplete = () => batch.forEach((ws, t) => ws.forEach((w) => w.resolve(rows.get(t) ?? [])));
      tx.onerror = () => fail(tx.error);
      tx.onabort = () => fail(tx.error ?? new Error('read aborted'));
    } catch (e) {
      this.db = null;
      fail(e);
    }
  }

  private open(): Promise<IDBDatabase | null> {
    if (this.closed) return Promise.reject(new Error('reader closed'));
    this.db ??= new Promise<IDBDatabase | null>((resolve, reject) => {
      const req = this.idb.open(this.name);
      let missing = false;
      req.onupgradeneeded = () => {
        // No version asked: an upgrade means the database did not exist. Do not create it.
        missing = true;
        req.transaction?.abort();
      };
      req.onsuccess = () => {
        const db = req.result;
        db.onversionchange = () => {
          db.close();
          this.db = null;
        };
        resolve(db);
      };
      req.onerror = () => {
        if (missing) {
          this.db = null; // it may exist next time
          resolve(null);
        } else reject(req.error);
      };
      req.onblocked = () => reject(new Error('mirror open blocked'));
    });
    return this.db;
  }
}
