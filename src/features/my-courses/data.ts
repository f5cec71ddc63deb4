import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { useMemo } from 'react';
import type { Enrollment } from '../../../db/entities.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { loadPhase, type LoadPhase } from '../../components/ui/load-phase.ts';
import { enrollmentsCollection } from '../../lib/engine/tables.ts';

/**
 * The user's enrolments from the mirror, newest first, refreshed (GET /my-enrollments) when the
 * screen opens. None mirrored: loading while that refresh is in flight, "none" only once the
 * server said so, the error when it failed.
 */
export function useMyEnrollments(): { enrollments: Enrollment[]; phase: LoadPhase } {
  const { data, isReady } = useLiveQuery((q) => q.from({ e: enrollmentsCollection }), []);
  const { settled, failed } = useRouteData();
  const enrollments = useMemo(
    () => [...(data ?? [])].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id - a.id),
    [data],
  );
  return { enrollments, phase: loadPhase({ ready: isReady, hasData: enrollments.length > 0, answered: settled && !failed, failed: !!failed }) };
}
