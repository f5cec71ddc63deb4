import type { MirrorTableName } from './engine-api.ts';

/**
 * The mirror: one IndexedDB database per signed-in user (`tutoring-u42`), written only by the
 * worker and read by the tabs. `TABLES` is the one place that says each table's primary key and
 * indexes; the Dexie schema (schema.ts, the worker's), the in-memory mirror and the tabs'
 * collections all derive from it. No Dexie here: the tabs only read, and do so without it.
 */
export type Key = string | number;
export type Row = Record<string, unknown>;

export interface TableSpec {
  /** Primary key field of every row. */
  key: string;
  /** Secondary indexes (Dexie syntax: plain field names). */
  indexes: string[];
}

export const TABLES: Record<MirrorTableName, TableSpec> = {
  /** Every class seen anywhere (calendar months, lists, home's next class, mutation replies). */
  classes: { key: 'id', indexes: ['date', 'start_datetime'] },
  /** Which classes the last GET /calendar of a month returned: `{month: 'YYYY-MM', ids, fetchedAt}`. */
  calendarMonths: { key: 'month', indexes: [] },
  conversations: { key: 'id', indexes: ['updated_at_timestamp'] },
  /** Server messages (numeric id) and unsent ones (`pending:<mutationId>`, `pending: true`). */
  messages: { key: 'id', indexes: ['conversation_id', 'client_key'] },
  notifications: { key: 'id', indexes: [] },
  /** `{key: '<kind>:<id>', kind: 'recharges'|'class_payments'|'wallet_logs', ...Transaction}`. */
  transactions: { key: 'key', indexes: ['kind'] },
  /** Single documents: home, user, wallet, salary, salary-previous, class-duration-items... */
  kv: { key: 'key', indexes: [] },
  courses: { key: 'id', indexes: [] },
  enrollments: { key: 'id', indexes: [] },
  classReports: { key: 'id', indexes: ['class_id'] },
  children: { key: 'id', indexes: [] },
  /** Working-hour rows keyed by position (`key: 0..n-1`): the whole list is replaced on save. */
  teacherSchedule: { key: 'key', indexes: [] },
  rescheduleRequests: { key: 'id', indexes: [] },
  /** Paged-list membership: `{key: listKeyId, ids, next, fetchedAt}`. */
  lists: { key: 'key', indexes: [] },
  /** Unsent mutations, sent in `seq` order when the network allows (local only, never synced). */
  outbox: { key: 'id', indexes: ['seq'] },
  /** Sync metadata (when each resource was last fetched). */
  meta: { key: 'key', indexes: [] },
};

export const TABLE_NAMES = Object.keys(TABLES) as MirrorTableName[];

export const keyOf = (table: MirrorTableName, row: Row): Key => row[TABLES[table].key] as Key;

/** Name of a user's mirror database. */
export const userDbName = (userId: number) => `tutoring-u${userId}`;
/** Device-wide data that outlives sessions: the last app settings (shown before sign-in). */
export const DEVICE_DB = 'tutoring-device';
