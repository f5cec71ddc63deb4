import type { Course } from '../../../db/entities.ts';

/** Filtering of the catalogue, run on every keystroke over the mirrored courses (no network). */

export const ALL_CATEGORIES = 'all';

export interface Category {
  id: number;
  name: string;
}

/** The categories the courses belong to, each once, by name. */
export function categoriesOf(courses: readonly Pick<Course, 'category_id' | 'category_name'>[]): Category[] {
  const seen = new Map<number, string>();
  for (const c of courses) if (!seen.has(c.category_id)) seen.set(c.category_id, c.category_name);
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

const norm = (s: string) => s.trim().toLocaleLowerCase();

/** Courses whose name or category name contains the text (case-insensitive), in the chosen category. */
export function filterCourses<T extends Pick<Course, 'name' | 'category_id' | 'category_name'>>(
  courses: readonly T[],
  query: string,
  category: number | typeof ALL_CATEGORIES,
): T[] {
  const q = norm(query);
  return courses.filter(
    (c) =>
      (category === ALL_CATEGORIES || c.category_id === category) &&
      (!q || norm(c.name).includes(q) || norm(c.category_name).includes(q)),
  );
}
