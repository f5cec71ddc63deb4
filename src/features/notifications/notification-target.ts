import type { Notification } from '../../../db/entities.ts';
import { classLink, conversationLink, courseLink } from '../../lib/links.ts';

const idOf = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);

/**
 * Where a notification leads when chosen, or null: to the item it is about. A class's notification
 * (canceled, a reschedule asked, approved or rejected) opens the class's dialog over the calendar; a
 * reply opens its conversation when the notification names one (the reference server's replies and
 * admin messages name none: they open the inbox); a course's opens the course (a teacher has no
 * course page: the dashboard). Pure, so it is tested without a DOM.
 */
export function notificationTarget(n: Notification, role: 'student' | 'teacher'): string | null {
  const { type } = n.data;
  const classId = idOf(n.data.course_class_id);
  const courseId = idOf(n.data.course_id);
  const conversationId = idOf((n.data as { conversation_id?: unknown }).conversation_id);
  if (type === 'ticket_reply' || type === 'admin_message') return conversationId ? conversationLink(conversationId) : '/inbox';
  if (type === 'recharge_completed' || type === 'borrow_balance') return role === 'student' ? '/wallet' : null;
  if (classId) return classLink(classId);
  if (type.startsWith('class_')) return '/calendar';
  if (courseId) return role === 'student' ? courseLink(courseId) : '/home';
  return null;
}

/** The first 10 unless all were asked for (spec section 2.11). */
export const NOTIFICATIONS_FIRST = 10;
export const MARK_READ_DELAY = 2000;
export const visibleNotifications = (all: Notification[], showAll: boolean) => (showAll ? all : all.slice(0, NOTIFICATIONS_FIRST));
