import type { Course } from '../../../db/entities.ts';

export interface ClassDurationItem {
  text: string;
  value: number;
}

/**
 * TEMPORARY: the live reads of the course screens, to be wired to the engine's collections
 * (src/lib/collections) once they land. Every screen reads only through these hooks.
 */
export function useCourses(): { courses: Course[]; loaded: boolean } {
  return { courses: [], loaded: false };
}

export function useCourse(_id: number): { course: Course | undefined; durations: ClassDurationItem[] } {
  return { course: undefined, durations: [] };
}
