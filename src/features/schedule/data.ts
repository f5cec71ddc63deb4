import type { ScheduleRow } from '../../../db/entities.ts';

/** TEMPORARY: the saved working hours from the mirror; wired to the engine's collections once they land. */
export function useTeacherSchedule(): { rows: ScheduleRow[]; loaded: boolean; error: boolean } {
  return { rows: [], loaded: true, error: false };
}
