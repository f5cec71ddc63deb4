import { openDexieMirror, type IndexedDbDeps } from '../../db/dexie-mirror.ts';
import { createMemoryMirror } from '../../db/memory-mirror.ts';
import type { Mirror, MirrorProvider } from '../../db/mirror.ts';
import type { Logger } from '../ports.ts';

/**
 * IndexedDB when it opens; otherwise (private mode, quota, a browser without it) an in-memory
 * mirror that lives as long as the worker. Once one open has failed the rest go to memory too,
 * so a session never ends up split between the two.
 */
export function createMirrorProvider(deps: IndexedDbDeps & { log?: Logger; forceMemory?: boolean } = {}): MirrorProvider {
  const memory = new Map<string, Mirror>();
  let useMemory = !!deps.forceMemory;
  const memoryMirror = (name: string) => {
    let m = memory.get(name);
    if (!m) {
      const created = createMemoryMirror(name);
      m = { ...created, destroy: async () => { memory.delete(name); await created.destroy(); } };
      memory.set(name, m);
    }
    return m;
  };
  return {
    async open(name) {
      if (!useMemory) {
        const idb = deps.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
        if (idb) {
          try {
            return await openDexieMirror(name, { indexedDB: idb, IDBKeyRange: deps.IDBKeyRange ?? (globalThis as { IDBKeyRange?: typeof IDBKeyRange }).IDBKeyRange });
          } catch (e) {
            deps.log?.warn('[engine] IndexedDB unavailable, keeping data in memory:', e);
          }
        }
        useMemory = true;
      }
      return memoryMirror(name);
    },
  };
}
