import type { MirrorTableName } from './engine-api.ts';
import { keyOf, type Key, type Row } from './schema.ts';
import { same } from './same.ts';

/**
 * The storage interface the worker writes through. Two implementations: Dexie over IndexedDB
 * (db/dexie-mirror.ts) and a plain in-memory one (db/memory-mirror.ts) for when IndexedDB is
 * unavailable. Both write atomically: a reply is written whole or not at all. Only the worker
 * writes, through one Writer per mirror that runs its writes one after another, so reading rows
 * and then writing them cannot lose a concurrent change (and no code awaits anything but
 * IndexedDB inside an IndexedDB transaction).
 */
/** One table's part of an atomic write. */
export interface TableWrite {
  table: MirrorTableName;
  puts: Row[];
  deletes: Key[];
}

export interface Mirror {
  readonly kind: 'indexeddb' | 'memory';
  readonly name: string;
  get(table: MirrorTableName, key: Key): Promise<Row | undefined>;
  getAll(table: MirrorTableName): Promise<Row[]>;
  byIndex(table: MirrorTableName, index: string, value: Key): Promise<Row[]>;
  /** Puts and deletes in several tables, all or nothing. */
  write(ops: TableWrite[]): Promise<void>;
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

/**
 * Applies changes atomically and returns only real differences: a row equal to the stored one is
 * not rewritten and not broadcast, so a poll that brings nothing new costs the screens nothing.
 * Callers run one at a time per mirror (see Writer).
 */
export async function applyChanges(mirror: Mirror, changes: TableChange[]): Promise<TableDiff[]> {
  if (changes.length === 0) return [];
  // The state as this write sees it: stored rows, overlaid with the write's own earlier changes.
  const view = new Map<MirrorTableName, Map<Key, Row | null>>();
  const viewOf = (t: MirrorTableName) => {
    let v = view.get(t);
    if (!v) view.set(t, (v = new Map()));
    return v;
  };
  const touched = new Map<MirrorTableName, Map<Key, Row | null>>();
  const touch = (t: MirrorTableName, k: Key, row: Row | null) => {
    viewOf(t).set(k, row);
    let m = touched.get(t);
    if (!m) touched.set(t, (m = new Map()));
    m.set(k, row);
  };
  const current = async (t: MirrorTableName, k: Key): Promise<Row | undefined> => {
    const v = viewOf(t);
    if (!v.has(k)) v.set(k, (await mirror.get(t, k)) ?? null);
    return v.get(k) ?? undefined;
  };
  const before = new Map<string, Row | undefined>();
  const remember = async (t: MirrorTableName, k: Key) => {
    const id = `${t}\u0000${typeof k}:${k}`;
    if (!before.has(id)) before.set(id, await current(t, k));
  };

  for (const change of changes) {
    const { table } = change;
    const keep = new Set<Key>();
    if (change.replace) {
      for (const r of await mirror.getAll(table)) {
        const k = keyOf(table, r);
        if (!viewOf(table).has(k)) viewOf(table).set(k, r);
      }
    }
    for (const row of change.upserts ?? []) {
      const k = keyOf(table, row);
      keep.add(k);
      await remember(table, k);
      touch(table, k, row);
    }
    for (const p of change.patches ?? []) {
      keep.add(p.key);
      await remember(table, p.key);
      const after = p.apply(await current(table, p.key));
      if (after) touch(table, p.key, after);
    }
    const dels = [...(change.deletes ?? []), ...(change.replace ? [...viewOf(table)].filter(([k, r]) => r && !keep.has(k)).map(([k]) => k) : [])];
    for (const k of dels) {
      await remember(table, k);
      if ((await current(table, k)) !== undefined) touch(table, k, null);
    }
  }

  const ops: TableWrite[] = [];
  const diffs: TableDiff[] = [];
  for (const [table, rows] of touched) {
    const op: TableWrite = { table, puts: [], deletes: [] };
    for (const [k, row] of rows) {
      const was = before.get(`${table}\u0000${typeof k}:${k}`);
      if (row === null) {
        if (was !== undefined) op.deletes.push(k);
      } else if (!same(was, row)) op.puts.push(row);
    }
    if (op.puts.length || op.deletes.length) {
      ops.push(op);
      diffs.push({ table, upserts: op.puts, deletes: op.deletes });
    }
  }
  if (ops.length) await mirror.write(ops);
  return diffs;
}
