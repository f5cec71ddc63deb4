import type { MirrorTableName } from './engine-api.ts';
import type { Mirror, TableWrite } from './mirror.ts';
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
  // Typed loosely on purpose: Dexie's overloads over a computed table list overwhelm the checker.
  const rw = db.transaction as unknown as (mode: 'rw', tables: string[], scope: () => Promise<unknown>) => Promise<unknown>;
  return {
    kind: 'indexeddb',
    name,
    get: (table, key) => t(table).get(key),
    getAll: (table) => t(table).toArray(),
    byIndex: (table, index, value) => t(table).where(index).equals(value).toArray(),
    async write(ops: TableWrite[]) {
      // Every request is issued at once inside the transaction: nothing else is awaited in it.
      await rw.call(db, 'rw', [...new Set(ops.map((o) => o.table))], () =>
        Promise.all(ops.flatMap((o) => [o.puts.length ? t(o.table).bulkPut(o.puts) : null, o.deletes.length ? t(o.table).bulkDelete(o.deletes) : null])),
      );
    },
    close: () => db.close(),
    // The instance's own delete: it uses the IndexedDB this mirror was opened with.
    destroy: () => db.delete(),
  };
}
