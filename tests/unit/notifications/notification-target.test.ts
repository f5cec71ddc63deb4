import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../db/entities.ts';
import { notificationTarget } from '../../../src/features/notifications/notification-target.ts';
import { parseClassParam } from '../../../src/features/classes/class-link.ts';

const note = (data: Partial<Notification['data']> & Record<string, unknown>): Notification => ({
  id: 'n1', read: false, created_at: '2026-01-01T00:00:00.000Z',
  data: { type: 'admin_message', title: 't', content: 'c', course_id: null, course_class_id: null, ...data },
});

/** The payloads the reference server writes (server/lib/notify.ts, server/routes/classes.ts, the seed). */
describe('where a notification leads', () => {
  it('a class notification opens that class over the calendar, for either party', () => {
    for (const type of ['class_canceled', 'class_rescheduled', 'class_rescheduled_rejected']) {
      expect(notificationTarget(note({ type, course_id: 3, course_class_id: 41 }), 'student')).toBe('/calendar?class=41');
      expect(notificationTarget(note({ type, course_id: 3, course_class_id: 41 }), 'teacher')).toBe('/calendar?class=41');
    }
  });
  it('a class notification without a usable class id opens the calendar', () => {
    expect(notificationTarget(note({ type: 'class_canceled' }), 'student')).toBe('/calendar');
    expect(notificationTarget(note({ type: 'class_canceled', course_class_id: null, course_id: 3 }), 'student')).toBe('/calendar');
    expect(notificationTarget(note({ type: 'class_canceled', course_class_id: -2 as never }), 'teacher')).toBe('/calendar');
  });
  it('a reply opens its conversation when it names one, else the inbox', () => {
    expect(notificationTarget(note({ type: 'ticket_reply', conversation_id: 9 }), 'student')).toBe('/inbox?c=9');
    expect(notificationTarget(note({ type: 'ticket_reply' }), 'student')).toBe('/inbox');
    expect(notificationTarget(note({ type: 'admin_message', conversation_id: 'x' }), 'teacher')).toBe('/inbox');
  });
  it('a course notification opens the course for a student, the dashboard for a teacher', () => {
    expect(notificationTarget(note({ type: 'course_enrolled', course_id: 7 }), 'student')).toBe('/courses/7');
    expect(notificationTarget(note({ type: 'enrollment_action_needed', course_id: 7 }), 'student')).toBe('/courses/7');
    expect(notificationTarget(note({ type: 'teacher_enrollment_approved', course_id: 7 }), 'teacher')).toBe('/home');
  });
  it('wallet notifications open the wallet (students only); an unknown type leads nowhere', () => {
    expect(notificationTarget(note({ type: 'borrow_balance' }), 'student')).toBe('/wallet');
    expect(notificationTarget(note({ type: 'recharge_completed' }), 'teacher')).toBeNull();
    expect(notificationTarget(note({ type: 'something_new' }), 'student')).toBeNull();
  });
});

describe('the class in the address', () => {
  it('reads a positive integer id, and says when the query is not one', () => {
    expect(parseClassParam(null)).toBeNull();
    expect(parseClassParam('12')).toBe(12);
    expect(parseClassParam('0')).toBe('invalid');
    expect(parseClassParam('-3')).toBe('invalid');
    expect(parseClassParam('12abc')).toBe('invalid');
    expect(parseClassParam('')).toBe('invalid');
    expect(parseClassParam('99999999999999999999')).toBe('invalid');
  });
});
