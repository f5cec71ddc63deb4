import type { Clock } from '../ports.ts';

/**
 * Runs one task every interval while active, never two at once. `kick()` runs it now (or joins
 * the run in flight) and restarts the interval from its end, so a screen's refresh and the timer
 * never double up: one request per interval per resource.
 */
export class Poller<T = unknown> {
  private timer: unknown = null;
  private inFlight: Promise<T | undefined> | null = null;
  private followUp: Promise<T | undefined> | null = null;
  private active = false;
  private lastEnd = -Infinity;
  private lastResult: T | undefined;
  /** Counts `forget`s: a run started before the last one touches nothing when it ends. */
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly interval: () => number,
    private readonly task: () => Promise<T>,
  ) {}

  /** Starts polling; `immediate` runs the task at once (a tab became visible, the network returned). */
  start(immediate: boolean): void {
    const wasActive = this.active;
    this.active = true;
    // A refresh "at once" that follows a run by less than a second would bring nothing new.
    if (immediate && this.clock.now() - this.lastEnd >= Math.min(1000, this.interval())) void this.kick();
    else if (!wasActive) this.schedule();
  }

  stop(): void {
    this.active = false;
    this.clearTimer();
  }

  /**
   * Stops, and forgets every run (another user signed in): the next `kick` or `start(true)` runs
   * at once, not joined to a run under way nor answered by the last one, which were another session's.
   */
  forget(): void {
    this.stop();
    this.generation += 1;
    this.inFlight = this.followUp = null;
    this.lastEnd = -Infinity;
    this.lastResult = undefined;
  }

  /**
   * Runs the task now, or joins the run in flight. With `maxAgeMs`, a run that ended that recently
   * answers instead (screens opening one after another do not each cost a request).
   */
  kick(maxAgeMs = 0): Promise<T | undefined> {
    if (this.inFlight) return this.inFlight;
    if (maxAgeMs > 0 && this.clock.now() - this.lastEnd < maxAgeMs) return Promise.resolve(this.lastResult);
    this.clearTimer();
    const generation = this.generation;
    const run = (async () => {
      let result: T | undefined;
      try {
        result = await this.task();
      } catch {
        /* a failed poll is retried at the next interval */
      }
      // A run from before `forget` answers its callers and leaves the poller as it is.
      if (generation !== this.generation) return result;
      this.lastResult = result;
      this.lastEnd = this.clock.now();
      this.inFlight = null;
      this.schedule();
      return result;
    })();
    this.inFlight = run;
    return run;
  }

  /**
   * Runs the task in a request that starts after this call: now, or right after the run in flight,
   * whose reply may predate a change just announced. Callers arriving meanwhile share that one
   * follow-up, so a burst costs at most one request behind the current one, never two at once.
   */
  kickFresh(): Promise<T | undefined> {
    if (!this.inFlight) return this.kick();
    if (this.followUp) return this.followUp;
    const followUp: Promise<T | undefined> = this.inFlight.then(() => {
      if (this.followUp === followUp) this.followUp = null;
      return this.kick();
    });
    this.followUp = followUp;
    return followUp;
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

/**
 * Shares one in-flight promise per key: a second caller joins the first request instead of
 * sending its own. With `maxAgeMs`, a result that came back that recently answers at once.
 * `forget` starts afresh (another user signed in): nothing run before is joined or reused, and
 * what is still on its way answers only those who asked for it.
 */
export class SingleFlight {
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly recent = new Map<string, { at: number; value: unknown }>();
  private readonly queued = new Map<string, Promise<unknown>>();
  constructor(private readonly now: () => number = Date.now) {}
  run<T>(key: string, fn: () => Promise<T>, maxAgeMs = 0): Promise<T> {
    const cur = this.running.get(key);
    if (cur) return cur as Promise<T>;
    const last = this.recent.get(key);
    if (maxAgeMs > 0 && last && this.now() - last.at < maxAgeMs) return Promise.resolve(last.value as T);
    const { running, recent } = this;
    const p: Promise<T> = fn()
      .then((v) => {
        if (running.get(key) === p) recent.set(key, { at: this.now(), value: v });
        return v;
      })
      .finally(() => {
        if (running.get(key) === p) running.delete(key);
      });
    running.set(key, p);
    return p;
  }

  /** A run of this key has started (it may still be under way). */
  started(key: string): boolean {
    return this.running.has(key) || this.recent.has(key);
  }

  /** Like `run`, but never joins a request already in flight: queues one after it (shared by later callers; see `Poller.kickFresh`). */
  runFresh<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const queued = this.queued.get(key);
    if (queued) return queued as Promise<T>;
    const cur = this.running.get(key);
    if (!cur) return this.run(key, fn);
    const next: Promise<T> = cur.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      if (this.queued.get(key) !== next) return fn(); // forgotten meanwhile: its callers still get a run of their own
      this.queued.delete(key);
      return this.run(key, fn);
    });
    this.queued.set(key, next);
    return next;
  }

  /** Forgets every run, finished or under way: the next caller of any key starts its own. */
  forget(): void {
    this.running.clear();
    this.recent.clear();
    this.queued.clear();
  }
}
