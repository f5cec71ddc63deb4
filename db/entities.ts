import { z } from 'zod';

/**
 * The server's resources as the client accepts them (server/API.md is the contract). Every reply
 * is parsed with these before it reaches the mirror; a reply that does not fit is reported and not
 * written. Schemas are loose objects: unknown extra fields pass through, so a newer server does
 * not break an older client, but every field a screen relies on is checked.
 */

const id = z.number().int();
const nullableString = z.string().nullable();
const money = z.number();

export const personRef = z.looseObject({ id, name: z.string(), avatar: nullableString.optional().default(null) });

export const courseRef = z.looseObject({
  id,
  name: z.string(),
  image_url: nullableString.optional().default(null),
  category_name: z.string().optional(),
});

export const enrollmentRef = z.looseObject({
  id,
  course: courseRef,
  student: personRef,
  teacher: personRef.nullable(),
});
export type EnrollmentRef = z.infer<typeof enrollmentRef>;

export const notification = z.looseObject({
  id: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  data: z.looseObject({
    type: z.string(),
    title: z.string(),
    content: z.string(),
    course_id: id.nullable().optional(),
    course_class_id: id.nullable().optional(),
  }),
});
export type Notification = z.infer<typeof notification>;

export const user = z.looseObject({
  id,
  name: z.string(),
  email: z.string(),
  avatar: nullableString.optional().default(null),
  groupId: z.union([z.literal(0), z.literal(1)]),
  credits: money,
  loan_credits: money,
  can_borrow: z.boolean().optional().default(false),
  max_borrow_amount: money.optional().default(0),
  timezone: z.string(),
  notifications: z.array(notification).optional().default([]),
  notifications_count: z.number().int().nonnegative(),
  unread_inbox_count: z.number().int().nonnegative(),
  email_verified_at: nullableString,
  my_courses: z.number().int().nonnegative().optional().default(0),
  referral_link: nullableString.optional().default(null),
  is_parent: z.boolean().optional().default(false),
  /** A child account, made by a parent (a reference-server field; absent elsewhere reads as not). */
  is_child: z.boolean().optional().default(false),
  // Shown on the profile page; absent from older replies.
  full_phone: nullableString.optional().default(null),
  gender: nullableString.optional().default(null),
  date_of_birth: nullableString.optional().default(null),
});
export type User = z.infer<typeof user>;
export { isTeacher, type Role } from './roles.ts';

export const wsConfig = z.looseObject({
  key: z.string(),
  host: z.string(),
  port: z.number().int(),
  forceTLS: z.boolean(),
  cluster: z.string().optional().default('mt1'),
});
export type WsConfig = z.infer<typeof wsConfig>;

export const appSettings = z.looseObject({
  announcement: nullableString.optional().default(null),
  email_verification: z.boolean(),
  enable_app_wallet: z.boolean(),
  ramadan_mode: z.boolean(),
  ramadan_message: z.string().optional().default(''),
  home_reload_timeout: z.number().int().positive().optional().default(10_000),
  calendar_reload_timeout: z.number().int().positive().optional().default(20_000),
  pp_client: z.string().optional().default(''),
  monthly_class_changes: z.number().int().optional(),
  WsConfig: wsConfig,
});
export type AppSettings = z.infer<typeof appSettings>;

export const classStatus = z.enum(['scheduled', 'running', 'expired']);
export const fullStatus = z.enum(['scheduled', 'running', 'expired', 'missed', 'absent', 'canceled']);
export const paymentStatus = z.enum(['trial', 'paid', 'credits-not-enough']);

