import type { AreaOf } from '../catalog.ts';
import type { myCourses as en } from '../en/my-courses.ts';

/** دوراتي: الدورة (course)، الحصة (class)، المعلم. */
export const myCourses = {
  'myCourses.title': 'دوراتي',
  'myCourses.emptyTitle': 'لم تسجِّل في أي دورة بعد',
  'myCourses.emptyText': 'تصفَّح قائمة الدورات واختر دورتك الأولى.',
  'myCourses.browse': 'تصفَّح الدورات',
  'myCourses.search': 'ابحث في دوراتي',
  'myCourses.current': 'الدورات الحالية',
  'myCourses.past': 'المنتهية والملغاة',
  'myCourses.teacher': 'المعلم: {name}',
  'myCourses.noTeacher': 'لم يُحدَّد المعلم بعد',
  'myCourses.weekly':
    '{weekly, plural, zero {لا حصص} one {حصة واحدة} two {حصتان} few {# حصص} many {# حصة} other {# حصة}} أسبوعيًا × {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتان} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
} as const satisfies AreaOf<typeof en>;
