import * as E from '../../db/entities.ts';
import type { Result } from '../../db/engine-api.ts';
import type { Row } from '../../db/schema.ts';
import { getIfChanged, type SyncContext } from './context.ts';

const DAY = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dates GET /calendar covers for a month: 7 days before its first day to 7 days after its last. */
export function calendarWindow(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = Date.UTC(y, m - 1, 1);
  const next = Date.UTC(y, m, 1);
  return { from: ymd(first - 7 * DAY), to: ymd(next + 6 * DAY) };
}

/**
 * Refreshes one month: upserts its classes and records which ones it holds. A class the month
 * listed before and lists no more was deleted or moved; it is removed when our copy still dates
 * it inside this month's window (a class moved into another watched month was already upserted
 * there with its new date and stays).
 */
export async function refreshCalendarMonth(ctx: SyncContext, month: string): Promise<Result<null>> {
  const path = `/calendar?start_date=${month}-01`;
  const res = await getIfChanged(ctx, path, E.dataOf(E.rowsOf(E.klass)));
  if (!res.ok) return res;
  const writer = ctx.writer();
  if (!writer) return { ok: true, data: null };
  // 304: the month is as stored (nothing to write, nobody to tell), and it counts as refreshed.
  if (!res.data.changed) {
    ctx.markSynced();
    return { ok: true, data: null };
  }
  const reply = res.data.data;
  const ids = reply.data.map((c) => c.id);
  const before = (await writer.mirror.get('calendarMonths', month)) as { ids?: number[] } | undefined;
  const { from, to } = calendarWindow(month);
  const gone: number[] = [];
  for (const id of before?.ids ?? []) {
    if (ids.includes(id)) continue;
    const stored = (await writer.mirror.get('classes', id)) as { date?: string } | undefined;
    if (stored?.date && stored.date >= from && stored.date <= to) gone.push(id);
  }
  await writer.commit([
    { table: 'classes', upserts: reply.data as Row[], deletes: gone },
    { table: 'calendarMonths', upserts: [{ month, ids }] },
  ]);
  if (!writer.closed) res.data.keep();
  ctx.markSynced();
  return { ok: true, data: null };
}
