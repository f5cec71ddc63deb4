import { z } from 'zod';
import * as E from '../../db/entities.ts';
import type { MutationName } from '../../db/engine-api.ts';
import type { Row } from '../../db/schema.ts';
import { scheduleChange } from '../sync/resources.ts';
import { patchRow, patchUser, saysNothing, valid, type MutationOf, type MutationSpec } from './spec.ts';

type S<K extends MutationName> = MutationSpec<MutationOf<K>>;

const classReply = E.dataOf(E.klass);
type Ctx = Parameters<typeof valid>[3];

/**
 * The reference server answers most class actions with the class as it now is; the spec shows no
 * answer for them (shell spec section 7: join-url, absent, attended, class report, makeup: "not
 * shown"). A reply with no `data` says nothing: the action is done, the class is patched with what
 * it surely means (`done`), and the polls and the policy's re-reads bring the rest. A `data` that
 * is there must fit.
 */
const upsertClass = (path: (m: { classId: number }) => string, done: (c: Row) => Partial<E.Class>) =>
  <M extends { classId: number }>(reply: unknown, m: M, ctx: Ctx) =>
    saysNothing(reply)
      ? [patchRow('classes', m.classId, (c) => ({ ...c, ...done(c) }))]
      : [{ table: 'classes' as const, upserts: [valid(classReply, reply, path(m), ctx).data as Row] }];

export const saveClassReport: S<'saveClassReport'> = {
  request: (m) => ({ method: 'POST', path: `/class-reports/${m.classId}`, body: { rating: m.rating, class_activity: m.class_activity, homework: m.homework, notes: m.notes } }),
  optimistic: (m) => [patchRow('classes', m.classId, (c) => ({ ...c, has_class_report: true, class_report_rating: m.rating }))],
  apply: (reply, m, ctx) => {
    // The spec shows no answer: without one the class says it has its report.
    if (saysNothing(reply)) return [patchRow('classes', m.classId, (c) => ({ ...c, has_class_report: true, class_report_rating: m.rating }))];
    const report = valid(E.dataOf(E.classReport), reply, `/class-reports/${m.classId}`, ctx).data;
    return [
      { table: 'classReports', upserts: [report as Row] },
      patchRow('classes', m.classId, (c) => ({ ...c, has_class_report: true, class_report_rating: report.rating })),
    ];
  },
};

export const editClassReport: S<'editClassReport'> = {
  request: (m) => ({ method: 'PUT', path: `/class-reports/${m.reportId}`, body: { rating: m.rating, class_activity: m.class_activity, homework: m.homework, teacher_notes: m.teacher_notes } }),
  optimistic: (m) => [patchRow('classReports', m.reportId, (r) => ({ ...r, rating: m.rating, class_activity: m.class_activity, homework: m.homework, teacher_notes: m.teacher_notes }))],
  apply: (reply, m, ctx) => [{ table: 'classReports', upserts: [valid(E.dataOf(E.classReport), reply, `/class-reports/${m.reportId}`, ctx).data as Row] }],
};

export const saveSchedule: S<'saveSchedule'> = {
  request: (m) => ({ method: 'PUT', path: '/teacher-schedule', body: { schedule: m.schedule } }),
  optimistic: (m) => [scheduleChange(m.schedule)],
  apply: (reply, _m, ctx) => [scheduleChange(valid(E.dataOf(E.rowsOf(E.scheduleRow)), reply, '/teacher-schedule', ctx).data)],
};

export const saveJoinUrl: S<'saveJoinUrl'> = {
  request: (m) => ({ method: 'PUT', path: `/classes/${m.classId}/join-url`, body: { join_url: m.join_url } }),
  optimistic: (m) => [patchRow('classes', m.classId, (c) => ({ ...c, join_url: m.join_url }))],
  apply: (reply, m, ctx) => upsertClass((x) => `/classes/${x.classId}/join-url`, () => ({ join_url: m.join_url }))(reply, m, ctx),
};

/** Shell spec section 7: "payment_status, credits, join_url"; `teacher_joined` is the reference server's (src/features/classes/rules.ts `mustWaitForTeacher`). */
const joinReply = z.looseObject({
  payment_status: E.paymentStatus,
  credits: z.number(),
  // No link yet: the teacher has not joined.
  join_url: z.string().nullable().optional().default(null),
  teacher_joined: z.boolean().optional(),
});

