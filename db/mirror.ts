import type { MirrorTableName } from './engine-api.ts';
import { keyOf, type Key, type Row } from './schema.ts';

/**
 * The storage interface the worker writes through. Two implementations: Dexie over IndexedDB
 * (db/dexie-mirror.ts) and a plain in-memory one (db/memory-mirror.ts) for when IndexedDB is
 * unavailable. Both are atomic per `transaction`: a reply is written whole or not at all.
 */
export interface MirrorTx {
  get(table: MirrorTableName, key: Key): Promise<Row | undefined>;
  getAll(table: MirrorTableName): Promise<Row[]>;
  put(table: MirrorTableName, rows: Row[]): Promise<void>;
  delete(table: MirrorTableName, keys: Key[]): Promise<void>;
}

export interface Mirror {
  readonly kind: 'indexeddb' | 'memory';
  readonly name: string;
  get(table: MirrorTableName, key: Key): Promise<Row | undefined>;
  getAll(table: MirrorTableName): Promise<Row[]>;
  byIndex(table: MirrorTableName, index: string, value: Key): Promise<Row[]>;
  transaction<T>(tables: MirrorTableName[], fn: (tx: MirrorTx) => Promise<T>): Promise<T>;
  close(): void;
  /** Closes and deletes the whole database (sign-out). */
  destroy(): Promise<void>;
}

/** Opens mirrors by name; `kind` says which storage this device ended up with. */
export interface MirrorProvider {
  open(name: string): Promise<Mirror>;
}

/**
 * One table's part of a write. `replace` deletes every stored row that is not among `upserts`
 * (a full list from the server); `patches` change a stored row in place (read inside the same
 * transaction, so concurrent writers cannot lose each other's fields). A patch returning
 * `undefined` leaves the row as it is.
 */
export interface TableChange {
  table: MirrorTableName;
  upserts?: Row[];
  deletes?: Key[];
  replace?: boolean;
  patches?: { key: Key; apply: (row: Row | undefined) => Row | undefined }[];
}

/** What actually changed in one table: the diff broadcast to the tabs. */
export interface TableDiff {
  table: MirrorTableName;
  upserts: Row[];
  deletes: Key[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies changes in one transaction and returns only real differences: a row equal to the
 * stored one is not rewritten and not broadcast, so a poll that brings nothing new costs the
 * screens nothing.
 */
export async function applyChanges(mirror: Mirror, changes: TableChange[]): Promise<TableDiff[]> {
  if (changes.length === 0) return [];
  const tables = [...new Set(changes.map((c) => c.table))];
  return mirror.transaction(tables, async (tx) => {
    const diffs = new Map<MirrorTableName, { upserts: Map<Key, Row>; deletes: Set<Key> }>();
    const diffOf = (t: MirrorTableName) => {
      let d = diffs.get(t);
      if (!d) diffs.set(t, (d = { upserts: new Map(), deletes: new Set() }));
      return d;
    };
    for (const change of changes) {
      const { table } = change;
      const d = diffOf(table);
      const stored = new Map<Key, Row>();
      if (change.replace) for (const r of await tx.getAll(table)) stored.set(keyOf(table, r), r);
      const current = async (key: Key) => (d.upserts.has(key) ? d.upserts.get(key) : d.deletes.has(key) ? undefined : change.replace ? stored.get(key) : await tx.get(table, key));

      const puts: Row[] = [];
      const keep = new Set<Key>();
      for (const row of change.upserts ?? []) {
        const key = keyOf(table, row);
        keep.add(key);
        if (same(await current(key), row)) continue;
        puts.push(row);
        d.upserts.set(key, row);
        d.deletes.delete(key);
      }
      for (const p of change.patches ?? []) {
        const before = await current(p.key);
        const after = p.apply(before);
        keep.add(p.key);
        if (!after || same(before, after)) continue;
        puts.push(after);
        d.upserts.set(p.key, after);
        d.deletes.delete(p.key);
      }
      const dels: Key[] = [];
      const toDelete = [...(change.deletes ?? []), ...(change.replace ? [...stored.keys()].filter((k) => !keep.has(k)) : [])];
      for (const key of toDelete) {
        if ((await current(key)) === undefined) continue;
        dels.push(key);
        d.upserts.delete(key);
        d.deletes.add(key);
      }
      if (puts.length) await tx.put(table, puts);
      if (dels.length) await tx.delete(table, dels);
    }
    return [...diffs]
      .map(([table, d]) => ({ table, upserts: [...d.upserts.values()], deletes: [...d.deletes] }))
      .filter((d) => d.upserts.length || d.deletes.length);
  });
}
