import type { Clock } from '../engine/deps.ts';

/**
 * Runs one task every interval while active, never two at once. `kick()` runs it now (or joins
 * the run in flight) and restarts the interval from its end, so a screen's refresh and the timer
 * never double up: one request per interval per resource.
 */
export class Poller<T = unknown> {
  private timer: unknown = null;
  private inFlight: Promise<T | undefined> | null = null;
  private active = false;

  constructor(
    private readonly clock: Clock,
    private readonly interval: () => number,
    private readonly task: () => Promise<T>,
  ) {}

  get isActive(): boolean {
    return this.active;
  }

  /** Starts polling; `immediate` runs the task at once (a tab became visible, the network returned). */
  start(immediate: boolean): void {
    if (this.active) {
      if (immediate) void this.kick();
      return;
    }
    this.active = true;
    if (immediate) void this.kick();
    else this.schedule();
  }

  stop(): void {
    this.active = false;
    this.clearTimer();
  }

  kick(): Promise<T | undefined> {
    if (this.inFlight) return this.inFlight;
    this.clearTimer();
    const run = (async () => {
      try {
        return await this.task();
      } catch {
        /* a failed poll is retried at the next interval */
        return undefined;
      } finally {
        this.inFlight = null;
        this.schedule();
      }
    })();
    this.inFlight = run;
    return run;
  }

  private schedule() {
    this.clearTimer();
    if (!this.active || this.inFlight) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.kick();
    }, this.interval());
  }

  private clearTimer() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Shares one in-flight promise per key: a second caller joins the first request instead of sending its own. */
export class SingleFlight {
  private readonly running = new Map<string, Promise<unknown>>();
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const cur = this.running.get(key);
    if (cur) return cur as Promise<T>;
    const p = fn().finally(() => this.running.delete(key));
    this.running.set(key, p);
    return p;
  }
}
