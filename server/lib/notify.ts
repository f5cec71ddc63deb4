import crypto from 'node:crypto';
import type { AppContext } from './context.ts';
import { broadcastDataChanged } from '../realtime/events.ts';
import { localDate } from './time.ts';

/** The notification types the spec names. */
export type NotificationType =
  | 'ticket_reply' | 'admin_message' | 'course_enrolled' | 'course_finished' | 'finish_enrollment_request'
  | 'enrollment_approved' | 'teacher_enrollment_approved' | 'enrollment_action_needed' | 'recharge_completed'
  | 'borrow_balance' | 'class_canceled' | 'class_rescheduled' | 'class_rescheduled_rejected';

export function notify(
  app: AppContext,
  userId: number,
  type: NotificationType,
  title: string,
  content: string,
  refs: { course_id?: number | null; course_class_id?: number | null } = {},
): string {
  const id = crypto.randomUUID();
  app.db
    .prepare(
      `INSERT INTO notifications (id, user_id, type, title, content, course_id, course_class_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, userId, type, title, content, refs.course_id ?? null, refs.course_class_id ?? null, app.now());
  return id;
}

export interface NotificationRow {
  id: string; type: string; title: string; content: string;
  course_id: number | null; course_class_id: number | null; read_at: number | null; created_at: number;
}

export const serializeNotification = (n: NotificationRow) => ({
  id: n.id,
  read: n.read_at != null,
  created_at: new Date(n.created_at).toISOString(),
  data: { type: n.type, title: n.title, content: n.content, course_id: n.course_id, course_class_id: n.course_class_id },
});

/** A party to tell: user id and timezone (the hint's dates are in it, as the user's calendar is). */
export interface HintTarget { id: number; tz: string }

/**
 * Tells `to` (another party than the actor) that their home and the given classes changed, so an
 * open screen shows it at once instead of at the next poll. Each class names the instants it
 * started at before and after the change; the hint carries them as local dates. Call it after the
 * transaction committed: the client re-reads at once.
 */
export function hintChanged(
  app: AppContext, to: HintTarget | null | undefined, reason: string,
  classes: { id: number; startsAt: readonly number[] }[], home = true,
): void {
  if (!to) return;
  broadcastDataChanged(app, to.id, {
    reason,
    home,
    classes: classes.map((k) => ({ id: k.id, dates: [...new Set(k.startsAt.map((ms) => localDate(ms, to.tz)))] })),
  });
}
