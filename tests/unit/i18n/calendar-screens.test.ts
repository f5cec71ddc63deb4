import { afterAll, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../../src/lib/i18n/index.ts';
import { describeChange, describeDifference, describeWeek } from '../../../src/features/calendar/offset-changes.ts';
import { LEGEND, kindLabel } from '../../../src/features/calendar/colors.ts';
import { ratingText, reportsSubtitle } from '../../../src/features/class-reports/report-rules.ts';

describe('the calendar, dashboards, My Courses and Class Reports in English and Arabic', () => {
  afterAll(() => setLocale('en'));

  it('English keeps its wording; Arabic words the legend, the time differences and their weeks', async () => {
    await setLocale('en');
    expect(describeDifference(0)).toBe('same time');
    expect(describeDifference(-90)).toBe('-1h 30m');
    expect(describeDifference(120)).toBe('+2h');
    expect(describeDifference(30)).toBe('+30m');
    const change = { label: 'Sam', timeZone: 'America/New_York', before: -420, after: -360 };
    expect(describeChange(change)).toBe('Time difference with Sam changes this week: -7h → -6h');
    expect(describeWeek('2026-10-31', [change, { ...change, label: 'Lee', before: 0, after: 60 }])).toBe('Week of 2026-10-31: Sam -7h → -6h, Lee same time → +1h');
    expect(kindLabel('next')).toBe('Next Classes');
    expect(ratingText(4.5)).toBe('4.5/5');
    expect(reportsSubtitle('student')).toBe('Reports added by your tutor after each class');
    expect(t('myCourses.weekly', { weekly: 2, minutes: 30 })).toBe('2 × 30 min / week');
    expect(t('dashboard.averageDelay', { minutes: '1.5', percent: '20' })).toBe('Average delay 1.5 min · 20% of classes');

    await setLocale('ar');
    expect(LEGEND.map((l) => l.label)).toEqual(['تم الحضور', 'فائتة', 'الحصص القادمة', 'تجريبية', 'أُعيدت جدولتها', 'جارية الآن', 'ملغاة', 'غياب']);
    expect(describeDifference(0)).toBe('التوقيت نفسه');
    expect(describeDifference(-90)).toBe('\u2066-1\u2069 س \u206630\u2069 د');
    expect(describeChange(change)).toBe('يتغيّر فرق التوقيت مع Sam هذا الأسبوع: من \u2066-7\u2069 س إلى \u2066-6\u2069 س');
    expect(describeWeek('2026-10-31', [change])).toMatch(/^أسبوع 31\u200f\/10\u200f\/2026: Sam من /);
    expect(reportsSubtitle('teacher')).toBe('التقارير التي أضفتها لطلابك بعد كل حصة');
    // Arabic's plural forms for the weekly classes and the minutes.
    expect([0, 1, 2, 3, 11, 100].map((n) => t('myCourses.weekly', { weekly: n, minutes: 30 }))).toEqual([
      'لا حصص أسبوعيًا × 30 دقيقة', 'حصة واحدة أسبوعيًا × 30 دقيقة', 'حصتان أسبوعيًا × 30 دقيقة',
      '3 حصص أسبوعيًا × 30 دقيقة', '11 حصة أسبوعيًا × 30 دقيقة', '100 حصة أسبوعيًا × 30 دقيقة',
    ]);
    expect(t('myCourses.weekly', { weekly: 2, minutes: 5 })).toBe('حصتان أسبوعيًا × 5 دقائق');
    expect(t('calendar.fc.moreHint', { n: 3 })).toBe('عرض 3 حصص أخرى');
  });
});
