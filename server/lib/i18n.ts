/**
 * Validation messages in the language the client asks for (issue 20). The routes word every 422 in
 * English, Laravel-style; `localiseValidation` turns such a body into Arabic when `Accept-Language`
 * prefers `ar` (the client sends `ar, en;q=0.5`), and leaves it as it is otherwise. The table is
 * keyed by the English sentence, so a route keeps wording its messages as before; a sentence built
 * from a field name or a number is matched by a pattern below; one missing from both stays English.
 */

export type ServerLocale = 'en' | 'ar';

/**
 * The language of `Accept-Language` among ours (`en`, `ar`): the highest `q` wins, the earlier tag
 * on a tie; a tag of neither language (`fr`, `*`) does not count; English when none is ours.
 */
export function pickLocale(header: string | undefined | null): ServerLocale {
  let best: { locale: ServerLocale; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'ar' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? 'en';
}

/**
 * The language a reply is worded in, from the request's `Accept-Language`; the reply is marked as
 * depending on it (`Vary`), so a cache keeps one copy per language.
 */
export function replyLocale(c: { req: { header(name: string): string | undefined }; header(name: string, value: string, opts?: { append?: boolean }): void }): ServerLocale {
  c.header('Vary', 'Accept-Language', { append: true });
  return pickLocale(c.req.header('Accept-Language'));
}

/**
 * The English validation sentences of server/ and their Arabic; a sentence the client's catalogue
 * also has (db/messages.ts) is worded as src/lib/i18n/ar/messages.ts words it.
 */
const AR: Readonly<Record<string, string>> = {
  'The given data was invalid.': 'البيانات المُدخلة غير صالحة.',
  // Sign-up and sign-in (server/lib/registration.ts, server/routes/auth.ts): the spec's wording.
  'Input is required': 'هذا الحقل مطلوب',
  'Fill required inputs': 'املأ الحقول المطلوبة',
  'Email not valid': 'البريد الإلكتروني غير صالح',
  'Password min length is 6': 'الحد الأدنى لطول كلمة المرور 6',
  'Passwords do not match': 'كلمتا المرور غير متطابقتين',
  'Phone number is not valid': 'رقم الهاتف غير صالح',
  'Country is not valid': 'الدولة غير صالحة',
  'Gender must be male or female': 'يجب أن يكون الجنس ذكرًا أو أنثى',
  'Input is too long': 'المُدخل طويل جدًا',
  'The email has already been taken.': 'هذا البريد الإلكتروني مُستخدم بالفعل.',
  'Input contains an invalid character': 'يحتوي المُدخل على حرف غير صالح',
  'These credentials do not match our records.': 'بيانات الدخول هذه لا تطابق سجلاتنا.',
  'This page is for teachers. Students sign in on the Sign In page.': 'هذه الصفحة للمعلمين. يسجّل الطلاب الدخول من صفحة تسجيل الدخول.',
  'This page is for students. Teachers sign in on the Teachers Sign In page.': 'هذه الصفحة للطلاب. يسجّل المعلمون الدخول من صفحة دخول المعلمين.',
  'The code is not valid.': 'الرمز غير صالح.',
  'The code has expired.': 'انتهت صلاحية الرمز.',
  'This password reset link is not valid.': 'رابط إعادة تعيين كلمة المرور هذا غير صالح.',
  'The selected type is invalid.': 'النوع المحدد غير صالح.',
  'The timezone is not valid.': 'المنطقة الزمنية غير صالحة.',
  // Enrolment (server/lib/enrollments.ts, server/routes/courses.ts).
  'Required inputs cannot be empty': 'لا يمكن ترك الحقول المطلوبة فارغة',
  "'Preferred Days' must be equal or more than 'Classes/ Week'": "يجب أن يكون عدد 'الأيام المفضلة' مساويًا لعدد 'الحصص/الأسبوع' أو أكثر",
  "'Schedule' times must be equal or more than 'Classes/ Week'": "يجب أن يكون عدد أوقات 'الجدول' مساويًا لعدد 'الحصص/الأسبوع' أو أكثر",
  'The selected class duration is invalid.': 'مدة الحصة المحددة غير صالحة.',
  'Classes per week must be between 1 and 6.': 'يجب أن يكون عدد الحصص في الأسبوع بين 1 و6.',
  'One class per week is available only for classes of 60 minutes or more.': 'حصة واحدة في الأسبوع متاحة فقط للحصص التي مدتها 60 دقيقة أو أكثر.',
  'The start day must be a valid date.': 'يجب أن يكون يوم البدء تاريخًا صالحًا.',
  'The start day must be tomorrow or later.': 'يجب أن يكون يوم البدء غدًا أو بعده.',
  'The start day must be one of the preferred days.': 'يجب أن يكون يوم البدء أحد الأيام المفضلة.',
  'The preferred days must be distinct week days (0 to 6).': 'يجب أن تكون الأيام المفضلة أيامًا مختلفة من الأسبوع (من 0 إلى 6).',
  'Each schedule entry needs a week day (0 to 6) and times from and to (HH:mm).': 'يحتاج كل موعد في الجدول إلى يوم من الأسبوع (من 0 إلى 6) ووقتَي بداية ونهاية (HH:mm).',
  'Please update enrollment form to resubmit': 'يُرجى تحديث استمارة التسجيل لإعادة الإرسال',
  'Please enter the reason.': 'يُرجى كتابة السبب.',
  'You are already enrolled in this course.': 'أنت مسجَّل بالفعل في هذه الدورة.',
  'The selected status is invalid.': 'الحالة المحددة غير صالحة.',
  'The selected teacher is invalid.': 'المعلم المحدد غير صالح.',
  'There is no teacher to assign.': 'لا يوجد معلم لتعيينه.',
  // Classes (server/routes/classes.ts).
  'The start date is not a valid date.': 'تاريخ البدء غير صالح.',
  'The enrollment field is required.': 'حقل التسجيل مطلوب.',
  'The selected enrollment is invalid.': 'التسجيل المحدد غير صالح.',
  'The date field is required.': 'حقل التاريخ مطلوب.',
  'The date is not a valid date.': 'التاريخ غير صالح.',
  'The start time field is required.': 'حقل وقت البدء مطلوب.',
  'The start time must be in HH:mm format.': 'يجب أن يكون وقت البدء بصيغة HH:mm.',
  'The date cannot be before today.': 'لا يمكن أن يكون التاريخ قبل اليوم.',
  'The start time is not valid.': 'وقت البدء غير صالح.',
  'The time cannot be before now.': 'لا يمكن أن يكون الوقت قبل الآن.',
  'The join url field is required.': 'حقل رابط الحصة مطلوب.',
  'The join url must be a valid URL.': 'يجب أن يكون رابط الحصة رابطًا صالحًا.',
  'Please add the class report first.': 'يرجى إضافة تقرير الحصة أولًا.',
  'The date must be between tomorrow and 7 days from today.': 'يجب أن يكون التاريخ بين الغد و7 أيام من اليوم.',
  'The minutes must be 00, 15, 30 or 45.': 'يجب أن تكون الدقائق 00 أو 15 أو 30 أو 45.',
  'The start at is not a valid date.': 'وقت البدء ليس تاريخًا صالحًا.',
  'The duration must be a positive number of minutes.': 'يجب أن تكون المدة عددًا موجبًا من الدقائق.',
  // Class reports (server/routes/class-reports.ts).
  'The rating field is required.': 'حقل التقييم مطلوب.',
  'The rating must be between 0 and 5 in half steps.': 'يجب أن يكون التقييم بين 0 و5 بخطوات من النصف.',
  'The teacher notes must be a string.': 'يجب أن تكون ملاحظات المعلم نصًا.',
  // Conversations (server/routes/conversations.ts).
  'The before must be a message id.': 'يجب أن تكون قيمة before رقم رسالة.',
  'The image must be an image.': 'يجب أن يكون الملف صورة.',
  // Wallet and family (server/routes/wallet.ts, server/routes/family.ts).
  'The selected payment method is invalid.': 'طريقة الدفع المحددة غير صالحة.',
  'The attachment must be an image.': 'يجب أن يكون المرفق صورة.',
  'Only USD is accepted.': 'لا يُقبل إلا الدولار الأمريكي.',
  // Working hours (server/routes/teacher-schedule.ts).
  'Please add at least one working time.': 'يرجى إضافة موعد عمل واحد على الأقل.',
  'The day must be between 0 and 6.': 'يجب أن يكون اليوم بين 0 و6.',
  'The end time must be in HH:mm format.': 'يجب أن يكون وقت الانتهاء بصيغة HH:mm.',
  'The end time must be after the start time.': 'يجب أن يكون وقت الانتهاء بعد وقت البدء.',
};

/** Field names as the generated sentences name them (`The {field} field is required.`). */
const FIELDS: Readonly<Record<string, string>> = {
  amount: 'المبلغ',
  day: 'اليوم',
  'end time': 'وقت الانتهاء',
  'start time': 'وقت البدء',
  'class activity': 'نشاط الحصة',
  homework: 'الواجب',
  'teacher notes': 'ملاحظات المعلم',
  comment: 'التعليق',
  reason: 'السبب',
  'cancelation reason': 'سبب الإلغاء',
  text: 'النص',
  message: 'الرسالة',
  image: 'الصورة',
  attachment: 'المرفق',
  search: 'البحث',
  name: 'الاسم',
  'order id': 'رقم الطلب',
  'payment method': 'طريقة الدفع',
  'child id': 'رقم حساب الابن',
  'sender id': 'رقم المرسل',
  'socket id': 'معرّف الاتصال',
  'channel name': 'اسم القناة',
};

/** Sentences with a field name or a number in them: English pattern, Arabic of its parts. */
const PATTERNS: readonly [RegExp, (field: string, n: string) => string][] = [
  [/^The (.+) field is required\.$/, (f) => `حقل ${f} مطلوب.`],
  [/^The (.+) may not be greater than (\d+) characters\.$/, (f, n) => `يجب ألا يزيد ${f} على ${n} حرف.`],
  [/^The (.+) may not be greater than (\d+) kilobytes\.$/, (f, n) => `يجب ألا يزيد حجم ${f} على ${n} كيلوبايت.`],
  [/^The (.+) may not be greater than (\d+(?:\.\d+)?)\.$/, (f, n) => `يجب ألا يزيد ${f} على ${n}.`],
  [/^The (.+) must be at least (\d+(?:\.\d+)?)\.$/, (f, n) => `يجب ألا يقل ${f} عن ${n}.`],
  [/^The (.+) must be a number\.$/, (f) => `يجب أن يكون ${f} رقمًا.`],
  [/^The (.+) must be greater than (0)\.$/, (f, n) => `يجب أن يكون ${f} أكبر من ${n}.`],
  [/^The (.+) must have at most (2) decimal places\.$/, (f, n) => `يجب ألا يزيد ${f} على ${n} من المنازل العشرية.`],
  [/^The (.+) contains an invalid character\.$/, (f) => `يحتوي ${f} على حرف غير صالح.`],
  [/^The (.+) format is invalid\.$/, (f) => `صيغة ${f} غير صالحة.`],
];

const PLAIN_PATTERNS: readonly [RegExp, (n: string) => string][] = [
  [/^You may add at most (\d+) working times\.$/, (n) => `يمكنك إضافة ${n} موعد عمل على الأكثر.`],
];

/** One English validation sentence in `locale`; a sentence the table does not know stays as it is. */
export function localiseMessage(text: string, locale: ServerLocale): string {
  if (locale === 'en') return text;
  const exact = AR[text];
  if (exact) return exact;
  for (const [re, arabic] of PATTERNS) {
    const m = re.exec(text);
    const field = m ? FIELDS[m[1]!] : undefined;
    if (m && field) return arabic(field, m[2] ?? '');
  }
  for (const [re, arabic] of PLAIN_PATTERNS) {
    const m = re.exec(text);
    if (m) return arabic(m[1]!);
  }
  return text;
}

/** A 422 body `{message, errors: {field: [msg]}}` in `locale`: its message and every field's messages. */
export function localiseValidation(body: Record<string, unknown>, locale: ServerLocale): Record<string, unknown> {
  if (locale === 'en') return body;
  const out: Record<string, unknown> = { ...body };
  if (typeof body.message === 'string') out.message = localiseMessage(body.message, locale);
  if (body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
    out.errors = Object.fromEntries(
      Object.entries(body.errors as Record<string, unknown>).map(([k, v]) => [
        k,
        Array.isArray(v) ? v.map((m) => (typeof m === 'string' ? localiseMessage(m, locale) : m)) : v,
      ]),
    );
  }
  return out;
}
