import type { Enrollment } from '../../../db/entities.ts';

const norm = (s: string | null | undefined) => (s ?? '').trim().toLocaleLowerCase();

/** The user's enrolments whose course, category or teacher name contains the text (case-insensitive). */
export function filterEnrollments<T extends Pick<Enrollment, 'course' | 'teacher'>>(items: readonly T[], query: string): T[] {
  const q = norm(query);
  if (!q) return [...items];
  return items.filter((e) => [e.course.name, e.course.category_name, e.teacher?.name].some((s) => norm(s).includes(q)));
}
