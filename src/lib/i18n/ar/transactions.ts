import type { AreaOf } from '../catalog.ts';
import type { transactions as en } from '../en/transactions.ts';

export const transactions = {
  'transactions.title': 'سجل المعاملات',
  'transactions.timesIn': 'الأوقات بتوقيت {zone}',
  'transactions.timesInYours': 'الأوقات بتوقيت منطقتك الزمنية',
  'transactions.empty': 'لا توجد معاملات بعد',
  'transactions.transaction': 'المعاملة',
  'transactions.value': 'القيمة',
  'transactions.serial': 'الرقم التسلسلي',
  'transactions.time': 'الوقت',
  'transactions.type': 'النوع',
  'transactions.balanceAfter': 'الرصيد بعدها',
  'transactions.details': 'التفاصيل',
  'transactions.after': 'الرصيد بعدها {amount}',
  'transactions.classNumber': 'الحصة رقم {id}',
  'transactions.amount': 'المبلغ {amount}',
  'transactions.type.recharge': 'شحن الرصيد',
  'transactions.type.classPayment': 'دفع حصة',
  'transactions.type.familyBalanceTransfer': 'تحويل رصيد عائلي',
  'transactions.type.adminCreditsUpdate': 'تعديل الرصيد من الإدارة',
  'transactions.type.borrowBalance': 'اقتراض رصيد',
  'transactions.type.borrowBalanceDeduct': 'خصم الرصيد المقترض',
  'transactions.type.referralReward': 'مكافأة دعوة صديق',
  'transactions.type.wiseReward': 'مكافأة الدفع عبر Wise',
} as const satisfies AreaOf<typeof en>;
