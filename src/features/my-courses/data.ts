import { useLiveQuery } from '../../lib/collections/live-query.ts';
import { useEffect, useMemo, useState } from 'react';
import type { Enrollment } from '../../../db/entities.ts';
import { useEngine } from '../../app/session-context.tsx';
import { enrollmentsCollection } from '../../lib/collections/tables.ts';

/**
 * The user's enrolments from the mirror, newest first, refreshed (GET /my-enrollments) when the
 * screen opens. `loaded` once the mirror has some or the first refresh answered.
 */
export function useMyEnrollments(): { enrollments: Enrollment[]; loaded: boolean } {
  const engine = useEngine();
  const { data, isReady } = useLiveQuery((q) => q.from({ e: enrollmentsCollection }));
  const [fetched, setFetched] = useState(false);
  useEffect(() => {
    let live = true;
    void engine.refresh('my-enrollments').then(() => live && setFetched(true));
    return () => {
      live = false;
    };
  }, [engine]);
  const enrollments = useMemo(
    () => [...(data ?? [])].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id - a.id),
    [data],
  );
  return { enrollments, loaded: isReady && (enrollments.length > 0 || fetched) };
}
