import type { Enrollment } from '../../../db/entities.ts';

/**
 * TEMPORARY: the user's enrolments from the mirror, to be wired to the engine's collections
 * (src/lib/collections) once they land. The screen reads only through this hook.
 */
export function useMyEnrollments(): { enrollments: Enrollment[]; loaded: boolean } {
  return { enrollments: [], loaded: false };
}
