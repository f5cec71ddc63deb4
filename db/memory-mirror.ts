import type { MirrorTableName } from './engine-api.ts';
import type { Mirror, MirrorTx } from './mirror.ts';
import { keyOf, type Key, type Row } from './schema.ts';

const clone = <T>(v: T): T => structuredClone(v);

/**
 * The mirror when IndexedDB is unavailable (private mode, quota, a refused open): plain maps in
 * the worker's memory. Data lasts as long as the worker; the engine reports `storage: 'memory'`.
 * Transactions run one at a time and stage their writes, so a failed write leaves nothing behind.
 */
export function createMemoryMirror(name: string): Mirror {
  const tables = new Map<MirrorTableName, Map<Key, Row>>();
  const tableOf = (t: MirrorTableName) => {
    let m = tables.get(t);
    if (!m) tables.set(t, (m = new Map()));
    return m;
  };
  let queue: Promise<unknown> = Promise.resolve();

  const read: Pick<MirrorTx, 'get' | 'getAll'> = {
    get: async (table, key) => {
      const r = tableOf(table).get(key);
      return r && clone(r);
    },
    getAll: async (table) => [...tableOf(table).values()].map(clone),
  };

  return {
    kind: 'memory',
    name,
    ...read,
    byIndex: async (table, index, value) => [...tableOf(table).values()].filter((r) => r[index] === value).map(clone),
    transaction<T>(_tables: MirrorTableName[], fn: (tx: MirrorTx) => Promise<T>): Promise<T> {
      const run = async () => {
        // Staged writes: a key maps to its new row, or null when deleted.
        const staged = new Map<MirrorTableName, Map<Key, Row | null>>();
        const stage = (t: MirrorTableName) => {
          let m = staged.get(t);
          if (!m) staged.set(t, (m = new Map()));
          return m;
        };
        const tx: MirrorTx = {
          get: async (table, key) => {
            const s = staged.get(table);
            if (s?.has(key)) {
              const v = s.get(key);
              return v ? clone(v) : undefined;
            }
            return read.get(table, key);
          },
          getAll: async (table) => {
            const merged = new Map(tableOf(table));
            for (const [k, v] of staged.get(table) ?? []) {
              if (v) merged.set(k, v);
              else merged.delete(k);
            }
            return [...merged.values()].map(clone);
          },
          put: async (table, rows) => {
            for (const r of rows) stage(table).set(keyOf(table, r), clone(r));
          },
          delete: async (table, keys) => {
            for (const k of keys) stage(table).set(k, null);
          },
        };
        const result = await fn(tx);
        for (const [t, writes] of staged) {
          const m = tableOf(t);
          for (const [k, v] of writes) {
            if (v) m.set(k, v);
            else m.delete(k);
          }
        }
        return result;
      };
      const p = queue.then(run, run);
      queue = p.catch(() => undefined);
      return p;
    },
    close: () => undefined,
    destroy: async () => tables.clear(),
  };
}
