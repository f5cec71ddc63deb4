import type { Class } from '../../../db/entities.ts';

/**
 * A complete `Class` for tests and previews: a scheduled, paid, editable class tomorrow. Pass the
 * fields that matter to the case at hand.
 */
export function makeClass(over: Partial<Class> = {}): Class {
  return {
    id: 1,
    name: 'Quran Recitation',
    date: '2026-03-10',
    start: '17:00',
    end: '18:00',
    start_datetime: '2026-03-10T15:00:00.000Z',
    end_datetime: '2026-03-10T16:00:00.000Z',
    duration: 60,
    status: 'scheduled',
    full_status: 'scheduled',
    enrollment: {
      id: 10,
      course: { id: 100, name: 'Quran Recitation', image_url: null },
      student: { id: 2, name: 'Sara Student', avatar: null },
      teacher: { id: 3, name: 'Omar Teacher', avatar: null },
    },
    rescheduled: false,
    waiting_reschedule_request: false,
    absent: false,
    canceled: false,
    cancelation_reason: null,
    makeup: false,
    payment_status: 'paid',
    has_class_report: false,
    class_report_rating: null,
    join_url: null,
    url_editable: false,
    url_added_at: null,
    editable: true,
    joinable: false,
    can_mark_attended: false,
    attended: false,
    limit_exceeded: false,
    available_class_changes: 4,
    monthly_class_changes: 4,
    student_age: null,
    student_timezone: null,
    teacher_joined: false,
    price: 10,
    ...over,
  };
}
