import crypto from 'node:crypto';
import type { DB } from '../db/index.ts';
import { hashPasswordSync } from '../lib/auth.ts';

/**
 * Row builders shared by the seed generator and the tests: one place that knows how to make a
 * valid user, course, enrolment, class, conversation or message. Each returns the new id.
 */

let cachedHash: string | null = null;
/** Hashing is slow on purpose; the seed reuses one hash of "password" for its many users. */
export const passwordHash = (pw = 'password') => (pw === 'password' ? (cachedHash ??= hashPasswordSync(pw)) : hashPasswordSync(pw));

export interface UserInput {
  name: string; email: string; password?: string; group_id?: 0 | 1; kind?: 'user' | 'support' | 'admin';
  avatar?: string | null; credits?: number; loan_credits?: number; can_borrow?: boolean; max_borrow_amount?: number;
  timezone?: string; verified?: boolean; phone?: string; full_phone?: string; phone_country?: string;
  gender?: 'male' | 'female'; date_of_birth?: string; parent_id?: number | null; referred_by?: number | null;
  teacher_hourly_price?: number; created_at?: number;
}

export function createUser(db: DB, u: UserInput, now = Date.now()): number {
  const r = db
    .prepare(
      `INSERT INTO users (name, email, password_hash, group_id, kind, avatar, credits, loan_credits, can_borrow,
        max_borrow_amount, timezone, email_verified_at, phone, full_phone, phone_country, gender, date_of_birth,
        parent_id, referral_token, referred_by, teacher_hourly_price, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      u.name, u.email, passwordHash(u.password ?? 'password'), u.group_id ?? 0, u.kind ?? 'user', u.avatar ?? null,
      u.credits ?? 0, u.loan_credits ?? 0, u.can_borrow === false ? 0 : 1, u.max_borrow_amount ?? 50,
      u.timezone ?? 'Africa/Cairo', u.verified === false ? null : (u.created_at ?? now), u.phone ?? null,
      u.full_phone ?? null, u.phone_country ?? null, u.gender ?? null, u.date_of_birth ?? null, u.parent_id ?? null,
      crypto.randomBytes(8).toString('hex'), u.referred_by ?? null, u.teacher_hourly_price ?? 5, u.created_at ?? now,
    );
  return Number(r.lastInsertRowid);
}

export function createCategory(db: DB, name: string): number {
  return Number(db.prepare('INSERT INTO categories (name) VALUES (?)').run(name).lastInsertRowid);
}

export interface CourseInput {
  name: string; category_id: number; hourly_price: number; description?: string; image_url?: string | null;
  details_url?: string | null; featured?: boolean; status?: string;
}
export function createCourse(db: DB, c: CourseInput): number {
  return Number(
    db
      .prepare(
        `INSERT INTO courses (name, description, image_url, category_id, details_url, hourly_price, featured, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(c.name, c.description ?? '', c.image_url ?? null, c.category_id, c.details_url ?? null, c.hourly_price,
        c.featured ? 1 : 0, c.status ?? 'active').lastInsertRowid,
  );
}

export interface EnrollmentInput {
  student_id: number; course_id: number; teacher_id?: number | null; status?: string; admin_comment?: string | null;
  class_duration?: number; weekly_classes?: number; start_day?: string; comment?: string | null;
  preferred_days?: number[]; schedule?: { day: number; from: string; to: string }[]; hourly_price?: number | null;
  finish_requested?: boolean; created_at?: number;
}
export function createEnrollment(db: DB, e: EnrollmentInput, now = Date.now()): number {
  return Number(
    db
      .prepare(
        `INSERT INTO enrollments (student_id, teacher_id, course_id, status, admin_comment, class_duration, weekly_classes,
          start_day, comment, preferred_days, schedule, hourly_price, finish_requested, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        e.student_id, e.teacher_id ?? null, e.course_id, e.status ?? 'pending', e.admin_comment ?? null,
        e.class_duration ?? 60, e.weekly_classes ?? 2, e.start_day ?? new Date(now + 86400000).toISOString().slice(0, 10),
        e.comment ?? null, JSON.stringify(e.preferred_days ?? [0, 2]),
        JSON.stringify(e.schedule ?? [{ day: 0, from: '17:00', to: '18:00' }, { day: 2, from: '17:00', to: '18:00' }]),
        e.hourly_price ?? null, e.finish_requested ? 1 : 0, e.created_at ?? now, e.created_at ?? now,
      ).lastInsertRowid,
  );
}

export interface ClassInput {
  enrollment_id: number; start_at: number; duration?: number; name?: string | null; series_key?: string | null;
  is_trial?: boolean; makeup?: boolean; rescheduled?: boolean; attended?: boolean; absent?: boolean; canceled?: boolean;
  cancelation_reason?: string | null; paid?: boolean; charged_amount?: number | null; join_url?: string | null;
  teacher_joined_at?: number | null; delay_minutes?: number | null;
}
export function createClass(db: DB, k: ClassInput, now = Date.now()): number {
  return Number(
    db
      .prepare(
        `INSERT INTO classes (enrollment_id, name, start_at, duration, series_key, is_trial, makeup, rescheduled, attended,
          absent, canceled, cancelation_reason, paid, charged_amount, join_url, url_added_at, teacher_joined_at,
          delay_minutes, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        k.enrollment_id, k.name ?? null, k.start_at, k.duration ?? 60, k.series_key ?? null, k.is_trial ? 1 : 0,
        k.makeup ? 1 : 0, k.rescheduled ? 1 : 0, k.attended ? 1 : 0, k.absent ? 1 : 0, k.canceled ? 1 : 0,
        k.cancelation_reason ?? null, k.paid ? 1 : 0, k.charged_amount ?? null, k.join_url ?? null,
        k.join_url ? now : null, k.teacher_joined_at ?? null, k.delay_minutes ?? null, now,
      ).lastInsertRowid,
  );
}

export function createConversation(
  db: DB,
  c: { title: string; avatar?: string | null; closed?: boolean; members: number[]; created_at?: number },
  now = Date.now(),
): number {
  const at = c.created_at ?? now;
  const id = Number(
    db.prepare('INSERT INTO conversations (title, avatar, closed, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(c.title, c.avatar ?? null, c.closed ? 1 : 0, at, at).lastInsertRowid,
  );
  const add = db.prepare('INSERT INTO conversation_members (conversation_id, user_id, seen) VALUES (?, ?, 1)');
  for (const m of c.members) add.run(id, m);
  return id;
}

/** Adds a message and moves the conversation's last activity; other members see it unread. */
export function addMessage(
  db: DB,
  m: { conversation_id: number; sender_id: number; type?: 'text' | 'image' | 'audio' | 'video'; text?: string | null;
    image_url?: string | null; audio?: string | null; download?: string | null; client_key?: string | null; created_at?: number },
  now = Date.now(),
): number {
  const at = m.created_at ?? now;
  const id = Number(
    db.prepare(
      `INSERT INTO messages (conversation_id, sender_id, type, text, image_url, audio, download, client_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(m.conversation_id, m.sender_id, m.type ?? 'text', m.text ?? null, m.image_url ?? null, m.audio ?? null,
      m.download ?? null, m.client_key ?? null, at).lastInsertRowid,
  );
  db.prepare('UPDATE conversations SET updated_at = MAX(updated_at, ?) WHERE id = ?').run(at, m.conversation_id);
  db.prepare('UPDATE conversation_members SET seen = CASE WHEN user_id = ? THEN 1 ELSE 0 END WHERE conversation_id = ?')
    .run(m.sender_id, m.conversation_id);
  return id;
}
