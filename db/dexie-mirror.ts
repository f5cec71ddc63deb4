import Dexie from 'dexie';
import type { MirrorTableName } from './engine-api.ts';
import type { Mirror, MirrorTx } from './mirror.ts';
import { MirrorDb, type Key, type Row } from './schema.ts';

export interface IndexedDbDeps {
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

/** The IndexedDB mirror (Dexie). Opening fails where IndexedDB is missing or refused. */
export async function openDexieMirror(name: string, deps: IndexedDbDeps = {}): Promise<Mirror> {
  const db = new MirrorDb(name, deps);
  await db.open();
  const t = (table: MirrorTableName) => db.table<Row, Key>(table);
  const tx: MirrorTx = {
    get: (table, key) => t(table).get(key),
    getAll: (table) => t(table).toArray(),
    put: async (table, rows) => void (await t(table).bulkPut(rows)),
    delete: (table, keys) => t(table).bulkDelete(keys),
  };
  return {
    kind: 'indexeddb',
    name,
    get: tx.get,
    getAll: tx.getAll,
    byIndex: (table, index, value) => t(table).where(index).equals(value).toArray(),
    transaction<T>(tables: MirrorTableName[], fn: (tx: MirrorTx) => Promise<T>): Promise<T> {
      // Typed loosely on purpose: Dexie's overloads over a computed table list overwhelm the checker.
      const run = db.transaction as unknown as (mode: 'rw', tables: string[], scope: () => Promise<T>) => Promise<T>;
      return run.call(db, 'rw', tables, () => fn(tx));
    },
    close: () => db.close(),
    destroy: async () => {
      db.close();
      await Dexie.delete(name);
    },
  };
}
