// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../../src/lib/i18n/index.ts';
import { countdownText, snapMessage } from '../../../src/features/classes/rules.ts';
import { classReminder } from '../../../src/features/notifications/browser-notices.ts';
import type { Class } from '../../../db/entities.ts';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const next = (minutesAhead: number) => ({
  id: 7, start_datetime: new Date(NOW + minutesAhead * 60_000).toISOString(), canceled: false, absent: false, attended: false,
  enrollment: { course: { name: 'Tajweed' }, student: { name: 'Yusuf' }, teacher: { name: 'Amina' } },
}) as unknown as Class;

describe('the class dialog and the notifications in English and Arabic', () => {
  afterAll(() => setLocale('en'));

  it('English keeps the spec wording', async () => {
    await setLocale('en');
    expect(t('classes.minutes', { n: 45 })).toBe('45 minutes');
    expect(t('notifications.bellUnread', { count: 3 })).toBe('Notifications, 3 unread');
    expect(countdownText(new Date(NOW + (2 * 3600 + 5 * 60 + 9) * 1000).toISOString(), NOW)).toBe('2h 05m 09s');
    expect(snapMessage('10:15', '10:10')).toBe('10:15 AM used instead of 10:10 AM');
    expect(classReminder(next(30), 'student', NOW)!.notice(NOW + 20 * 60_000).title).toBe('Your class starts in 10 minutes');
    expect(classReminder(next(30), 'student', NOW)!.notice(NOW + 29.5 * 60_000).title).toBe('Your class starts in 1 minute');
    expect(t('classes.changesLeft', { available: 2, monthly: 4 })).toBe('2 of 4 class changes left this month');
  });

  it('Arabic: the plural forms of minutes and unread notifications, the countdown and the reminder', async () => {
    await setLocale('ar');
    expect([1, 2, 3, 11, 100].map((n) => t('classes.minutes', { n }))).toEqual(['دقيقة واحدة', 'دقيقتان', '3 دقائق', '11 دقيقة', '100 دقيقة']);
    expect([1, 2, 3, 11, 100].map((count) => t('notifications.bellUnread', { count }))).toEqual([
      'الإشعارات، إشعار واحد غير مقروء', 'الإشعارات، إشعاران غير مقروءين', 'الإشعارات، 3 إشعارات غير مقروءة',
      'الإشعارات، 11 إشعارًا غير مقروء', 'الإشعارات، 100 إشعار غير مقروء',
    ]);
    expect(countdownText(new Date(NOW + (2 * 3600 + 5 * 60 + 9) * 1000).toISOString(), NOW)).toBe('2س 05د 09ث');
    expect(classReminder(next(30), 'teacher', NOW)!.notice(NOW + 20 * 60_000).title).toBe('تبدأ حصتك خلال 10 دقائق');
    expect(classReminder(next(30), 'teacher', NOW)!.notice(NOW + 28 * 60_000).title).toBe('تبدأ حصتك خلال دقيقتين');
    expect(snapMessage('10:15', '10:10')).toMatch(/^استُخدم 10:15 ص بدلًا من 10:10 ص$/);
    expect(t('classes.titleDetails')).toBe('تفاصيل الحصة');
  });
});