export const klass = z.looseObject({
  id,
  name: nullableString.optional().default(null),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  start_datetime: z.string(),
  end_datetime: z.string(),
  duration: z.number(),
  status: classStatus,
  full_status: fullStatus,
  enrollment: enrollmentRef,
  rescheduled: z.boolean(),
  waiting_reschedule_request: z.boolean(),
  absent: z.boolean(),
  canceled: z.boolean(),
  cancelation_reason: nullableString.optional().default(null),
  makeup: z.boolean(),
  payment_status: paymentStatus,
  has_class_report: z.boolean(),
  class_report_rating: z.number().nullable().optional().default(null),
  join_url: nullableString.optional().default(null),
  url_editable: z.boolean(),
  url_added_at: nullableString.optional().default(null),
  editable: z.boolean(),
  joinable: z.boolean(),
  can_mark_attended: z.boolean(),
  attended: z.boolean(),
  limit_exceeded: z.boolean(),
  available_class_changes: z.number().int(),
  monthly_class_changes: z.number().int(),
  student_age: z.number().nullable().optional().default(null),
  student_timezone: nullableString.optional().default(null),
  teacher_joined: z.boolean().optional().default(false),
  price: money.optional().default(0),
});
export type Class = z.infer<typeof klass>;

export const rescheduleRequest = z.looseObject({
  id,
  class_id: id,
  enrollment: enrollmentRef,
  sender: personRef,
  permanent: z.boolean(),
  old_start_formated: z.string(),
  start_formated: z.string(),
  old_start_datetime: z.string().optional(),
  start_datetime: z.string().optional(),
  reason: nullableString.optional().default(null),
  status: z.enum(['pending', 'approved', 'rejected']),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;

export const scheduleEntry = z.looseObject({ day: z.number().int().min(0).max(6), from: z.string(), to: z.string() });

export const enrollment = z.looseObject({
  id,
  status: z.string(),
  admin_comment: nullableString.optional().default(null),
  class_duration: z.number().int(),
  weekly_classes: z.number().int(),
  start_day: z.string(),
  comment: nullableString.optional().default(null),
  preferred_days: z.array(z.number().int().min(0).max(6)),
  schedule: z.array(scheduleEntry),
  hourly_price: money.nullable().optional().default(null),
  finish_requested: z.boolean(),
  course: courseRef,
  student: personRef,
  teacher: personRef.nullable(),
  created_at: z.string().optional(),
});
export type Enrollment = z.infer<typeof enrollment>;

export const course = z.looseObject({
  id,
  name: z.string(),
  description: z.string().optional().default(''),
  image_url: nullableString.optional().default(null),
  category_id: id,
  category_name: z.string(),
  details_url: nullableString.optional().default(null),
  hourly_price: money,
  featured: z.boolean().optional().default(false),
  status: z.string().optional().default('active'),
  enrolled: z.boolean().optional().default(false),
  enrollment: enrollment.nullable().optional().default(null),
  finish_requested: z.boolean().optional().default(false),
  weekly_price: money.nullable().optional().default(null),
});
export type Course = z.infer<typeof course>;

export const classDurationItem = z.looseObject({ text: z.string(), value: z.number().int() });

export const home = z.looseObject({
  user: user.optional(),
  next_class: klass.nullable(),
  reschedule_requests: z.array(rescheduleRequest),
  slide_images: z.array(z.looseObject({ url: z.string(), href: nullableString.optional() })),
  enrollments: z.array(enrollment).optional().default([]),
  enrollments_count: z.number().int().optional().default(0),
  students_count: z.number().int().optional().default(0),
  month_done_classes: z.number().optional().default(0),
  month_done_duration: z.number().optional().default(0),
  month_salary: z.number().optional().default(0),
  month_delayed_classes: z.number().optional().default(0),
  month_delay_average: z.number().optional().default(0),
  month_delay_percent_total_classes: z.number().optional().default(0),
  last_month_done_classes: z.number().optional().default(0),
  last_month_done_duration: z.number().optional().default(0),
  last_month_salary: z.number().optional().default(0),
  last_month_delayed_classes: z.number().optional().default(0),
  last_month_delay_average: z.number().optional().default(0),
  last_month_delay_percent_total_classes: z.number().optional().default(0),
  teaching_courses: z.array(course).optional().default([]),
  featured_courses: z.array(course).optional().default([]),
  low_credits_alert: z.boolean().optional().default(false),
});
export type Home = z.infer<typeof home>;

export const classReport = z.looseObject({
  id,
  class_id: id,
  rating: z.number().min(0).max(5),
  class_activity: z.string(),
  homework: z.string(),
  teacher_notes: nullableString.optional().default(null),
  student: personRef,
  teacher: personRef,
  course: courseRef,
  class: z.looseObject({ id, name: nullableString.optional().default(null), start_datetime: z.string() }),
  created_at_timestamp: z.number(),
});
export type ClassReport = z.infer<typeof classReport>;

export const message = z.looseObject({
  id,
  conversation_id: id,
  type: z.enum(['text', 'image', 'audio', 'video']),
  text: nullableString.optional().default(null),
  image_url: nullableString.optional().default(null),
  audio: nullableString.optional().default(null),
  download: nullableString.optional().default(null),
  sender: z.looseObject({ id, name: z.string(), avatar: nullableString.optional().default(null), support: z.boolean().optional().default(false) }),
  sender_type: z.string().optional().default('user'),
  created_at_timestamp: z.number(),
  client_key: nullableString.optional().default(null),
});
export type Message = z.infer<typeof message>;
/** A mirror `messages` row: a server message, or an unsent one (string id, `pending`). */
export const messageRow = message.extend({ id: z.union([z.number().int(), z.string()]), pending: z.boolean().optional() });

export const conversation = z.looseObject({
  id,
  title: z.string(),
  avatar: nullableString.optional().default(null),
  seen: z.boolean(),
  closed: z.boolean(),
  created_at_timestamp: z.number(),
  updated_at_timestamp: z.number().optional(),
  last_message: message.nullable().optional().default(null),
});
export type Conversation = z.infer<typeof conversation>;

export const paymentMethod = z.looseObject({
  id: z.string(),
  type: z.enum(['manual', 'card']),
  name: z.string(),
  text: z.string().optional().default(''),
  logo: nullableString.optional().default(null),
  reward: nullableString.optional().default(null),
  steps: z.array(z.string()).optional().default([]),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const wallet = z.looseObject({
  credits: money,
  loan_credits: money,
  can_borrow: z.boolean(),
  max_borrow_amount: money,
  payment_methods: z.array(paymentMethod),
  pending_payments_count: z.number().int(),
  min_recharge_amount: money,
  referral_link: nullableString.optional().default(null),
  weekly_cost: money.optional().default(0),
});
export type Wallet = z.infer<typeof wallet>;

export const child = z.looseObject({
  id,
  name: z.string(),
  email: z.string(),
  avatar: nullableString.optional().default(null),
  credits: money,
  loan_credits: money,
});
export type Child = z.infer<typeof child>;

export const transaction = z.looseObject({
  id,
  serial: z.string(),
  type: z.string(),
  timestamp: z.number(),
  created_at_readable: z.string(),
  credits_after: money,
  value: money,
  amount: money.nullable().optional().default(null),
  comment: nullableString.optional().default(null),
  class: z.looseObject({ id, name: nullableString.optional().default(null), start_datetime: z.string() }).nullable().optional().default(null),
});
export type Transaction = z.infer<typeof transaction>;

export const transactions = z.looseObject({
  recharges: z.array(transaction),
  class_payments: z.array(transaction),
  wallet_logs: z.array(transaction),
});

export const salaryReport = z.looseObject({
  salary: money,
  classes_count: z.number().int(),
  classes: z.array(
    z.looseObject({
      id,
      paid: z.boolean(),
      enrollment: enrollmentRef,
      duration: z.number(),
      teacher_hourly_price: money,
      start_formated: z.string(),
    }),
  ),
});
export type SalaryReport = z.infer<typeof salaryReport>;

export const scheduleRow = z.looseObject({
  id: id.optional(),
  day: z.number().int().min(0).max(6),
  start_time: z.string(),
  end_time: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

/** Envelopes. */
export const dataOf = <T extends z.ZodType>(inner: T) => z.looseObject({ data: inner });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    links: z.looseObject({ next: z.string().nullable() }).optional().default({ next: null }),
  });
