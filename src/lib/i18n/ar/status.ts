import type { AreaOf } from '../catalog.ts';
import type { status as en } from '../en/status.ts';

/** Enrolment statuses read of the enrolment (التسجيل); class statuses (expired … running) of the class (الحصة). */
export const status = {
  'status.review': 'قيد المراجعة',
  'status.pending': 'قيد الانتظار',
  'status.not-approved': 'قيد الانتظار',
  'status.updated': 'تم تحديث الاستمارة',
  'status.completed': 'مكتمل',
  'status.joined': 'مسجَّل',
  'status.action-needed': 'مطلوب إجراء',
  'status.approved': 'مقبول',
  'status.finished': 'منتهٍ',
  'status.canceled': 'ملغى',
  'status.suspended': 'موقوف',
  'status.not-verified': 'غير مؤكَّد',
  'status.active': 'نشط',
  'status.reviewed': 'تمت المراجعة',
  'status.unread': 'غير مقروء',
  'status.expired': 'تم الحضور',
  'status.missed': 'فائتة',
  'status.scheduled': 'مجدولة',
  'status.running': 'جارية الآن',
} as const satisfies AreaOf<typeof en>;
