import { useMemo } from 'react';
import { useRouteData } from '../../app/route-data.tsx';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import type { ScheduleRow } from '../../../db/entities.ts';
import { teacherScheduleCollection } from '../../lib/engine/index.ts';

/**
 * The saved working hours, live from the mirror (a save shows at once, also while it waits in the
 * outbox). Opening the screen refreshes them in the background; `error` when that failed online.
 */
export function useTeacherSchedule(): { rows: ScheduleRow[]; loaded: boolean; error: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ s: teacherScheduleCollection }));
  const { settled, failed } = useRouteData();
  const rows = useMemo(() => [...(data ?? [])].sort((a, b) => a.key - b.key), [data]);
  // What the mirror holds shows at once; a failed refresh only matters when there is nothing to show.
  return { rows, loaded: isReady && (rows.length > 0 || settled), error: rows.length === 0 && failed !== null };
}
