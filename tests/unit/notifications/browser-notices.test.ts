// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from '../../../db/engine-api.ts';
import type { Notification } from '../../../db/entities.ts';
import { classNotices, classReminder, notifyClassNotices, scheduleReminder } from '../../../src/features/notifications/browser-notices.ts';
import { setNotifications } from '../../../src/lib/attention.ts';
import { claim, once } from '../../../src/lib/notify-once.ts';
import { fakeNotifications, klass, MIN, NOW } from './fake-notifications.ts';

const note = (id: string, type: string, ageMs: number, extra: Partial<Notification> = {}): Notification => ({
  id, read: false, created_at: new Date(NOW - ageMs).toISOString(),
  data: { type, title: type === 'class_rescheduled_rejected' ? 'Reschedule Rejected' : 'Reschedule Request', content: `about ${id}`, course_id: 3, course_class_id: 41 },
  ...extra,
});

/** One Web Lock manager for every "tab" of a test, as a browser has: requests run one at a time. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, cb: () => Promise<T>): Promise<T> {
      const run = tail.then(cb);
      tail = run.catch(() => {});
      return run;
    },
  };
}

describe('which notifications become browser notifications', () => {
  it('a fresh unread reschedule request or decision, leading to its class; nothing else', () => {
    const rows = [
      note('a', 'class_rescheduled', 1 * MIN),
      note('b', 'class_rescheduled_rejected', 5 * MIN),
      note('c', 'class_rescheduled', 20 * MIN), // older than 15 minutes: a first sign-in's history
      note('d', 'class_rescheduled', 1 * MIN, { read: true }),
      note('e', 'course_enrolled', 1 * MIN),
      note('f', 'class_rescheduled', 1 * MIN, { created_at: 'not a date' }),
    ];
    expect(classNotices(rows, 'student', NOW)).toEqual([
      { key: 'notice-a', title: 'Reschedule Request', body: 'about a', url: '/calendar?class=41' },
      { key: 'notice-b', title: 'Reschedule Rejected', body: 'about b', url: '/calendar?class=41' },
    ]);
  });

  it('the next class is reminded 10 minutes before it starts, saying the minutes left', () => {
    const r = classReminder(klass(), 'student', NOW)!;
    expect(r.at).toBe(NOW + 20 * MIN);
    expect(r.until).toBe(NOW + 30 * MIN);
    expect(r.notice(r.at)).toEqual({ key: `class-soon-41-${NOW + 30 * MIN}`, title: 'Your class starts in 10 minutes', body: 'Tajweed · Amina', url: '/calendar?class=41', joinUrl: '/calendar?class=41&join=1' });
    expect(r.notice(NOW + 29.5 * MIN).title).toBe('Your class starts in 1 minute');
    expect(classReminder(klass(), 'teacher', NOW)!.notice(r.at).body).toBe('Tajweed · Yusuf');
    expect(classReminder(klass({ canceled: true }), 'student', NOW)).toBeNull();
    expect(classReminder(klass({ start_datetime: new Date(NOW - MIN).toISOString() }), 'student', NOW)).toBeNull();
    expect(classReminder(null, 'student', NOW)).toBeNull();
  });
});

describe('once per browser', () => {
  const shown = fakeNotifications();
  beforeEach(async () => {
    await setNotifications(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('the first claim of a key wins, in any number of concurrent callers, and a later one (a reload) loses', async () => {
    const results = await Promise.all([claim('k1'), claim('k1'), claim('k1')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await claim('k1')).toBe(false);
    expect(await claim('k2')).toBe(true);
  });

  it('two tabs seeing the same change show one notification; the same change again shows none', async () => {
    Object.defineProperty(navigator, 'locks', { configurable: true, value: fakeLocks() });
    const listeners: ((e: EngineEvent) => void)[] = [];
    const events = (cb: (e: EngineEvent) => void) => (listeners.push(cb), () => {});
    notifyClassNotices(events, () => 'student', () => NOW); // tab 1
    notifyClassNotices(events, () => 'student', () => NOW); // tab 2
    const change: EngineEvent = { type: 'change', userId: 1, table: 'notifications', upserts: [note('r1', 'class_rescheduled', MIN)], deletes: [] };
    for (const l of listeners) l(change);
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: 'Reschedule Request', options: { tag: 'notice-r1', data: { url: '/calendar?class=41' } } });
    for (const l of listeners) l(change); // the home poll brings the same row again
    await new Promise((r) => setTimeout(r, 30));
    expect(shown).toHaveLength(1);
  });

  it('nothing is shown while notifications are off', async () => {
    await setNotifications(false);
    let listener: (e: EngineEvent) => void = () => {};
    notifyClassNotices((cb) => ((listener = cb), () => {}), () => 'teacher', () => NOW);
    listener({ type: 'change', userId: 1, table: 'notifications', upserts: [note('off', 'class_rescheduled', MIN)], deletes: [] });
    await new Promise((r) => setTimeout(r, 30));
    expect(shown).toHaveLength(0);
  });

  it('the reminder waits for its time, shows once across tabs, and not after the class started', async () => {
    let t = NOW;
    const timers: { cb: () => void; at: number }[] = [];
    const fake = { set: (cb: () => void, ms: number) => timers.push({ cb, at: t + ms }), clear: vi.fn() };
    const cancel1 = scheduleReminder(klass(), 'student', () => t, fake);
    scheduleReminder(klass(), 'student', () => t, fake); // a second tab
    expect(timers.map((x) => x.at)).toEqual([NOW + 20 * MIN, NOW + 20 * MIN]);
    t = NOW + 20 * MIN;
    for (const x of timers.splice(0)) x.cb();
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: 'Your class starts in 10 minutes', options: { tag: `class-soon-41-${NOW + 30 * MIN}` } });
    // A reload within the 10 minutes: due at once, already shown.
    scheduleReminder(klass(), 'student', () => t + 2 * MIN, fake);
    await new Promise((r) => setTimeout(r, 30));
    expect(shown).toHaveLength(1);
    // After the start: nothing to schedule.
    scheduleReminder(klass({ id: 42 }), 'student', () => NOW + 31 * MIN, fake);
    expect(timers).toHaveLength(0);
    cancel1();
  });

  it('a claim made under a lock is not made twice even when the show is slow', async () => {
    Object.defineProperty(navigator, 'locks', { configurable: true, value: fakeLocks() });
    const show = vi.fn(() => new Promise<void>((r) => setTimeout(r, 20)));
    const won = await Promise.all([once('slow', show), once('slow', show)]);
    expect(won.sort()).toEqual([false, true]);
    expect(show).toHaveBeenCalledTimes(1);
  });
});
