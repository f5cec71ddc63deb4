import { z } from 'zod';
import * as E from '../../db/entities.ts';
import type { Resource, Result } from '../../db/engine-api.ts';
import type { TableChange } from '../../db/mirror.ts';
import type { Row } from '../../db/schema.ts';
import { getIfChanged, getValid, type SyncContext } from './context.ts';
import { notificationListChanges } from './notifications.ts';
import type { Changes } from './writer.ts';

/** A resource's identity for single-flight and sync metadata. */
export const resourceId = (r: Resource): string => (typeof r === 'string' ? r : r.kind === 'calendar' ? `calendar:${r.month}` : `${r.kind}:${r.id}`);

/** The resources read here; calendar months are read by sync/calendar.ts (the engine runs them in one flight with the month's poll). */
export type MirrorResource = Exclude<Resource, { kind: 'calendar' } | 'notifications-all'>;

const kv = (key: string, value: unknown): Row => ({ key, value });
const rows = (xs: readonly object[]) => xs as Row[];

/** A resource: where it is read from, its schema, and which tables its reply fills. */
interface ResourceSpec<S extends z.ZodType> {
  path: string;
  schema: S;
  changes(data: z.infer<S>, ctx: SyncContext): Changes;
}
const spec = <S extends z.ZodType>(s: ResourceSpec<S>) => s;

const homeChanges = (data: E.Home): TableChange[] => {
  const { user, ...home } = data;
  return [
    { table: 'kv', upserts: [kv('home', home), ...(user ? [kv('user', user)] : [])] },
    { table: 'classes', upserts: data.next_class ? [data.next_class as Row] : [] },
    // Home lists every pending request sent by the other party: the table is exactly that list.
    { table: 'rescheduleRequests', upserts: rows(data.reschedule_requests), replace: true },
  ];
};

function resourceSpecOf(r: MirrorResource) {
  if (typeof r !== 'string') {
    if (r.kind === 'class') {
      return spec({ path: `/classes/${r.id}`, schema: E.dataOf(E.klass), changes: (d) => [{ table: 'classes', upserts: [d.data as Row] }] });
    }
    return spec({
      path: `/courses/${r.id}`,
      schema: E.dataOf(E.course).extend({ meta: z.looseObject({ class_duration_items: E.rowsOf(E.classDurationItem, 'class_duration_items') }).optional() }),
      changes: (d) => [
        { table: 'courses', upserts: [d.data as Row] },
        { table: 'enrollments', upserts: d.data.enrollment ? [d.data.enrollment as Row] : [] },
        { table: 'kv', upserts: d.meta ? [kv('class-duration-items', d.meta.class_duration_items)] : [] },
      ],
    });
  }
  switch (r) {
    case 'app':
      // Settings live in the device store, not the user's mirror: the engine handles them (engine/settings.ts).
      throw new Error('app is not a mirror resource');
    case 'home':
      return spec({ path: '/home', schema: E.dataOf(E.home), changes: (d) => homeChanges(d.data) });
    case 'user':
      return spec({ path: '/user', schema: E.dataOf(E.user), changes: (d) => [{ table: 'kv', upserts: [kv('user', d.data)] }] });
    case 'notifications':
      return spec({
        path: '/notifications',
        schema: E.pageOf(E.notification),
        // The newest page; the table becomes it when it is the whole list, and the badge follows (sync/notifications.ts).
        changes: (d) => (mirror) => notificationListChanges(mirror, d.data, d.links.next === null),
      });
    case 'courses':
      return spec({ path: '/courses', schema: E.dataOf(E.rowsOf(E.course)), changes: (d) => [{ table: 'courses', upserts: rows(d.data), replace: true }] });
    case 'my-enrollments':
      return spec({
        path: '/my-enrollments',
        schema: E.dataOf(E.rowsOf(E.enrollment)),
        changes: (d) => [{ table: 'enrollments', upserts: rows(d.data), replace: true }],
      });
    case 'wallet':
      return spec({ path: '/wallet', schema: E.dataOf(E.wallet), changes: (d) => async (mirror) => [{ table: 'kv', upserts: [kv('wallet', withUserBalances(d.data, (await mirror.get('kv', 'user'))?.value as E.User | undefined))] }] });
    case 'children':
      return spec({
        path: '/childs',
        schema: E.dataOf(E.rowsOf(E.child)).extend({ meta: z.looseObject({ cap_running: z.boolean().optional() }).optional() }),
        // meta.cap_running: while true, no new child account can be created.
        changes: (d) => [
          { table: 'children', upserts: rows(d.data), replace: true },
          { table: 'kv', upserts: [kv('children-meta', { cap_running: d.meta?.cap_running === true })] },
        ],
      });
    case 'transactions':
      return spec({
        path: '/history/transactions',
        schema: E.dataOf(E.transactions),
        changes: (d) => [{ table: 'transactions', upserts: transactionRows(d.data), replace: true }],
      });
    case 'salary':
      return spec({ path: '/history/salary', schema: E.dataOf(E.salaryReport), changes: (d) => [{ table: 'kv', upserts: [kv('salary', d.data)] }] });
    case 'salary-previous':
      return spec({
        path: '/history/salary/previous',
        schema: E.dataOf(E.salaryReport),
        changes: (d) => [{ table: 'kv', upserts: [kv('salary-previous', d.data)] }],
      });
    case 'teacher-schedule':
      return spec({
        path: '/teacher-schedule',
        schema: E.dataOf(E.rowsOf(E.scheduleRow)),
        changes: (d) => [scheduleChange(d.data)],
      });
  }
}

