import { and, gte, lt, useLiveQuery } from '@tanstack/react-db';
import { useEffect } from 'react';
import type { Class } from '../../../db/entities.ts';
import { calendarMonthsCollection, classesCollection, getEngine } from '../../lib/collections/index.ts';

/**
 * Keeps the months on screen polled by the engine (one poll per month for the whole browser,
 * however many tabs show it) while the calendar shows them. `loaded` once the mirror has every
 * month at least once.
 */
export function useWatchedMonths(months: string[]): { loaded: boolean } {
  const key = months.join(',');
  useEffect(() => {
    if (!key) return;
    const client = getEngine();
    const keys = key.split(',').map((month) => ({ kind: 'calendar' as const, month }));
    for (const k of keys) void client.watch(k);
    return () => {
      for (const k of keys) void client.unwatch(k);
    };
  }, [key]);
  const { data } = useLiveQuery((q) => q.from({ m: calendarMonthsCollection }));
  const have = new Set(((data ?? []) as { month: string }[]).map((r) => r.month));
  return { loaded: months.every((m) => have.has(m)) };
}

/** The classes starting in [startIso, endIso) from the mirror (ISO UTC strings compare in time order). */
export function useCalendarClasses(startIso: string | null, endIso: string | null): Class[] {
  const { data } = useLiveQuery(
    (q) =>
      q
        .from({ c: classesCollection })
        .where(({ c }) => and(gte(c.start_datetime, startIso ?? '9999'), lt(c.start_datetime, endIso ?? '0000'))),
    [startIso, endIso],
  );
  return (data ?? []) as Class[];
}
