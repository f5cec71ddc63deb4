import type { Mirror, TableChange } from '../../db/mirror.ts';
import { keyOf, type Key, type Row } from '../../db/schema.ts';

/** A plain (storable) change: what puts the rows an optimistic write touched back as they were. */
export interface StoredChange {
  table: TableChange['table'];
  upserts: Row[];
  deletes: Key[];
  replace?: boolean;
}

/** Reads the rows `changes` will touch, before they are applied, and returns the changes that undo them. */
export async function captureUndo(mirror: Mirror, changes: TableChange[]): Promise<StoredChange[]> {
  const undo: StoredChange[] = [];
  for (const c of changes) {
    if (c.replace) {
      undo.push({ table: c.table, upserts: await mirror.getAll(c.table), deletes: [], replace: true });
      continue;
    }
    const keys: Key[] = [...(c.upserts ?? []).map((r) => keyOf(c.table, r)), ...(c.patches ?? []).map((p) => p.key), ...(c.deletes ?? [])];
    const u: StoredChange = { table: c.table, upserts: [], deletes: [] };
    for (const k of new Set(keys)) {
      const before = await mirror.get(c.table, k);
      if (before) u.upserts.push(before);
      else u.deletes.push(k);
    }
    undo.push(u);
  }
  // Undo in reverse order, so the first state wins where two changes touched one row.
  return undo.reverse();
}
