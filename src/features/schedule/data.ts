import { useLiveQuery } from '@tanstack/react-db';
import { useEffect, useState } from 'react';
import type { ScheduleRow } from '../../../db/entities.ts';
import { getEngine, teacherScheduleCollection } from '../../lib/collections/index.ts';

/** The saved working hours from the mirror, refreshed in the background when the screen opens. */
export function useTeacherSchedule(): { rows: ScheduleRow[]; loaded: boolean; error: boolean } {
  const { data } = useLiveQuery((q) => q.from({ s: teacherScheduleCollection }));
  const rows = (data ?? []) as ScheduleRow[];
  const [state, setState] = useState<{ done: boolean; failed: boolean }>({ done: false, failed: false });
  useEffect(() => {
    let live = true;
    void getEngine()
      .refresh('teacher-schedule')
      .then((r) => live && setState({ done: true, failed: !r.ok }));
    return () => {
      live = false;
    };
  }, []);
  // What the mirror holds shows at once; a failed refresh only matters when there is nothing to show.
  return { rows, loaded: rows.length > 0 || state.done, error: rows.length === 0 && state.failed };
}
