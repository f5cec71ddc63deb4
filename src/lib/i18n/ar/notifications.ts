import type { AreaOf } from '../catalog.ts';
import type { notifications as en } from '../en/notifications.ts';

export const notifications = {
  'notifications.title': 'الإشعارات',
  'notifications.bellUnread': 'الإشعارات، {count, plural, one {إشعار واحد غير مقروء} two {إشعاران غير مقروءين} few {# إشعارات غير مقروءة} many {# إشعارًا غير مقروء} other {# إشعار غير مقروء}}',
  'notifications.empty': 'لا توجد إشعارات بعد',
  'notifications.showAll': 'عرض الكل',
  'notifications.startsIn': 'تبدأ حصتك خلال {minutes, plural, one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'notifications.classCanceled': 'أُلغيت حصتك',
} as const satisfies AreaOf<typeof en>;
