import type { AppContext } from './context.ts';
import { bool } from '../db/index.ts';
import { serializeNotification, type NotificationRow } from './notify.ts';

export interface UserRow {
  id: number; name: string; email: string; group_id: number; kind: string; avatar: string | null;
  credits: number; loan_credits: number; can_borrow: number; max_borrow_amount: number; timezone: string;
  email_verified_at: number | null; phone: string | null; full_phone: string | null; phone_country: string | null;
  gender: string | null; date_of_birth: string | null; parent_id: number | null; referral_token: string | null;
}

export function userRow(app: AppContext, id: number): UserRow | undefined {
  return app.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export const unreadInboxCount = (app: AppContext, userId: number): number =>
  (app.db.prepare('SELECT COUNT(*) AS n FROM conversation_members WHERE user_id = ? AND seen = 0').get(userId) as { n: number }).n;

export const referralLink = (origin: string, token: string | null) => (token ? `${origin}/register?referral=${token}` : null);

/** The `User` resource of the contract (server/API.md). `origin` is the public origin for the referral link. */
export function serializeUser(app: AppContext, id: number, origin: string) {
  const u = userRow(app, id);
  if (!u) return null;
  const notifications = app.db
    .prepare('SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id LIMIT 10')
    .all(id) as NotificationRow[];
  const unread = (app.db.prepare('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL').get(id) as { n: number }).n;
  const myCourses = (app.db
    .prepare("SELECT COUNT(*) AS n FROM enrollments WHERE student_id = ? AND status NOT IN ('canceled', 'finished')")
    .get(id) as { n: number }).n;
  const isParent = (app.db.prepare('SELECT COUNT(*) AS n FROM users WHERE parent_id = ?').get(id) as { n: number }).n > 0;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    avatar: u.avatar,
    groupId: u.group_id,
    credits: u.credits,
    loan_credits: u.loan_credits,
    can_borrow: bool(u.can_borrow),
    max_borrow_amount: u.max_borrow_amount,
    timezone: u.timezone,
    notifications: notifications.map(serializeNotification),
    notifications_count: unread,
    unread_inbox_count: unreadInboxCount(app, id),
    email_verified_at: u.email_verified_at == null ? null : new Date(u.email_verified_at).toISOString(),
    my_courses: myCourses,
    referral_link: referralLink(origin, u.referral_token),
    phone: u.phone,
    full_phone: u.full_phone,
    phone_country: u.phone_country,
    gender: u.gender,
    date_of_birth: u.date_of_birth,
    is_parent: isParent,
    // A child account (made by a parent) cannot make accounts of its own: the client hides New Account.
    is_child: u.parent_id != null,
  };
}

export const personRef = (u: { id: number; name: string; avatar: string | null } | null | undefined) =>
  u ? { id: u.id, name: u.name, avatar: u.avatar } : null;
