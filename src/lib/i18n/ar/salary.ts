import type { AreaOf } from '../catalog.ts';
import type { salary as en } from '../en/salary.ts';

export const salary = {
  'salary.title': 'تقرير الراتب',
  'salary.previousTitle': 'تقرير الراتب السابق',
  'salary.salary': 'الراتب',
  'salary.classes': 'الحصص',
  'salary.attendedClasses': 'الحصص المحضورة',
  'salary.start': 'البداية (بتوقيت القاهرة)',
  'salary.student': 'الطالب',
  'salary.course': 'الدورة',
  'salary.duration': 'المدة',
  'salary.hourlyPrice': 'سعر الساعة',
  'salary.paid': 'الدفع',
  'salary.minutes': '{n, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتان} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'salary.isPaid': 'مدفوعة',
  'salary.notPaid': 'غير مدفوعة',
} as const satisfies AreaOf<typeof en>;
