import { eq } from '@tanstack/react-db';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { useMemo } from 'react';
import type { Course } from '../../../db/entities.ts';
import type { KvRow } from '../../../db/rows.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { loadPhase, type LoadPhase } from '../../components/ui/load-phase.ts';
import { coursesCollection, kvCollection } from '../../lib/engine/tables.ts';

export interface ClassDurationItem {
  text: string;
  value: number;
}

/**
 * The catalogue from the mirror (server order); the route refreshes it when the screen is shown.
 * An empty mirror shows skeletons while the refresh is in flight, "No Results" only once the
 * server answered, and the error when it failed.
 */
export function useCourses(): { courses: Course[]; phase: LoadPhase } {
  const { data, isReady } = useLiveQuery((q) => q.from({ c: coursesCollection }), []);
  const { settled, failed } = useRouteData();
  const courses = useMemo(() => [...(data ?? [])].sort((a, b) => a.id - b.id), [data]);
  return { courses, phase: loadPhase({ ready: isReady, hasData: courses.length > 0, answered: settled && !failed, failed: !!failed }) };
}

/** One course as mirrored (with the user's enrolment) and the class durations offered (GET /courses/{id} meta). */
export function useCourse(id: number): { course: Course | undefined; durations: ClassDurationItem[] } {
  const { data } = useLiveQuery((q) => q.from({ c: coursesCollection }).where(({ c }) => eq(c.id, id)), [id]);
  const { data: kv } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, 'class-duration-items')), []);
  const durations = ((kv?.[0] as KvRow<ClassDurationItem[]> | undefined)?.value ?? []);
  return { course: data?.[0], durations };
}
