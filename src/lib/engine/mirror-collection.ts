import { createCollection, type Collection } from '@tanstack/db';
import type { MirrorTableName } from '../../../db/engine-api.ts';
import { TABLES, type Key, type Row } from '../../../db/tables.ts';
import type { MirrorSource } from './source.ts';

/**
 * A TanStack DB collection over one mirror table. Its sync loads the table once and then applies
 * the worker's diffs (begin/write/commit); it never re-reads the table. Writes from screens go
 * through the engine (see actions.ts): a collection's own insert/update is only the optimistic
 * layer of an action, replaced when the worker's change arrives.
 */
export function mirrorCollection<T extends object, K extends Key = Key>(source: () => MirrorSource, table: MirrorTableName): Collection<T, K> {
  const keyField = TABLES[table].key;
  return createCollection<T, K>({
    id: `mirror:${table}`,
    getKey: (row) => (row as Row)[keyField] as K,
    // Rows stay while no screen shows them: the next screen opens at once.
    gcTime: 0,
    sync: {
      rowUpdateMode: 'full',
      sync: ({ begin, write, commit, markReady, truncate }) => {
        // Keys the synced state holds: an upsert of a known key is an update, of a new one an insert.
        const known = new Set<Key>();
        let ready = false;
        const detach = source().attach(table, {
          reset(rows) {
            begin();
            truncate();
            known.clear();
            for (const r of rows) {
              write({ type: 'insert', value: r as T });
              known.add(r[keyField] as Key);
            }
            commit();
            if (!ready) {
              ready = true;
              markReady();
            }
          },
          apply(upserts, deletes) {
            begin();
            for (const r of upserts) {
              const k = r[keyField] as Key;
              write({ type: known.has(k) ? 'update' : 'insert', value: r as T });
              known.add(k);
            }
            for (const k of deletes) {
              if (!known.delete(k)) continue;
              write({ type: 'delete', key: k as K });
            }
            commit();
          },
        });
        return () => detach();
      },
    },
  }) as unknown as Collection<T, K>;
}