export const join: S<'join'> = {
  request: (m) => ({ method: 'POST', path: `/classes/${m.classId}/join` }),
  apply: (reply, m, ctx) => {
    const r = valid(joinReply, reply, `/classes/${m.classId}/join`, ctx);
    return [
      patchRow('classes', m.classId, (c) => ({ ...c, payment_status: r.payment_status, join_url: r.join_url ?? c.join_url, ...(r.teacher_joined !== undefined ? { teacher_joined: r.teacher_joined } : {}) })),
      patchUser(() => ({ credits: r.credits })),
    ];
  },
};

export const markAbsent: S<'markAbsent'> = {
  request: (m) => ({ method: 'POST', path: `/classes/${m.classId}/absent` }),
  apply: upsertClass((m) => `/classes/${m.classId}/absent`, () => ({ absent: true, full_status: 'absent', can_mark_attended: false })),
};

export const markAttended: S<'markAttended'> = {
  request: (m) => ({ method: 'POST', path: `/classes/${m.classId}/attended` }),
  apply: (reply, m, ctx) => {
    if (saysNothing(reply)) return [patchRow('classes', m.classId, (c) => ({ ...c, attended: true, can_mark_attended: false }))];
    const r = valid(classReply.extend({ credits: z.number().optional() }), reply, `/classes/${m.classId}/attended`, ctx);
    // `credits` is the student's balance after the charge: it is the signed-in user's only when they are that student.
    const mine = r.credits !== undefined && ctx.user()?.id === r.data.enrollment.student.id;
    return [{ table: 'classes', upserts: [r.data as Row] }, ...(mine ? [patchUser(() => ({ credits: r.credits! }))] : [])];
  },
};

export const cancelClass: S<'cancelClass'> = {
  request: (m) => ({ method: 'POST', path: `/classes/${m.classId}/cancel`, body: { cancelation_reason: m.cancelation_reason } }),
  apply: (reply, m, ctx) => upsertClass((x) => `/classes/${x.classId}/cancel`, () => ({ canceled: true, cancelation_reason: m.cancelation_reason ?? null, full_status: 'canceled', editable: false, joinable: false }))(reply, m, ctx),
};

export const rescheduleClass: S<'rescheduleClass'> = {
  request: (m) => ({ method: 'PUT', path: `/classes/${m.classId}/reschedule`, body: { date: m.date, start_time: m.start_time, permanent: m.permanent, reason: m.reason } }),
  apply: (reply, m, ctx) => {
    // "creates request" (shell spec section 7): the request, when the reply carries it, must fit.
    if (!saysNothing(reply)) valid(E.dataOf(E.rescheduleRequest), reply, `/classes/${m.classId}/reschedule`, ctx);
    // The request waits for the other party; our class shows it as requested.
    return [patchRow('classes', m.classId, (c) => ({ ...c, waiting_reschedule_request: true }))];
  },
};

export const decideReschedule: S<'decideReschedule'> = {
  request: (m) => ({ method: 'POST', path: `/reschedule-requests/${m.requestId}/${m.action}` }),
  apply: (reply, m, ctx) => {
    // "not shown" (shell spec section 7): without an answer the request still leaves the table.
    const r = saysNothing(reply)
      ? { classes: [] }
      : valid(E.dataOf(E.rescheduleRequest).extend({ classes: E.rowsOf(E.klass, 'classes').optional().default([]) }), reply, `/reschedule-requests/${m.requestId}/${m.action}`, ctx);
    return [
      // Home lists pending requests only: a decided one leaves the table.
      { table: 'rescheduleRequests', deletes: [m.requestId] },
      { table: 'classes', upserts: r.classes as Row[] },
    ];
  },
};

export const addMakeup: S<'addMakeup'> = {
  request: (m) => ({ method: 'POST', path: '/classes/makeup', body: { enrollment_id: m.enrollment_id, date: m.date, start_time: m.start_time } }),
  // "not shown" (shell spec section 7): without an answer the calendars' re-read (its policy) brings the new class.
  apply: (reply, _m, ctx) => (saysNothing(reply) ? [] : [{ table: 'classes', upserts: [valid(classReply, reply, '/classes/makeup', ctx).data as Row] }]),
};
