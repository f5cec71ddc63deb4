import { z } from 'zod';
import type { Clock } from '../ports.ts';
import { calendarWindow } from '../sync/calendar.ts';

/**
 * `DataChanged` on the user's channel: another party changed something the user's home, classes
 * or calendar show. It carries no data, only what to re-read (server/API.md, Realtime).
 */
export const dataChangedEvent = z.looseObject({
  home: z.boolean().optional(),
  classes: z.array(z.looseObject({ id: z.number().int().positive(), dates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).optional() })).optional(),
});
export type DataChanged = z.infer<typeof dataChangedEvent>;

/** What the engine re-reads for a hint; each call must not overlap a request for the same resource. */
export interface HintTargets {
  /** Whether refreshing makes sense now (signed in and online, visible or not); otherwise becoming active refreshes. */
  active(): boolean;
  home(): void;
  /** The calendar months (`YYYY-MM`) some tab watches. */
  watchedMonths(): string[];
  month(month: string): void;
  klass(id: number): void;
}

/** Hints arriving this close together are one refresh (a permanent reschedule, several actions at once). */
const HINT_COALESCE_MS = 25;

/** The watched months whose calendar window (7 days either side) holds one of the dates; every one when no date is known. */
export function monthsTouched(watched: readonly string[], dates: readonly string[] | undefined): string[] {
  if (!dates || !dates.length) return [...watched];
  return watched.filter((m) => {
    const { from, to } = calendarWindow(m);
    return dates.some((d) => d >= from && d <= to);
  });
}

/**
 * Collects hints for a moment, then refreshes each named resource once. Against a backend that
 * sends none, nothing here runs and the pollers keep the spec's intervals.
 */
export class HintScheduler {
  private home = false;
  private readonly classes = new Set<number>();
  private dates: string[] | undefined = [];
  private timer: unknown = null;

  constructor(private readonly clock: Clock, private readonly targets: HintTargets, private readonly delayMs = HINT_COALESCE_MS) {}

  receive(h: DataChanged): void {
    if (h.home) this.home = true;
    for (const k of h.classes ?? []) {
      this.classes.add(k.id);
      // A class without dates may sit in any month: every watched month is re-read.
      if (!k.dates || !k.dates.length) this.dates = undefined;
      else if (this.dates) this.dates.push(...k.dates);
    }
    if (this.timer === null) this.timer = this.clock.setTimeout(() => this.flush(), this.delayMs);
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.reset();
  }

  private flush(): void {
    this.timer = null;
    const { home, dates } = this;
    const classes = [...this.classes];
    this.reset();
    if (!this.targets.active()) return;
    if (home) this.targets.home();
    if (classes.length) for (const m of monthsTouched(this.targets.watchedMonths(), dates)) this.targets.month(m);
    for (const id of classes) this.targets.klass(id);
  }

  private reset() {
    this.home = false;
    this.classes.clear();
    this.dates = [];
  }
}
