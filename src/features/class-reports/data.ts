import { eq } from '@tanstack/react-db';
import { useLiveQuery, useOptionalLiveQuery } from '../../lib/engine/live-query.ts';
import { useMemo } from 'react';
import type { ClassReport, Enrollment } from '../../../db/entities.ts';
import type { EngineError } from '../../../db/engine-api.ts';
import { useListItems } from '../../lib/engine/hooks.ts';
import { classReportsCollection, enrollmentsCollection } from '../../lib/engine/tables.ts';

/** The filter's enrolments (a student's own, a teacher's taught ones); the route refreshes them. */
export function useFilterEnrollments(): Enrollment[] {
  const { data } = useLiveQuery((q) => q.from({ e: enrollmentsCollection }), []);
  return useMemo(() => [...(data ?? [])].sort((a, b) => a.id - b.id), [data]);
}

export interface ReportsList {
  reports: ClassReport[];
  hasMore: boolean;
  loading: boolean;
  /** A first page has been fetched on this device. */
  loaded: boolean;
  /** The last page asked for could not be read (`loadMore` asks again). */
  failed: EngineError | null;
  loadMore: () => void;
}

/**
 * A page-at-a-time list of reports (all, or one enrolment's), from the mirror; the first page is
 * fetched when none is stored. A saved edit shows at once: the rows are the mirror's reports.
 */
export function useReports(enrollmentId: number | null): ReportsList {
  const { items, hasMore, loading, fetched, failed, loadMore } = useListItems({ kind: 'class-reports', enrollmentId });
  return { reports: items as ClassReport[], hasMore, loading, loaded: fetched, failed, loadMore };
}

/**
 * One report from the mirror by its id (null for none, or while it is not there), whichever list
 * shows it: a dialog opened on a report keeps it while the list under it changes (another filter's
 * page arriving, a refresh).
 */
export function useClassReport(id: number | null): ClassReport | null {
  const { data } = useOptionalLiveQuery((q) => (id == null ? undefined : q.from({ r: classReportsCollection }).where(({ r }) => eq(r.id, id)).findOne()), [id]);
  return (data as ClassReport | undefined) ?? null;
}
