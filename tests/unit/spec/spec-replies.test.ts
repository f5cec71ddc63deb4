import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as E from '../../../db/entities.ts';
import { classTimes } from '../../../db/derive.ts';
import { parseReply } from '../../../worker/sync/validate.ts';
import { withUserBalances } from '../../../worker/sync/resources.ts';

/**
 * Replies cut to what the spec names (both specs, sections 3 and 7) are read whole, with what the
 * screens need derived; a list row that does not fit is reported and left out, the others kept.
 */

const person = (id: number, name: string) => ({ id, name, avatar: null });
const enrollmentRef = { id: 10, course: { id: 100, name: 'Quran', image_url: null }, student: person(2, 'Sara'), teacher: person(3, 'Omar') };

/** A class with only the fields the shell spec's section 3 names. */
const specClass = (over: Record<string, unknown> = {}) => ({
  id: 1, name: null, date: '2026-03-10', start: '17:00', end: '18:00', start_datetime: '2026-03-10T15:00:00.000Z',
  status: 'scheduled', full_status: 'scheduled', enrollment: enrollmentRef, rescheduled: false, waiting_reschedule_request: false,
  absent: false, canceled: false, cancelation_reason: null, makeup: false, payment_status: 'paid', has_class_report: false,
  class_report_rating: null, join_url: null, url_editable: false, url_added_at: null, editable: true, joinable: false,
  can_mark_attended: false, attended: false, limit_exceeded: false, available_class_changes: 4, monthly_class_changes: 4,
  student_age: null, student_timezone: null, ...over,
});

const parse = <S extends z.ZodType>(schema: S, body: unknown, derive: Parameters<typeof parseReply>[4] = {}) => {
  const report = vi.fn();
  return { data: parseReply(schema, body, '/test', report, derive), report };
};

describe('row by row', () => {
  it('one bad row among 100 leaves 99, and the bad one is reported with its place and id', () => {
    const rows = Array.from({ length: 100 }, (_, i) => specClass({ id: i + 1 }));
    rows[41] = specClass({ id: 42, enrollment: 'none' });
    const { data, report } = parse(E.pageOf(E.klass), { data: rows, links: { next: null } }, { timezone: 'Africa/Cairo' });
    expect(data!.data).toHaveLength(99);
    expect(data!.data.map((k) => k.id)).not.toContain(42);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]![0]).toBe('/test');
    expect(report.mock.calls[0]![1]).toMatch(/^data\[41\] \(id 42\) left out: enrollment/);
  });

  it('nested lists are read row by row too: /home keeps its other requests and enrolments', () => {
    const request = (id: number) => ({ id, enrollment: enrollmentRef, sender: person(3, 'Omar'), permanent: false, old_start_formated: '2026-03-10 05:00 PM', start_formated: '2026-03-11 05:00 PM', reason: null });
    const enrollment = (id: number) => ({ id, status: 'approved', admin_comment: null, class_duration: 60, weekly_classes: 2, start_day: '2026-03-01', comment: null, preferred_days: [1, 3], schedule: [], hourly_price: null, course: enrollmentRef.course, student: person(2, 'Sara') });
    const body = { data: {
      next_class: null,
      reschedule_requests: [request(1), { ...request(2), sender: null }, request(3)],
      slide_images: [],
      enrollments: [enrollment(7), { ...enrollment(8), preferred_days: 'mon' }],
    } };
    const { data, report } = parse(E.dataOf(E.home), body);
    expect(data!.data.reschedule_requests.map((r) => r.id)).toEqual([1, 3]);
    expect(data!.data.enrollments.map((e) => e.id)).toEqual([7]);
    expect(report.mock.calls.map((c) => c[1] as string)).toEqual([
      expect.stringMatching(/^reschedule_requests\[1\] \(id 2\) left out: sender/),
      expect.stringMatching(/^enrollments\[1\] \(id 8\) left out: preferred_days/),
    ]);
  });

  it('a single-object reply that does not fit is still dropped whole', () => {
    const { data, report } = parse(E.dataOf(E.wallet), { data: { payment_methods: 'none', pending_payments_count: 0, min_recharge_amount: 10 } });
    expect(data).toBeNull();
    expect(report).toHaveBeenCalledWith('/test', expect.stringMatching(/payment_methods/));
  });
});

