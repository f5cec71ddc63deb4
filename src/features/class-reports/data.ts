import type { Result } from '../../../db/engine-api.ts';
import type { ClassReport, Enrollment } from '../../../db/entities.ts';

/**
 * TEMPORARY: the live reads of the class reports screen, to be wired to the engine's collections
 * (src/lib/collections) once they land. The screen reads only through these hooks.
 */
export function useFilterEnrollments(): Enrollment[] {
  return [];
}

export interface ReportsList {
  reports: ClassReport[];
  hasMore: boolean;
  /** A first page has been fetched (or the mirror holds one). */
  loaded: boolean;
  loadMore: () => Promise<Result<{ hasMore: boolean }>>;
}

export function useReports(_enrollmentId: number | null): ReportsList {
  return { reports: [], hasMore: false, loaded: false, loadMore: async () => ({ ok: true, data: { hasMore: false } }) };
}
