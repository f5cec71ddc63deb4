import { useEffect, useMemo } from 'react';
import { and, gte, lt } from '@tanstack/react-db';
import { useLiveQuery, useOptionalLiveQuery } from '../../lib/engine/live-query.ts';
import type { Class } from '../../../db/entities.ts';
import { calendarMonthsCollection, classesCollection, getEngine } from '../../lib/engine/index.ts';

/**
 * Watches the months on screen: the engine fetches each at once and then every
 * calendar_reload_timeout while a tab shows it; leaving the month (or the page) unwatches it.
 * `loaded` once every month was fetched at least once on this device.
 */
export function useWatchedMonths(months: string[]): { loaded: boolean } {
  const key = months.join(',');
  useEffect(() => {
    if (!key) return;
    const client = getEngine();
    const list = key.split(',');
    for (const month of list) void client.watch({ kind: 'calendar', month });
    return () => {
      for (const month of list) void client.unwatch({ kind: 'calendar', month });
    };
  }, [key]);
  const { data } = useLiveQuery((q) => q.from({ m: calendarMonthsCollection }));
  const have = useMemo(() => new Set((data ?? []).map((m) => m.month)), [data]);
  return { loaded: months.every((m) => have.has(m)) };
}

/** Every class the mirror holds that starts in [startIso, endIso): moved classes move at once. */
export function useCalendarClasses(startIso: string | null, endIso: string | null): Class[] {
  const { data } = useOptionalLiveQuery((q) =>
      startIso && endIso
        ? q.from({ c: classesCollection }).where(({ c }) => and(gte(c.start_datetime, startIso), lt(c.start_datetime, endIso)))
        : undefined);
  return (data as Class[] | undefined) ?? NONE;
}
const NONE: Class[] = [];
