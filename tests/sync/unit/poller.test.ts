import { describe, expect, it } from 'vitest';
import { Poller, SingleFlight } from '../../../worker/polling/poller.ts';
import { ManualClock } from '../fakes/clock.ts';

describe('Poller', () => {
  it('runs once per interval, never two at once, and a kick restarts the interval', async () => {
    const clock = new ManualClock();
    const runs: number[] = [];
    let release: (() => void) | null = null;
    const p = new Poller(clock, () => 100, () => new Promise<void>((r) => {
      runs.push(clock.now());
      release = r;
    }));
    p.start(true);
    expect(runs).toEqual([0]);
    // The run is slow: nothing else starts while it is in flight, however long.
    await clock.advance(350);
    void p.kick();
    expect(runs).toEqual([0]);
    release!();
    await clock.advance(99);
    expect(runs).toEqual([0]);
    await clock.advance(1);
    expect(runs).toEqual([0, 450]);
    release!();
    // A kick at 500 runs now and pushes the next tick to 600.
    await clock.advance(50);
    void p.kick();
    expect(runs).toEqual([0, 450, 500]);
    release!();
    await clock.advance(100);
    expect(runs).toEqual([0, 450, 500, 600]);
    release!();
    p.stop();
    await clock.advance(1000);
    expect(runs).toHaveLength(4);
    expect(clock.pending()).toBe(0);
  });

  it('answers a kick with maxAge from the last run, and start(immediate) skips a run of the last second', async () => {
    const clock = new ManualClock();
    let n = 0;
    const p = new Poller(clock, () => 10_000, async () => ++n);
    p.start(true);
    await clock.advance(10);
    expect(await p.kick(1500)).toBe(1);
    p.stop();
    p.start(true);
    await clock.advance(10);
    expect(n).toBe(1);
    await clock.advance(2000);
    p.stop();
    p.start(true);
    await clock.advance(10);
    expect(n).toBe(2);
    p.stop();
  });
});

describe('Poller.forget', () => {
  it('a run under way or just ended answers no caller after forget, and ending touches nothing', async () => {
    const clock = new ManualClock();
    let n = 0;
    const releases: ((v: number) => void)[] = [];
    const p = new Poller(clock, () => 10_000, () => new Promise<number>((r) => {
      n += 1;
      releases.push(r);
    }));
    const old = p.kick();
    p.forget();
    // Not joined: a run of its own, at once.
    const mine = p.kick(1500);
    expect(n).toBe(2);
    releases[0]!(1);
    expect(await old).toBe(1);
    // The old run's end left the new one in flight: joined, not run again.
    expect(p.kick()).toBe(mine);
    releases[1]!(2);
    expect(await mine).toBe(2);
    expect(await p.kick(1500)).toBe(2);
    // Just ended, then forgotten: started again at once, not answered by the last run.
    p.forget();
    p.start(true);
    expect(n).toBe(3);
    releases[2]!(3);
    p.stop();
  });
});

describe('SingleFlight', () => {
  it('joins a request in flight and reuses a recent answer', async () => {
    let now = 0;
    const f = new SingleFlight(() => now);
    let calls = 0;
    const job = async () => ++calls;
    const [a, b] = await Promise.all([f.run('k', job), f.run('k', job)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    now = 1000;
    expect(await f.run('k', job, 1500)).toBe(1);
    expect(await f.run('k', job)).toBe(2);
  });

  it('after forget, nothing run before is joined or reused, and a run from before touches nothing of the runs after', async () => {
    let now = 0;
    const f = new SingleFlight(() => now);
    let release: (v: string) => void = () => {};
    const before = f.run('k', () => new Promise<string>((r) => (release = r)));
    expect(await f.run('done', async () => 'old', 0)).toBe('old');
    f.forget();
    expect(f.started('done')).toBe(false);
    expect(await f.run('done', async () => 'new', 1500)).toBe('new');
    let releaseAfter: (v: string) => void = () => {};
    const after = f.run('k', () => new Promise<string>((r) => (releaseAfter = r)));
    expect(after).not.toBe(before);
    release('old');
    expect(await before).toBe('old');
    // The run from before finished: the one after is still the one joined, and no answer of before is reused.
    expect(f.run('k', async () => 'third')).toBe(after);
    releaseAfter('new');
    expect(await after).toBe('new');
    now = 100;
    expect(await f.run('k', async () => 'fourth', 1500)).toBe('new');
  });
});
