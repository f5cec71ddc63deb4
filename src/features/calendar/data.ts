import { useCallback, useEffect, useMemo, useState } from 'react';
import { and, gte, lt } from '@tanstack/react-db';
import { useLiveQuery, useOptionalLiveQuery } from '../../lib/engine/live-query.ts';
import type { EngineError } from '../../../db/engine-api.ts';
import type { Class } from '../../../db/entities.ts';
import { useBackOnline } from '../../app/route-data.tsx';
import { calendarMonthsCollection, classesCollection, getEngine } from '../../lib/engine/index.ts';

export interface WatchedMonths {
  /** Every month on screen was fetched at least once on this device. */
  loaded: boolean;
  /** The last read of a month on screen failed (a Retry, or the network coming back, asks again). */
  failed: EngineError | null;
  retry(): void;
  retrying: boolean;
}

interface Answer {
  key: string;
  failed: EngineError | null;
  retrying: boolean;
}

/** Reads the months (joining their polls' reads, or afresh); answers the first failure, or null. */
async function readMonths(months: string[], force: boolean): Promise<EngineError | null> {
  const client = getEngine();
  const rs = await Promise.all(months.map((month) => client.refresh({ kind: 'calendar', month }, force ? { force } : undefined)));
  const failure = rs.find((r) => !r.ok);
  return failure && !failure.ok ? failure.error : null;
}

/**
 * Watches the months on screen: the engine fetches each at once and then every
 * calendar_reload_timeout while a tab shows it; leaving the month (or the page) unwatches it.
 * The screen also asks how that first read went (one request with the poll's), so a month that
 * could not be read says so instead of "Loading" until the next poll.
 */
export function useWatchedMonths(months: string[]): WatchedMonths {
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

  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    // Read again each time the screen is shown: the same answer keeps the same object, so the
    // calendar does not render again for it.
    void readMonths(key.split(','), false).then((failed) => {
      if (live) setAnswer((a) => (a && a.key === key && a.failed === null && failed === null && !a.retrying ? a : { key, failed, retrying: false }));
    });
    return () => {
      live = false;
    };
  }, [key]);
  const retry = useCallback(() => {
    if (!key) return;
    // An answer for months no longer on screen is dropped.
    const mine = (next: (a: Answer) => Answer) => setAnswer((a) => (a && a.key === key ? next(a) : a));
    mine((a) => ({ ...a, retrying: true }));
    void readMonths(key.split(','), true).then((failed) => mine(() => ({ key, failed, retrying: false })));
  }, [key]);
  const current = answer?.key === key ? answer : null;
  useBackOnline(retry, !!current?.failed);

  const { data } = useLiveQuery((q) => q.from({ m: calendarMonthsCollection }), []);
  const have = useMemo(() => new Set((data ?? []).map((m) => m.month)), [data]);
  return { loaded: months.every((m) => have.has(m)), failed: current?.failed ?? null, retry, retrying: current?.retrying ?? false };
}

/** Every class the mirror holds that starts in [startIso, endIso): moved classes move at once. */
export function useCalendarClasses(startIso: string | null, endIso: string | null): Class[] {
  const { data } = useOptionalLiveQuery((q) =>
      startIso && endIso
        ? q.from({ c: classesCollection }).where(({ c }) => and(gte(c.start_datetime, startIso), lt(c.start_datetime, endIso)))
        : undefined, [startIso, endIso]);
  return (data as Class[] | undefined) ?? NONE;
}
const NONE: Class[] = [];
