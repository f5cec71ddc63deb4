import type { Notification } from '../../../db/entities.ts';

/** Where a notification leads when chosen, or null. Pure, so it is tested without a DOM. */
export function notificationTarget(n: Notification, role: 'student' | 'teacher'): string | null {
  const { type, course_id, course_class_id } = n.data;
  if (type === 'ticket_reply' || type === 'admin_message') return '/inbox';
  if (type === 'recharge_completed' || type === 'borrow_balance') return role === 'student' ? '/wallet' : null;
  if (course_class_id || type.startsWith('class_')) return '/calendar';
  if (course_id) return role === 'student' ? `/courses/${course_id}` : '/home';
  return null;
}

/** The first 10 unless all were asked for (spec section 2.11). */
export const NOTIFICATIONS_FIRST = 10;
export const MARK_READ_DELAY = 2000;
export const visibleNotifications = (all: Notification[], showAll: boolean) => (showAll ? all : all.slice(0, NOTIFICATIONS_FIRST));
