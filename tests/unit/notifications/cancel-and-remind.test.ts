// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from '../../../db/engine-api.ts';
import type { Notification } from '../../../db/entities.ts';
import { classNotices, notifyClassNotices, OFF_RECHECK_MS, scheduleReminder } from '../../../src/features/notifications/browser-notices.ts';
import { setNotifications } from '../../../src/lib/attention.ts';
import { setLocale } from '../../../src/lib/i18n/index.ts';
import { fakeNotifications, klass, MIN, NOW } from './fake-notifications.ts';

/**
 * A canceled class becomes a browser notification (its title the catalogue's, in the user's
 * language; its body the server's text; a click opens the class), and the 10-minute reminder is
 * still shown when notifications are turned on within those minutes.
 */

const canceled = (id: string, ageMs: number, extra: Partial<Notification> = {}): Notification => ({
  id, read: false, created_at: new Date(NOW - ageMs).toISOString(),
  data: { type: 'class_canceled', title: 'Class Canceled', content: 'Ustadha Amina canceled the Tajweed class of Tue 24 Nov 10:30: ill', course_id: 3, course_class_id: 77 },
  ...extra,
});

describe('a canceled class', () => {
  afterEach(() => setLocale('en'));

  it('is a notice with the catalogue title in the language on view, the server text, and the class link', async () => {
    expect(classNotices([canceled('c1', MIN)], 'student', NOW)).toEqual([
      { key: 'notice-c1', title: 'Your class was canceled', body: 'Ustadha Amina canceled the Tajweed class of Tue 24 Nov 10:30: ill', url: '/calendar?class=77' },
    ]);
    await setLocale('ar');
    expect(classNotices([canceled('c1', MIN)], 'teacher', NOW)[0]!.title).toBe('أُلغيت حصتك');
  });

  it('is not news when read, old, or naming no class', () => {
    expect(classNotices([
      canceled('read', MIN, { read: true }),
      canceled('old', 20 * MIN),
      canceled('none', MIN, { data: { type: 'class_canceled', title: 'Class Canceled', content: 'x', course_id: 3, course_class_id: null } as never }),
    ], 'student', NOW).map((n) => n.url)).toEqual(['/calendar']);
  });
});

describe('shown', () => {
  const shown = fakeNotifications();

  it('a cancellation reaching the mirror is shown once, however often the rows come again', async () => {
    await setNotifications(true);
    let listener: (e: EngineEvent) => void = () => {};
    notifyClassNotices((cb) => ((listener = cb), () => {}), () => 'student', () => NOW);
    const change: EngineEvent = { type: 'change', userId: 1, table: 'notifications', upserts: [canceled('c2', MIN)], deletes: [] };
    listener(change);
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: 'Your class was canceled', options: { tag: 'notice-c2', data: { url: '/calendar?class=77' } } });
    listener(change);
    await new Promise((r) => setTimeout(r, 30));
    expect(shown).toHaveLength(1);
  });

  it('notifications turned on within the last 10 minutes: the reminder comes at the next look, and none after the start', async () => {
    await setNotifications(false);
    let t = NOW + 25 * MIN; // 5 minutes before the class
    const timers: { cb: () => void; at: number }[] = [];
    const fake = { set: (cb: () => void, ms: number) => timers.push({ cb, at: t + ms }), clear: vi.fn() };
    scheduleReminder(klass(), 'student', () => t, fake);
    expect(shown).toHaveLength(0);
    expect(timers.map((x) => x.at)).toEqual([t + OFF_RECHECK_MS]);
    await setNotifications(true);
    t += OFF_RECHECK_MS;
    timers.shift()!.cb();
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]!.title).toBe('Your class starts in 5 minutes');

    // Off all along: looked at until the class starts, never after.
    await setNotifications(false);
    shown.length = 0;
    t = NOW + 29.8 * MIN;
    scheduleReminder(klass({ id: 42 }), 'student', () => t, fake);
    expect(timers.at(-1)!.at).toBe(NOW + 30 * MIN);
    t = NOW + 30 * MIN;
    const last = timers.splice(0);
    last.forEach((x) => x.cb());
    expect(timers).toHaveLength(0);
    expect(shown).toHaveLength(0);
  });
});
