import type { AreaOf } from '../catalog.ts';
import type { wallet as en } from '../en/wallet.ts';

export const wallet = {
  'wallet.balance': 'الرصيد',
  'wallet.pendingCount':
    '{count, plural, zero {لا مدفوعات قيد المراجعة} one {دفعة واحدة قيد المراجعة} two {دفعتان قيد المراجعة} few {# دفعات قيد المراجعة} many {# دفعة قيد المراجعة} other {# دفعة قيد المراجعة}}',
  'wallet.loanBalance': 'رصيد السلفة',
  'wallet.loanHint': 'تُسدَّد من شحن رصيدك القادم',
  'wallet.borrowTitle': 'اقتراض رصيد',
  'wallet.borrow': 'اقترض',
  'wallet.borrowOffer': 'يمكنك اقتراض ما يصل إلى {amount} وسداده من شحن رصيدك القادم.',
  'wallet.borrowUnavailable': 'الاقتراض غير متاح لك حاليًا.',
  'wallet.borrowUpTo': 'يمكنك اقتراض ما يصل إلى {amount}، ويُسدَّد من شحن رصيدك القادم.',
  'wallet.amount': 'المبلغ',
  'wallet.amountAtLeast': 'يجب ألا يقل المبلغ عن {min}',
  'wallet.recharge': 'شحن الرصيد',
  'wallet.minimum': 'الحد الأدنى {amount}',
  'wallet.recommend': 'ننصحك بشحن ما بين {from} و{to}، أي ما يكفي حصصك من 4 إلى 5 أسابيع.',
  'wallet.use': 'استخدم {amount}',
  'wallet.payWith': 'ادفع عبر {method}',
  'wallet.cardTitle': 'ادفع {amount} بالبطاقة',
  'wallet.cardNote': 'تذهب بيانات بطاقتك إلى مزوّد الدفع وحده؛ لا نراها ولا نحفظها أبدًا.',
  'wallet.cardLoading': 'جارٍ تحميل مزوّد الدفع',
  // The method's name (often English) is isolated, so the amount does not join its left-to-right run.
  'wallet.manualTitle': '\u2068{method}\u2069: {amount}',
  'wallet.next': 'التالي',
  'wallet.back': 'رجوع',
  'wallet.submit': 'إرسال',
  'wallet.manualHint': 'بعد أن تدفع، اضغط «التالي» وأرسل لنا رسالتك.',
  'wallet.message': 'الرسالة',
  'wallet.messagePlaceholder': 'رقم التحويل، اسم المُرسِل...',
  'wallet.attachmentOptional': 'مرفق (صورة، اختياري)',
  'wallet.attachment': 'المرفق',
  'wallet.attachImage': 'إرفاق صورة',
  'wallet.changeImage': 'تغيير الصورة',
  'wallet.removeImage': 'إزالة الصورة',
  'wallet.notImage': 'يجب أن يكون المرفق صورة.',
} as const satisfies AreaOf<typeof en>;
