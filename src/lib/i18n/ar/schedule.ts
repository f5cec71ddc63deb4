import type { AreaOf } from '../catalog.ts';
import type { schedule as en } from '../en/schedule.ts';

export const schedule = {
  'schedule.title': 'ساعات العمل',
  'schedule.subtitle': 'أدخل ساعات عملك الثابتة، ونرجو إبلاغنا قبل تغييرها.',
  'schedule.queued': 'حُفظت على هذا الجهاز، وستُرسَل تغييراتك عند عودة الاتصال بالإنترنت.',
  'schedule.loading': 'جارٍ تحميل ساعات عملك…',
  'schedule.addRow': 'إضافة موعد آخر',
  'schedule.save': 'حفظ التغييرات',
  'schedule.discardEdits': 'تجاهل التغييرات',
  'schedule.day': 'اليوم',
  'schedule.chooseDay': 'اختر يومًا',
  'schedule.from': 'من',
  'schedule.to': 'إلى',
  'schedule.entryN': 'الموعد {n}',
  'schedule.dayN': 'اليوم {n}',
  'schedule.fromN': 'من {n}',
  'schedule.toN': 'إلى {n}',
  'schedule.removeN': 'حذف الموعد {n}',
  'schedule.otherDay': 'اليوم {day}',
  'schedule.endBeforeStart': 'يجب أن يكون وقت الانتهاء بعد وقت البدء.',
  'schedule.overlaps': 'يتداخل مع موعد آخر يوم {day} ({from}–{to}). يجب ألا تتداخل المواعيد في اليوم نفسه.',
} as const satisfies AreaOf<typeof en>;
