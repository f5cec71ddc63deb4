import { t, type MessageId } from '../../../src/lib/i18n/index.ts';
import { describe, expect, it } from 'vitest';
import { badgeCount, bottomNav, GUEST_MENU, sideMenu, STUDENT_MENU, TEACHER_MENU } from '../../../src/components/layout/menu-items.ts';
import { notificationTarget, visibleNotifications } from '../../../src/features/notifications/notification-target.ts';
import { passwordChangeError } from '../../../src/features/settings/password-rules.ts';
import { parseCountry } from '../../../src/lib/geo.ts';
import type { Notification } from '../../../db/entities.ts';

const labels = (items: readonly { label: MessageId }[]) => items.map((i) => t(i.label));

describe('menus', () => {
  it('lists the student, teacher and guest menus in the spec order', () => {
    expect(labels(STUDENT_MENU)).toEqual([
      'Dashboard', 'Inbox', 'Calendar', 'My Courses', 'Course Catalog', 'Account Wallet', 'Class Reports',
      'Transactions History', 'My Family', 'Refer A Friend', 'Contact Us', 'Settings',
    ]);
    expect(labels(TEACHER_MENU)).toEqual([
      'Dashboard', 'Inbox', 'Coming Classes', 'Classes History', 'Calendar', 'Class Reports', 'Working Hours',
      'Salary Report', 'Previous Salary', 'Contact Us', 'Settings',
    ]);
    expect(labels(GUEST_MENU)).toEqual(['Sign Up', 'Sign In', 'About Us', 'Contact Us']);
    expect(GUEST_MENU.find((i) => t(i.label) === 'About Us')?.external).toBe(true);
    expect(sideMenu(null)).toBe(GUEST_MENU);
    expect(STUDENT_MENU.find((i) => t(i.label) === 'Inbox')?.unread).toBe(true);
  });
  it('shows Wallet in the bottom navigation only when enable_app_wallet is on', () => {
    expect(labels(bottomNav('student', true))).toEqual(['Home', 'My Courses', 'Calendar', 'Wallet', 'Inbox', 'Help']);
    expect(labels(bottomNav('student', false))).toEqual(['Home', 'My Courses', 'Calendar', 'Inbox', 'Help']);
    expect(bottomNav('teacher', true).some((i) => i.to === '/wallet' || i.to === '/my-courses')).toBe(false);
  });
  it('caps badges at +99', () => {
    expect(badgeCount(5)).toBe('5');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('+99');
  });
});

const note = (i: number, data: Partial<Notification['data']> = {}): Notification => ({
  id: `n${i}`, read: false, created_at: new Date(2026, 0, i + 1).toISOString(),
  data: { type: 'admin_message', title: 't', content: 'c', course_id: null, course_class_id: null, ...data },
});

describe('notifications', () => {
  it('shows the first 10 unless all are asked for', () => {
    const all = Array.from({ length: 14 }, (_, i) => note(i));
    expect(visibleNotifications(all, false)).toHaveLength(10);
    expect(visibleNotifications(all, true)).toHaveLength(14);
  });
  it('leads to the page of the notification', () => {
    expect(notificationTarget(note(0, { type: 'ticket_reply' }), 'student')).toBe('/inbox');
    expect(notificationTarget(note(0, { type: 'class_canceled', course_class_id: 4 }), 'teacher')).toBe('/calendar?class=4');
    expect(notificationTarget(note(0, { type: 'course_enrolled', course_id: 7 }), 'student')).toBe('/courses/7');
    expect(notificationTarget(note(0, { type: 'recharge_completed' }), 'student')).toBe('/wallet');
  });
});

describe('geo and password rules', () => {
  it('reads the country of the trace reply', () => {
    expect(parseCountry('ip=1.2.3.4\nloc=EG\n')).toBe('EG');
    expect(parseCountry('fl=1\nloc=us\nts=1')).toBe('US');
    expect(parseCountry('nothing')).toBeNull();
    expect(parseCountry(null)).toBeNull();
  });
  it('checks the change-password form', () => {
    expect(passwordChangeError('', '')).toBe('Fill required inputs');
    expect(passwordChangeError('abc', 'abd')).toBe('Passwords do not match');
    expect(passwordChangeError('abc', 'abc')).toBeNull();
  });
});
