import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { useMemo } from 'react';
import type { Enrollment } from '../../../db/entities.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { enrollmentsCollection } from '../../lib/engine/tables.ts';

/**
 * The user's enrolments from the mirror, newest first, refreshed (GET /my-enrollments) when the
 * screen opens. `loaded` once the mirror has some or the first refresh answered.
 */
export function useMyEnrollments(): { enrollments: Enrollment[]; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ e: enrollmentsCollection }));
  const fetched = useRouteData().settled;
  const enrollments = useMemo(
    () => [...(data ?? [])].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id - a.id),
    [data],
  );
  return { enrollments, loaded: isReady && (enrollments.length > 0 || fetched) };
}