describe('classes: what the spec does not name is derived', () => {
  it('end_datetime and duration from date, start and end in the user\'s timezone', () => {
    const k = parse(E.klass, specClass(), { timezone: 'Africa/Cairo' }).data!;
    expect(k.end_datetime).toBe('2026-03-10T16:00:00.000Z');
    expect(k.duration).toBe(60);
  });

  it('in zones either side of UTC, the end follows the zone the wall-clock times are in', () => {
    // 09:30-10:15 in New York (UTC-4 in DST, from 8 March 2026) and in Tokyo (UTC+9).
    expect(classTimes({ date: '2026-03-10', start: '09:30', end: '10:15', start_datetime: '2026-03-10T13:30:00Z' }, 'America/New_York'))
      .toEqual({ start_datetime: '2026-03-10T13:30:00.000Z', end_datetime: '2026-03-10T14:15:00.000Z', duration: 45 });
    expect(classTimes({ date: '2026-03-10', start: '09:30', end: '10:15', start_datetime: '2026-03-10T00:30:00Z' }, 'Asia/Tokyo'))
      .toEqual({ start_datetime: '2026-03-10T00:30:00.000Z', end_datetime: '2026-03-10T01:15:00.000Z', duration: 45 });
  });

  it('a class ending after midnight ends the next day', () => {
    // 23:30 to 00:30 in Cairo (UTC+2): ends 22:30 UTC, one hour later.
    const k = parse(E.klass, specClass({ date: '2026-03-10', start: '23:30', end: '00:30', start_datetime: '2026-03-10T21:30:00.000Z' }), { timezone: 'Africa/Cairo' }).data!;
    expect(k.end_datetime).toBe('2026-03-10T22:30:00.000Z');
    expect(k.duration).toBe(60);
  });

  it('a start_datetime that is not an instant is read as date + start in the zone', () => {
    const t = classTimes({ date: '2026-07-01', start: '20:00', end: '21:30', start_datetime: '2026-07-01 20:00:00' }, 'Europe/London');
    expect(t).toEqual({ start_datetime: '2026-07-01T19:00:00.000Z', end_datetime: '2026-07-01T20:30:00.000Z', duration: 90 });
  });

  it('the server\'s own end_datetime and duration are kept when it sends them', () => {
    const k = parse(E.klass, specClass({ end_datetime: '2026-03-10T16:10:00.000Z', duration: 70 }), { timezone: 'UTC' }).data!;
    expect(k).toMatchObject({ end_datetime: '2026-03-10T16:10:00.000Z', duration: 70 });
  });

  it('unknown statuses survive parsing as they are', () => {
    const k = parse(E.klass, specClass({ status: 'paused', full_status: 'on-hold', payment_status: 'sponsored' })).data!;
    expect(k).toMatchObject({ status: 'paused', full_status: 'on-hold', payment_status: 'sponsored' });
  });
});

