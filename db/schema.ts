import Dexie from 'dexie';
import { TABLE_NAMES, TABLES } from './tables.ts';

export * from './tables.ts';

const storesOf = () =>
  Object.fromEntries(TABLE_NAMES.map((t) => [t, [TABLES[t].key, ...TABLES[t].indexes].join(', ')]));

/**
 * The Dexie schema. Add a new `version(n)` for every change; never edit a shipped one. An old
 * connection (another tab or an old worker) gets `versionchange` and closes so the upgrade proceeds.
 */
export class MirrorDb extends Dexie {
  constructor(name: string, deps?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(name, { ...(deps?.indexedDB ? { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange } : {}) });
    this.version(1).stores(storesOf());
    this.on('versionchange', (ev: IDBVersionChangeEvent) => {
      // Never block an upgrade or a delete elsewhere: close at once. After an upgrade the next
      // access reopens; after a delete (sign-out) it stays closed, so it cannot recreate the database.
      this.close({ disableAutoOpen: ev.newVersion === null });
      return false;
    });
  }
}
