import type { AreaOf } from '../catalog.ts';
import type { settings as en } from '../en/settings.ts';

export const settings = {
  'settings.security': 'الأمان',
  'settings.password': 'كلمة المرور',
  'settings.teacherPassword': 'لا يمكن للمعلمين تغيير كلمة المرور من هنا.',
  'settings.changePasswordHint': 'غيّر كلمة المرور التي تسجّل الدخول بها.',
  'settings.changePassword': 'تغيير كلمة المرور',
  'settings.signedInAs': 'مسجَّل الدخول باسم {email}',
  'settings.time': 'الوقت',
  'settings.notifications': 'الإشعارات',
  'settings.appearance': 'المظهر',
  'settings.darkMode': 'الوضع الداكن',
  'settings.language': 'اللغة',
  'settings.languageHint': 'يُحفظ على هذا الجهاز فقط.',
  'settings.timezone': 'المنطقة الزمنية',
  'settings.save': 'حفظ',
  'settings.browserZone': 'متصفحك مضبوط على {zone}.',
  'settings.notify': 'أبلغني بالرسائل وتغييرات الحصص',
  'settings.notifyUnsupported': 'هذا المتصفح لا يدعم الإشعارات.',
  'settings.notifyBlocked': 'الإشعارات محظورة لهذا الموقع في إعدادات متصفحك.',
  'settings.notifyHint': 'الرسائل الجديدة والتطبيق في الخلفية، وطلبات تغيير الموعد والرد عليها واقتراب موعد الحصة في أي وقت. على هذا الجهاز فقط.',
  'settings.newPassword': 'كلمة المرور الجديدة',
  'settings.confirmPassword': 'تأكيد كلمة المرور',
} as const satisfies AreaOf<typeof en>;
