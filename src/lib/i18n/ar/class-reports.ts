import type { AreaOf } from '../catalog.ts';
import type { classReports as en } from '../en/class-reports.ts';

/** تقارير الحصص: الحصة (class)، الدورة (course)، المعلم، الطالب. */
export const classReports = {
  'classReports.title': 'تقارير الحصص',
  'classReports.subtitleTeacher': 'التقارير التي أضفتها لطلابك بعد كل حصة',
  'classReports.subtitleStudent': 'تقارير يضيفها معلمك بعد كل حصة',
  'classReports.selectStudent': 'اختر الطالب',
  'classReports.selectCourse': 'اختر الدورة',
  'classReports.optionPair': '{first} · {second}',
  'classReports.student': 'الطالب',
  'classReports.teacher': 'المعلم',
  'classReports.signIn': 'تسجيل الدخول',
  'classReports.list': 'تقارير الحصص',
  'classReports.loadMore': 'تحميل مزيد من التقارير',
  'classReports.editTitle': 'تعديل تقرير الحصة',
  'classReports.cancel': 'إلغاء',
  'classReports.save': 'حفظ',
  'classReports.editsKept': 'احتفظنا بتغييراتك غير المحفوظة على هذا التقرير.',
  'classReports.discardEdits': 'تجاهل التغييرات',
  'classReports.detailTitle': 'تقرير الحصة',
  'classReports.edit': 'تعديل',
  'classReports.close': 'إغلاق',
  'classReports.course': 'الدورة',
  'classReports.class': 'الحصة',
  'classReports.classActivity': 'نشاط الحصة',
  'classReports.homework': 'الواجب',
  'classReports.teacherNotes': 'ملاحظات المعلم',
  'classReports.rowLabel': 'تقرير الحصة: {course}، {name}، {date}',
  'classReports.editLabel': 'تعديل تقرير حصة {date}',
  'classReports.rating': 'التقييم {value} من {max}',
  'classReports.ratingText': '{value}/{max}',
} as const satisfies AreaOf<typeof en>;
