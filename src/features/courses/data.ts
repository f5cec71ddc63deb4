import { eq } from '@tanstack/react-db';
import { useLiveQuery } from '../../lib/collections/live-query.ts';
import { useEffect, useMemo, useState } from 'react';
import type { Result } from '../../../db/engine-api.ts';
import type { Course } from '../../../db/entities.ts';
import type { KvRow } from '../../../db/rows.ts';
import { useEngine } from '../../app/session-context.tsx';
import { coursesCollection, kvCollection } from '../../lib/collections/tables.ts';

export interface ClassDurationItem {
  text: string;
  value: number;
}

/**
 * Refreshes the catalogue in the background and says when the first answer came (ok or not), so
 * an empty mirror shows skeletons until then, and "No Results" only after.
 */
function useRefreshed(run: () => Promise<Result<null>>, deps: unknown[]): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void run().then(() => live && setDone(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return done;
}

/** The catalogue from the mirror (server order), refreshed when the screen opens. */
export function useCourses(): { courses: Course[]; loaded: boolean } {
  const engine = useEngine();
  const { data, isReady } = useLiveQuery((q) => q.from({ c: coursesCollection }));
  const fetched = useRefreshed(() => engine.refresh('courses'), [engine]);
  const courses = useMemo(() => [...(data ?? [])].sort((a, b) => a.id - b.id), [data]);
  return { courses, loaded: isReady && (courses.length > 0 || fetched) };
}

/** One course as mirrored (with the user's enrolment) and the class durations offered (GET /courses/{id} meta). */
export function useCourse(id: number): { course: Course | undefined; durations: ClassDurationItem[] } {
  const { data } = useLiveQuery((q) => q.from({ c: coursesCollection }).where(({ c }) => eq(c.id, id)));
  const { data: kv } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, 'class-duration-items')));
  const durations = ((kv?.[0] as KvRow<ClassDurationItem[]> | undefined)?.value ?? []);
  return { course: data?.[0], durations };
}
