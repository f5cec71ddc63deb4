import { z } from 'zod';
import * as E from '../../db/entities.ts';
import type { MutationName } from '../../db/engine-api.ts';
import type { TableChange } from '../../db/mirror.ts';
import type { Row } from '../../db/schema.ts';
import type { SyncContext } from '../sync/context.ts';
import { kvRow, patchRow, patchUser, saysNothing, valid, type MutationOf, type MutationSpec } from './spec.ts';

type S<K extends MutationName> = MutationSpec<MutationOf<K>>;

const patchWallet = (fields: Partial<E.Wallet>): TableChange => ({
  table: 'kv',
  patches: [{ key: 'wallet', apply: (r) => r && { ...r, value: { ...(r.value as object), ...fields } } }],
});

/** Marks every stored notification read and zeroes the badge (also the optimistic state). */
async function allRead(ctx: SyncContext): Promise<TableChange[]> {
  const w = ctx.writer();
  const stored = w ? await w.mirror.getAll('notifications') : [];
  return [
    { table: 'notifications', upserts: stored.filter((n) => !n.read).map((n) => ({ ...n, read: true })) },
    patchUser((u) => ({ notifications_count: 0, notifications: u.notifications.map((n) => ({ ...n, read: true })) })),
  ];
}

export const readNotifications: S<'readNotifications'> = {
  request: () => ({ method: 'POST', path: '/notifications/read' }),
  optimistic: (_m, ctx) => allRead(ctx),
  apply: (_reply, _m, ctx) => allRead(ctx),
};

const enrollmentReply = E.dataOf(E.enrollment);
/**
 * The enrolment as the server now has it. The spec shows no answer ("create / update", "finish
 * request"): without one the course says what surely happened (`done`) and its page re-reads it.
 */
const enrolled = (path: (m: { courseId: number }) => string, done: Partial<E.Course> = {}) => (reply: unknown, m: { courseId: number }, ctx: SyncContext): TableChange[] => {
  if (saysNothing(reply)) return [patchRow('courses', m.courseId, (c) => ({ ...c, ...done }))];
  const e = valid(enrollmentReply, reply, path(m), ctx).data;
  return [
    { table: 'enrollments', upserts: [e as Row] },
    patchRow('courses', m.courseId, (c) => ({ ...c, enrolled: true, enrollment: e, finish_requested: e.finish_requested })),
  ];
};

export const enroll: S<'enroll'> = {
  request: (m) => ({ method: 'POST', path: `/courses/${m.courseId}/enroll`, body: m.form }),
  apply: enrolled((m) => `/courses/${m.courseId}/enroll`, { enrolled: true }),
};

export const updateEnrollment: S<'updateEnrollment'> = {
  request: (m) => ({ method: 'PUT', path: `/courses/${m.courseId}/enroll`, body: m.form }),
  apply: enrolled((m) => `/courses/${m.courseId}/enroll`),
};

export const finishEnrollment: S<'finishEnrollment'> = {
  request: (m) => ({ method: 'POST', path: `/courses/${m.courseId}/finish`, body: { reason: m.reason } }),
  // Finishing removes the remaining classes: its policy re-reads home and the watched calendar months.
  apply: enrolled((m) => `/courses/${m.courseId}/finish`, { finish_requested: true }),
};

const balance = z.looseObject({ credits: z.number(), loan_credits: z.number() });
const balanceChanges = (b: z.infer<typeof balance>) => [
  patchUser(() => ({ credits: b.credits, loan_credits: b.loan_credits })),
  patchWallet({ credits: b.credits, loan_credits: b.loan_credits }),
];

export const recharge: S<'recharge'> = {
  request: (m) => ({ method: 'POST', path: '/wallet/recharge', body: { order_id: m.order_id } }),
  apply: (reply, _m, ctx) => balanceChanges(valid(balance, reply, '/wallet/recharge', ctx)),
};

export const manualRecharge: S<'manualRecharge'> = {
  request: (m) => ({
    method: 'POST',
    path: '/wallet/recharge/ebmgateway',
    form: { amount: String(m.amount), payment_method: m.payment_method, message: m.message, ...(m.attachment ? { attachment: m.attachment } : {}) },
  }),
  apply: (reply, _m, ctx) => {
    const r = valid(z.looseObject({ pending_payments_count: z.number().int().optional() }), reply, '/wallet/recharge/ebmgateway', ctx);
    return r.pending_payments_count === undefined ? [] : [patchWallet({ pending_payments_count: r.pending_payments_count })];
  },
};

export const borrow: S<'borrow'> = {
  request: (m) => ({ method: 'POST', path: '/wallet/borrow', body: { amount: m.amount } }),
  apply: (reply, _m, ctx) => balanceChanges(valid(balance, reply, '/wallet/borrow', ctx)),
};

export const transfer: S<'transfer'> = {
  request: (m) => ({ method: 'POST', path: '/childs/transfer', body: { child_id: m.child_id, amount: m.amount } }),
  apply: (reply, _m, ctx) => {
    const r = valid(z.looseObject({ parent_credits: z.number(), childs: E.rowsOf(E.child, 'childs') }), reply, '/childs/transfer', ctx);
    return [patchUser(() => ({ credits: r.parent_credits })), patchWallet({ credits: r.parent_credits }), { table: 'children', upserts: r.childs as Row[], replace: true }];
  },
};

export const createChild: S<'createChild'> = {
  request: (m) => ({ method: 'POST', path: '/childs', body: m.form }),
  // "child created" (messaging spec section 7): the child when the reply carries it.
  apply: (reply, _m, ctx) => (saysNothing(reply) ? [] : [{ table: 'children', upserts: [valid(E.dataOf(E.child), reply, '/childs', ctx).data as Row] }]),
};

export const changePassword: S<'changePassword'> = {
  request: (m) => ({ method: 'POST', path: '/password', body: { password: m.password } }),
  apply: (reply, _m, ctx) => [{ table: 'kv', upserts: [kvRow('user', valid(z.looseObject({ user: E.user, token: z.string() }), reply, '/password', ctx).user)] }],
  // Every other token was revoked: the engine keeps the new one and tells the tabs.
  newToken: (reply) => (reply as { token?: string } | null)?.token ?? null,
};

export const updateTimezone: S<'updateTimezone'> = {
  request: (m) => ({ method: 'PUT', path: '/timezone', body: { timezone: m.timezone } }),
  // "not shown" (shell spec section 7): without a user in the reply, the stored one takes the new timezone.
  apply: (reply, m, ctx) => ((reply as { user?: unknown } | null)?.user == null
    ? [patchUser(() => ({ timezone: m.timezone }))]
    : [{ table: 'kv', upserts: [kvRow('user', valid(z.looseObject({ user: E.user }), reply, '/timezone', ctx).user)] }]),
};
