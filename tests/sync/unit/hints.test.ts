import { describe, expect, it } from 'vitest';
import { Poller, SingleFlight } from '../../../worker/polling/poller.ts';
import { HintScheduler, monthsTouched } from '../../../worker/realtime/hints.ts';
import { ManualClock } from '../fakes/clock.ts';

describe('a hinted refresh', () => {
  it('Poller.kickFresh runs now, or once right after the run in flight (never beside it), shared by every caller meanwhile', async () => {
    const clock = new ManualClock();
    const runs: number[] = [];
    let release: (() => void) | null = null;
    const p = new Poller(clock, () => 10_000, () => new Promise<void>((r) => {
      runs.push(clock.now());
      release = r;
    }));
    p.start(true);
    expect(runs).toEqual([0]);
    await clock.advance(10);
    // Three hints while the poll is in flight: its reply may predate them, so one more run follows it.
    const a = p.kickFresh();
    const b = p.kickFresh();
    const c = p.kickFresh();
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(runs).toEqual([0]);
    await clock.advance(20);
    release!();
    await clock.advance(0);
    expect(runs).toEqual([0, 30]);
    release!();
    await a;
    // Idle: a hint runs at once, and the interval restarts from its end (no extra poll).
    await clock.advance(100);
    void p.kickFresh();
    expect(runs).toEqual([0, 30, 130]);
    release!();
    await clock.advance(9_999);
    expect(runs).toEqual([0, 30, 130]);
    await clock.advance(1);
    expect(runs).toEqual([0, 30, 130, 10_130]);
  });

  it('SingleFlight.runFresh queues one run behind the one in flight', async () => {
    const f = new SingleFlight();
    let n = 0;
    let running = 0;
    let overlap = false;
    const job = async () => {
      running++;
      if (running > 1) overlap = true;
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return ++n;
    };
    const first = f.run('k', job);
    const [x, y] = [f.runFresh('k', job), f.runFresh('k', job)];
    expect(await first).toBe(1);
    expect(await x).toBe(2);
    expect(await y).toBe(2);
    expect(overlap).toBe(false);
    expect(await f.runFresh('k', job)).toBe(3);
  });

  it('coalesces a burst into one refresh per resource, and touches only the watched months holding a date', async () => {
    const clock = new ManualClock();
    const calls: string[] = [];
    let active = true;
    const s = new HintScheduler(clock, {
      active: () => active,
      home: () => void calls.push('home'),
      watchedMonths: () => ['2026-04', '2026-05', '2026-06'],
      month: (m) => void calls.push(`month:${m}`),
      klass: (id) => void calls.push(`class:${id}`),
    });
    s.receive({ home: true, classes: [{ id: 1, dates: ['2026-05-03'] }] });
    s.receive({ home: true, classes: [{ id: 1, dates: ['2026-05-03'] }, { id: 2, dates: ['2026-05-20'] }] });
    expect(calls).toEqual([]);
    await clock.advance(25);
    expect(calls).toEqual(['home', 'month:2026-04', 'month:2026-05', 'class:1', 'class:2']);

    // A class without dates: every watched month. Inactive (no tab visible): nothing; becoming visible refreshes.
    calls.length = 0;
    s.receive({ classes: [{ id: 3 }] });
    await clock.advance(25);
    expect(calls).toEqual(['month:2026-04', 'month:2026-05', 'month:2026-06', 'class:3']);
    calls.length = 0;
    active = false;
    s.receive({ home: true });
    await clock.advance(25);
    expect(calls).toEqual([]);

    // Calendar windows run 7 days either side of the month.
    expect(monthsTouched(['2026-04', '2026-05', '2026-06'], ['2026-05-31'])).toEqual(['2026-05', '2026-06']);
    expect(monthsTouched(['2026-04', '2026-05', '2026-06'], ['2026-05-15'])).toEqual(['2026-05']);
  });
});
