import type { MirrorTableName } from './engine-api.ts';
import type { Mirror } from './mirror.ts';
import { keyOf, type Key, type Row } from './schema.ts';

const clone = <T>(v: T): T => structuredClone(v);

/**
 * The mirror when IndexedDB is unavailable (private mode, quota, a refused open): plain maps in
 * the worker's memory. Data lasts as long as the worker; the engine reports `storage: 'memory'`.
 * Rows are copied in and out, so no caller can change stored rows behind the writer's back.
 */
export function createMemoryMirror(name: string): Mirror {
  const tables = new Map<MirrorTableName, Map<Key, Row>>();
  const tableOf = (t: MirrorTableName) => {
    let m = tables.get(t);
    if (!m) tables.set(t, (m = new Map()));
    return m;
  };
  return {
    kind: 'memory',
    name,
    get: async (table, key) => {
      const r = tableOf(table).get(key);
      return r && clone(r);
    },
    getAll: async (table) => [...tableOf(table).values()].map(clone),
    byIndex: async (table, index, value) => [...tableOf(table).values()].filter((r) => r[index] === value).map(clone),
    async write(ops) {
      // Copy first: a row that cannot be cloned fails the write before anything changed.
      const staged = ops.map((o) => ({ ...o, puts: o.puts.map(clone) }));
      for (const o of staged) {
        const m = tableOf(o.table);
        for (const r of o.puts) m.set(keyOf(o.table, r), r);
        for (const k of o.deletes) m.delete(k);
      }
    },
    close: () => undefined,
    destroy: async () => tables.clear(),
  };
}
