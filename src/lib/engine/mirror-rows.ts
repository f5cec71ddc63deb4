import { useSyncExternalStore } from 'react';
import type { Notification, User } from '../../../db/entities.ts';
import type { MirrorTableName } from '../../../db/engine-api.ts';
import type { KvRow } from '../../../db/rows.ts';
import { keyOf, type Key, type Row } from '../../../db/tables.ts';
import { mirrorSource } from './source.ts';

/**
 * One mirror table's rows for the shell, read straight from the mirror source (its rows once, then
 * the worker's diffs), without the collections' query engine: the top bar needs the signed-in
 * user and the notifications on every screen, guest pages included, and must not bring TanStack DB
 * into the first screen's code. Screens read the collections (`useLiveQuery`) instead.
 */
class TableRows {
  private rows = new Map<Key, Row>();
  private snapshot: Row[] = [];
  private readonly listeners = new Set<() => void>();
  private detach: (() => void) | null = null;

  constructor(private readonly table: MirrorTableName) {}

  subscribe = (cb: () => void): (() => void) => {
    this.listeners.add(cb);
    this.detach ??= mirrorSource().attach(this.table, {
      reset: (rows) => {
        this.rows = new Map(rows.map((r) => [keyOf(this.table, r), r]));
        this.changed();
      },
      apply: (upserts, deletes) => {
        for (const r of upserts) this.rows.set(keyOf(this.table, r), r);
        for (const k of deletes) this.rows.delete(k);
        this.changed();
      },
    });
    return () => {
      this.listeners.delete(cb);
      // The rows stay attached: the next screen reads them at once.
    };
  };

  get = (): Row[] => this.snapshot;

  private changed() {
    this.snapshot = [...this.rows.values()];
    for (const l of this.listeners) l();
  }
}

const stores = new Map<MirrorTableName, TableRows>();
const storeOf = (table: MirrorTableName) => {
  let s = stores.get(table);
  if (!s) stores.set(table, (s = new TableRows(table)));
  return s;
};
const NONE: Row[] = [];
const noop = () => () => {};

function useMirrorRows(table: MirrorTableName, active: boolean): Row[] {
  const s = storeOf(table);
  return useSyncExternalStore(active ? s.subscribe : noop, active ? s.get : () => NONE, () => NONE);
}

/** One document of the mirror's key-value table, for the shell (screens use `useKv`, over the collections). */
export function useMirrorKv<T>(key: string, active: boolean): T | null {
  const kv = useMirrorRows('kv', active) as unknown as KvRow[];
  return (kv.find((r) => r.key === key)?.value as T | undefined) ?? null;
}

/** The signed-in user as the mirror holds it (the engine patches it on every change: credits, unread counts, the read badge). */
export function useMirrorUser(active: boolean): User | null {
  return useMirrorKv<User>('user', active);
}

/**
 * The mirror's notifications table, in no order: the one list the bell shows (the worker stores
 * every notification it learns there, from the user document and from the full list).
 */
export function useMirrorNotifications(active: boolean): Notification[] {
  return useMirrorRows('notifications', active) as unknown as Notification[];
}
