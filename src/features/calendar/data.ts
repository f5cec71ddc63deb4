import type { Class } from '../../../db/entities.ts';

/** TEMPORARY: wired to the engine (watch) and the classes collection once they land. */
export function useWatchedMonths(_months: string[]): { loaded: boolean } {
  return { loaded: true };
}

export function useCalendarClasses(_startIso: string | null, _endIso: string | null): Class[] {
  return [];
}
