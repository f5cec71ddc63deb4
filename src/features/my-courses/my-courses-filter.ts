import type { Enrollment } from '../../../db/entities.ts';

const norm = (s: string | null | undefined) => (s ?? '').trim().toLocaleLowerCase();

/** The user's enrolments whose course, category or teacher name contains the text (case-insensitive). */
export function filterEnrollments<T extends Pick<Enrollment, 'course' | 'teacher'>>(items: readonly T[], query: string): T[] {
  const q = norm(query);
  if (!q) return [...items];
  return items.filter((e) => [e.course.name, e.course.category_name, e.teacher?.name].some((s) => norm(s).includes(q)));
}

/**
 * The one definition of "my courses": the enrolments still running or on their way (any status
 * but finished and canceled). The dashboard's count and the My Courses list both use it, and so
 * does the server (enrollments_count, user.my_courses). Finished and canceled ones are listed apart.
 */
export const isCurrentEnrollment = (e: Pick<Enrollment, 'status'>) => e.status !== 'finished' && e.status !== 'canceled';

/** How many of the enrolments count as my courses. */
export const countMyCourses = (items: readonly Pick<Enrollment, 'status'>[]) => items.filter(isCurrentEnrollment).length;
