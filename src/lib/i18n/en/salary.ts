/** Salary reports (src/features/salary). */
export const salary = {
  'salary.title': 'Salary Report',
  'salary.previousTitle': 'Previous Salary Report',
  'salary.salary': 'Salary',
  'salary.classes': 'Classes',
  'salary.attendedClasses': 'Attended classes',
  'salary.start': 'Start (Cairo)',
  'salary.student': 'Student',
  'salary.course': 'Course',
  'salary.duration': 'Duration',
  'salary.hourlyPrice': 'Hourly Price',
  'salary.paid': 'Paid',
  'salary.minutes': '{n, plural, other {# min}}',
  'salary.isPaid': 'Paid',
  'salary.notPaid': 'Not paid',
} as const;
