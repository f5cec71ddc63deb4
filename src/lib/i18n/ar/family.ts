import type { AreaOf } from '../catalog.ts';
import type { family as en } from '../en/family.ts';

export const family = {
  'family.yourBalance': 'رصيدك: {amount}',
  'family.transfer': 'تحويل',
  'family.transferTo': 'تحويل إلى {name}',
  'family.addChild': 'إضافة حساب ابن',
  'family.empty': 'لا توجد حسابات للأبناء بعد',
  'family.emptyHint': 'أنشئ حسابًا لكل ابن واشحن رصيده من محفظتك.',
  'family.childAccounts': 'حسابات الأبناء',
  'family.name': 'الاسم',
  'family.email': 'البريد الإلكتروني',
  'family.balance': 'الرصيد',
  'family.loan': 'السلفة',
  'family.actions': 'الإجراءات',
  'family.transferTitle': 'تحويل رصيد',
  'family.child': 'الابن',
  // The child's name (often Latin) is isolated, so the balance does not join its run.
  'family.childOption': '\u2068{name}\u2069 ({amount})',
  'family.amount': 'المبلغ',
} as const satisfies AreaOf<typeof en>;
