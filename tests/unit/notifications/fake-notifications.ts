import { afterEach, beforeEach, vi } from 'vitest';
import type { Class } from '../../../db/entities.ts';
import { forgetShown } from '../../../src/lib/notify-once.ts';

/** The clock of the browser-notification tests, and a minute. */
export const NOW = Date.parse('2026-11-24T10:00:00.000Z');
export const MIN = 60_000;

/** A class of the student's starting in 30 minutes (Tajweed with Amina), with `over` changed. */
export const klass = (over: Partial<Class> = {}): Class => ({
  id: 41, start_datetime: new Date(NOW + 30 * MIN).toISOString(), canceled: false, absent: false, attended: false,
  enrollment: { id: 1, course: { id: 3, name: 'Tajweed' }, student: { id: 5, name: 'Yusuf' }, teacher: { id: 6, name: 'Amina' } },
  ...over,
}) as unknown as Class;

/**
 * For each test of the enclosing describe: the browser's `Notification` with permission granted,
 * recording what is shown into the returned list (emptied before each test), local storage cleared,
 * and nothing remembered as shown yet (notify-once). The real `Notification` comes back after each.
 */
export function fakeNotifications(): { title: string; options: NotificationOptions }[] {
  const shown: { title: string; options: NotificationOptions }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    static requestPermission = vi.fn(async () => 'granted' as const);
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
  }
  beforeEach(async () => {
    await forgetShown();
    shown.length = 0;
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());
  return shown;
}