/**
 * The wallet as stored: the reply's balances and borrow rights, or, where it has none, the user's
 * (messaging spec section 3 names credits, loan_credits, can_borrow and max_borrow_amount on the
 * user, "User (wallet fields)", and not in the wallet data).
 */
export function withUserBalances(w: E.Wallet, u: Partial<E.User> | undefined): E.Wallet {
  return {
    ...w,
    credits: w.credits ?? u?.credits ?? 0,
    loan_credits: w.loan_credits ?? u?.loan_credits ?? 0,
    can_borrow: w.can_borrow ?? u?.can_borrow ?? false,
    max_borrow_amount: w.max_borrow_amount ?? u?.max_borrow_amount ?? 0,
  };
}

const transactionRows = (t: z.infer<typeof E.transactions>): Row[] =>
  (['recharges', 'class_payments', 'wallet_logs'] as const).flatMap((kind) => t[kind].map((x) => ({ ...x, key: `${kind}:${x.id}`, kind })));

/** Working hours are one list: rows keyed by position, the rest deleted. */
export const scheduleChange = (list: E.ScheduleRow[]): TableChange => ({
  table: 'teacherSchedule',
  upserts: list.map((r, i) => ({ ...r, key: i })),
  replace: true,
});

/** "Show all" reads this many pages of notifications at most (a backend that pages endlessly must not hold the bell). */
export const NOTIFICATION_PAGES_MAX = 20;

/**
 * Every notification, for the bell's "Show all" (shell spec 2.11: "lists the first 10 notifications
 * and shows all on request"): `GET /notifications`, then each `links.next` until there is none;
 * the table becomes the whole list.
 */
const notificationsPage = E.pageOf(E.notification);

export async function refreshAllNotifications(ctx: SyncContext): Promise<Result<null>> {
  const all: E.Notification[] = [];
  let path: string | null = '/notifications';
  let complete = false;
  for (let page = 0; path && page < NOTIFICATION_PAGES_MAX; page++) {
    const r: Result<z.infer<typeof notificationsPage>> = await getValid(ctx, path, notificationsPage);
    if (!r.ok) return r;
    const seen = new Set(all.map((n) => n.id));
    all.push(...r.data.data.filter((n) => !seen.has(n.id)));
    path = r.data.links.next;
    complete = path === null;
  }
  const writer = ctx.writer();
  if (!writer) return { ok: true, data: null };
  await writer.commit((mirror) => notificationListChanges(mirror, all, complete));
  ctx.markSynced();
  return { ok: true, data: null };
}

/**
 * Fetches a resource, validates it and writes it into the mirror. The GET carries the ETag of the
 * reply stored last: a `304` writes nothing and tells the tabs nothing, but counts as a refresh.
 */
export async function refreshResource(ctx: SyncContext, r: MirrorResource): Promise<Result<null>> {
  const s = resourceSpecOf(r);
  const res = await getIfChanged(ctx, s.path, s.schema);
  if (!res.ok) return res;
  const writer = ctx.writer();
  if (!writer) return { ok: true, data: null };
  if (res.data.changed) {
    await writer.commit((s.changes as (d: unknown, c: SyncContext) => Changes)(res.data.data, ctx));
    if (!writer.closed) res.data.keep();
  }
  ctx.markSynced();
  return { ok: true, data: null };
}