describe('other entities without the reference server\'s extras', () => {
  it('a reschedule request without class_id and status: none and pending; an unknown status stays', () => {
    const r = { id: 5, enrollment: enrollmentRef, sender: person(3, 'Omar'), permanent: true, old_start_formated: '2026-03-10 05:00 PM', start_formated: '2026-03-12 06:00 PM', reason: 'Travel' };
    expect(parse(E.rescheduleRequest, r).data).toMatchObject({ class_id: null, status: 'pending' });
    expect(parse(E.rescheduleRequest, { ...r, status: 'escalated' }).data).toMatchObject({ status: 'escalated' });
  });

  it('a message takes the conversation it was read from; one read from nowhere does not fit', () => {
    const m = { id: 9, type: 'sticker', text: null, sender: { id: 3, name: 'Omar', avatar: null, support: false }, sender_type: 'user', created_at_timestamp: 1_790_000_000 };
    const page = parse(E.pageOf(E.message), { data: [m], links: { next: null } }, { conversationId: 77 }).data!;
    expect(page.data[0]).toMatchObject({ id: 9, conversation_id: 77, type: 'sticker' });
    const { data, report } = parse(E.pageOf(E.message), { data: [m] });
    expect(data!.data).toEqual([]);
    expect(report).toHaveBeenCalledWith('/test', expect.stringMatching(/id 9.*conversation_id/));
    // A conversation's last message is that conversation's.
    const c = parse(E.conversation, { id: 12, title: 'Support', avatar: null, seen: true, closed: false, created_at_timestamp: 1, last_message: m }).data!;
    expect(c.last_message).toMatchObject({ id: 9, conversation_id: 12 });
  });

  it('a transaction is named by its serial when it has no id', () => {
    const t = { serial: 'TX-1042', type: 'recharge', timestamp: 1_790_000_000, created_at_readable: '1 day ago', credits_after: 50, value: 20, amount: 20 };
    const { data } = parse(E.dataOf(E.transactions), { data: { recharges: [t], class_payments: [], wallet_logs: [{ ...t, serial: 3001, type: 'borrow_balance' }] } });
    expect(data!.data.recharges[0]).toMatchObject({ id: 'TX-1042', serial: 'TX-1042' });
    expect(data!.data.wallet_logs[0]).toMatchObject({ id: '3001', serial: '3001' });
  });

  it('the wallet\'s balances and borrow rights come from the user when the reply has none', () => {
    const w = parse(E.wallet, { payment_methods: [{ name: 'PayPal', text: 'Pay by card', logo: null, reward: null, steps: [] }, { name: 'Bank Transfer', text: 'Send {AMOUNT}$ to ...', logo: null, reward: '+5%', steps: ['Transfer', 'Send the receipt'] }], pending_payments_count: 1, min_recharge_amount: 10 }).data!;
    expect(w.payment_methods.map((m) => [m.id, m.type])).toEqual([['PayPal', 'card'], ['Bank Transfer', 'manual']]);
    const user = { credits: 12.5, loan_credits: 3, can_borrow: true, max_borrow_amount: 20 };
    expect(withUserBalances(w, user)).toMatchObject(user);
    // The reply's own win.
    expect(withUserBalances({ ...w, credits: 99 }, user).credits).toBe(99);
  });

  it('a class report takes its class id and course from its class, or does without the course', () => {
    const r = { id: 4, rating: 4.5, class_activity: 'Read', homework: 'Revise', teacher_notes: null, student: person(2, 'Sara'), teacher: person(3, 'Omar'), created_at_timestamp: 1 };
    expect(parse(E.classReport, { ...r, class: { id: 31, start_datetime: '2026-03-10T15:00:00Z' } }).data).toMatchObject({ class_id: 31, course: null });
    expect(parse(E.classReport, { ...r, class: { id: 31, start_datetime: 'x', enrollment: { course: { id: 100, name: 'Quran' } } } }).data).toMatchObject({ class_id: 31, course: { id: 100, name: 'Quran' } });
  });

  it('a user without email, and an enrolment without finish_requested or teacher, are read', () => {
    const u = { id: 2, name: 'Sara', avatar: null, groupId: 0, credits: 1, loan_credits: 0, timezone: 'Africa/Cairo', notifications: [], notifications_count: 0, unread_inbox_count: 0, email_verified_at: null, my_courses: 1 };
    expect(parse(E.user, u).data).toMatchObject({ email: null, id: 2 });
    const e = { id: 7, status: 'approved', admin_comment: null, class_duration: 60, weekly_classes: 2, start_day: '2026-03-01', comment: null, preferred_days: [1], schedule: [], hourly_price: null, course: enrollmentRef.course, student: person(2, 'Sara') };
    expect(parse(E.enrollment, e).data).toMatchObject({ finish_requested: false, teacher: null });
  });
});

describe('class actions whose answer the spec does not show', () => {
  it('a reply without data is the action done: the class is patched with what it means; a data that is there must fit', async () => {
    const { MUTATION_SPECS } = await import('../../../worker/mutations/index.ts');
    const ctx = { user: () => null, reportInvalid: vi.fn() } as unknown as Parameters<NonNullable<(typeof MUTATION_SPECS)['cancelClass']['apply']>>[2];
    const m = { id: 'm1', name: 'cancelClass' as const, classId: 8, cancelation_reason: 'Ill' };
    const [change] = await MUTATION_SPECS.cancelClass.apply!({ status: 'OK' }, m, ctx);
    const patched = change!.patches![0]!.apply({ id: 8, canceled: false, full_status: 'scheduled' });
    expect(patched).toMatchObject({ id: 8, canceled: true, cancelation_reason: 'Ill', full_status: 'canceled' });
    expect(() => MUTATION_SPECS.cancelClass.apply!({ data: { id: 'x' } }, m, ctx)).toThrow();
    expect(ctx.reportInvalid).toHaveBeenCalledTimes(1);
    expect(await MUTATION_SPECS.addMakeup.apply!('', { id: 'm2', name: 'addMakeup', enrollment_id: 10, date: '2026-03-11', start_time: '10:00' }, ctx)).toEqual([]);
  });
});
