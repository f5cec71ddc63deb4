import { useMemo } from 'react';
import { useRouteData } from '../../app/route-data.tsx';
import { loadPhase, type LoadPhase } from '../../components/ui/load-phase.ts';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import type { ScheduleRow } from '../../../db/entities.ts';
import { teacherScheduleCollection } from '../../lib/engine/index.ts';

/**
 * The saved working hours, live from the mirror (a save shows at once, also while it waits in the
 * outbox). Opening the screen refreshes them in the background: `phase` says whether there is
 * something to edit (`data`, or `empty` once the server said none), and `failed` whether that
 * refresh failed, with rows mirrored or not (spec: "working hours load").
 */
export function useTeacherSchedule(): { rows: ScheduleRow[]; phase: LoadPhase; failed: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ s: teacherScheduleCollection }), []);
  const { settled, failed } = useRouteData();
  const rows = useMemo(() => [...(data ?? [])].sort((a, b) => a.key - b.key), [data]);
  return { rows, phase: loadPhase({ ready: isReady, hasData: rows.length > 0, answered: settled && !failed, failed: !!failed }), failed: !!failed };
}
