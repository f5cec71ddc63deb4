import type { AreaOf } from '../catalog.ts';
import type { config as en } from '../en/config.ts';

export const config = {
  'config.problemTitle': 'إعدادات التطبيق (config.json) غير صالحة: تُستخدم الإعدادات الافتراضية',
  'config.unreadable': 'تعذّرت قراءة {file} (HTTP {status})',
  'config.notJson': '{file} ليس ملف JSON صالحًا ({detail})',
  'config.invalid': 'في {file} مفاتيح غير صالحة: {keys}',
} as const satisfies AreaOf<typeof en>;
