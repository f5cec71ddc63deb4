import type { Child, Enrollment, EnrollmentRef } from '../../../db/entities.ts';

/**
 * Who another user is to me, as far as the mirror knows. There is no server call for another
 * user's profile (GET /user is oneself only), so a person is known only through what the device
 * already holds: enrolments (teacher and student refs), classes, class reports, reschedule
 * requests, and a parent's child accounts. Pure, so the page and its tests share it.
 */

/** `my-*`: the enrolment is between the two of us; plain `teacher`/`student`: it is someone else's (a child's, say). */
export type Relation = 'child' | 'my-teacher' | 'my-student' | 'teacher' | 'student';

/** Each relation's label, as a catalogue id (src/lib/i18n/en/profile.ts). */
export const RELATION_LABEL = {
  child: 'profile.yourChild',
  'my-teacher': 'profile.yourTeacher',
  'my-student': 'profile.yourStudent',
  teacher: 'profile.teacher',
  student: 'profile.student',
} as const satisfies Readonly<Record<Relation, string>>;

export interface SharedCourse {
  key: string;
  course: { id: number; name: string };
  /** The enrolment's status when the mirror holds the whole enrolment; refs from classes and reports carry none. */
  status: string | null;
  /** I am the enrolment's student: the course page is mine to open. */
  mine: boolean;
}

export interface KnownPerson {
  id: number;
  name: string;
  avatar: string | null;
  relations: Relation[];
  /** Set when the person is one of my child accounts (their balance is mine to see). */
  child: Child | null;
  courses: SharedCourse[];
}

type Pairing = Pick<EnrollmentRef, 'course' | 'student' | 'teacher'>;

export interface PeopleSources {
  /** Whole enrolments (my-enrollments, the home document, courses), each carrying a status. */
  enrollments: readonly Enrollment[];
  /** Enrolment refs and report pairings (classes, class reports, reschedule requests): no status. */
  pairings: readonly Pairing[];
  children: readonly Child[];
}

const pairKey = (p: Pairing) => `${p.course.id}:${p.student.id}:${p.teacher?.id ?? 0}`;
const newestFirst = (a: Enrollment, b: Enrollment) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id - a.id;

/** Everything the mirror says about person `id` from where `me` stands, or null when it says nothing. */
export function findPerson(id: number, meId: number, sources: PeopleSources): KnownPerson | null {
  if (id === meId) return null;
  const child = sources.children.find((c) => c.id === id) ?? null;
  let name = child?.name ?? null;
  let avatar = child?.avatar ?? null;
  const relations = new Set<Relation>(child ? ['child'] : []);
  const courses = new Map<string, SharedCourse>();

  // Whole enrolments first, newest first: a re-enrolment's status wins over the finished one's.
  const all: (Pairing & { status?: string })[] = [...[...sources.enrollments].sort(newestFirst), ...sources.pairings];
  for (const p of all) {
    const asStudent = p.student.id === id;
    const asTeacher = p.teacher?.id === id;
    if (!asStudent && !asTeacher) continue;
    const ref = asStudent ? p.student : p.teacher!;
    name ??= ref.name;
    avatar ??= ref.avatar ?? null;
    if (asStudent) relations.add(p.teacher?.id === meId ? 'my-student' : 'student');
    if (asTeacher) relations.add(p.student.id === meId ? 'my-teacher' : 'teacher');
    const key = pairKey(p);
    if (!courses.has(key)) {
      courses.set(key, { key, course: { id: p.course.id, name: p.course.name }, status: p.status ?? null, mine: p.student.id === meId });
    }
  }
  if (name === null) return null;

  // "Teacher" next to "Your teacher" (or "Student" next to "Your child") says nothing more.
  const specific = relations.has('child') || relations.has('my-teacher') || relations.has('my-student');
  const order: Relation[] = ['child', 'my-teacher', 'my-student', 'teacher', 'student'];
  return {
    id,
    name,
    avatar,
    relations: order.filter((r) => relations.has(r) && (!specific || r === 'child' || r.startsWith('my-'))),
    child,
    courses: [...courses.values()].sort((a, b) => a.course.name.localeCompare(b.course.name)),
  };
}

/** A route id as a user id: a positive whole number written in digits, else null. */
export function parseProfileId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
