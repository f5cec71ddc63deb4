import { z } from 'zod';
import { classTimes, deriveContext, dropRow, issuesText } from './derive.ts';
import { CLASS_STATUSES, FULL_STATUSES, MESSAGE_TYPES, PAYMENT_METHOD_TYPES, PAYMENT_STATUSES, RESCHEDULE_STATUSES, type Open } from './known-values.ts';

export * from './known-values.ts';

/**
 * The server's resources as the client accepts them. Our contract with the real backend is the
 * spec (both documents, sections 3 and 7): a schema requires the fields the spec names for its
 * entity and nothing more; what the reference server adds beyond them (server/API.md) is optional,
 * and derived from the spec's fields where a screen needs it (each such field names the spec's
 * line). Statuses and types are open: "Unknown values show as they are" (section 4), so any text
 * passes and the screens give the known ones their label and colour. Lists are read row by row
 * (`rowsOf`): a row that does not fit is reported and left out, the others are kept. Every reply is
 * parsed with these before it reaches the mirror (worker/sync/validate.ts). Schemas are loose
 * objects: unknown extra fields pass through, so a newer server does not break an older client.
 */

const id = z.number().int();
const nullableString = z.string().nullable();
const money = z.number();

/**
 * An open set of values: the spec's known ones are named for type-checking (autocompletion, typos
 * in comparisons), and any other text passes ("Unknown values show as they are", section 4).
 */
const open = <const T extends readonly [string, ...string[]]>(_known: T) => z.string() as unknown as z.ZodType<Open<T>, string>;

/**
 * A list read row by row (ARCHITECTURE rule 5): a row that does not fit `item` is left out and
 * reported with its place in the reply (`list`, e.g. `data` or `reschedule_requests`) and its id
 * (db/derive.ts `dropRow`; worker/sync/validate.ts reports it); the other rows are kept.
 */
export const rowsOf = <T extends z.ZodType>(item: T, list = 'data') =>
  z.array(z.unknown()).transform((xs) => {
    const kept: z.output<T>[] = [];
    xs.forEach((x, index) => {
      const r = item.safeParse(x);
      if (r.success) kept.push(r.data);
      else {
        const rowId = x && typeof x === 'object' ? (x as { id?: unknown }).id : undefined;
        dropRow({ list, index, id: typeof rowId === 'string' || typeof rowId === 'number' ? rowId : null, issues: issuesText(r.error.issues) });
      }
    });
    return kept;
  });

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

/** The user (shell spec section 3, User; messaging spec section 3, "User (wallet fields)"). */
export const user = z.looseObject({
  id,
  name: z.string(),
  // Not named by the spec's User (nor sent by its /token/valid): the screens that show it cope without.
  email: nullableString.optional().default(null),
  avatar: nullableString.optional().default(null),
  groupId: z.union([z.literal(0), z.literal(1)]),
  credits: money,
  loan_credits: money,
  can_borrow: z.boolean().optional().default(false),
  max_borrow_amount: money.optional().default(0),
  timezone: z.string(),
  notifications: rowsOf(notification, 'notifications').optional().default([]),
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

/**
 * Realtime connection settings (shell spec section 3: "WsConfig (realtime connection settings;
 * contents not shown)"): Pusher's options as far as they come; what is missing is the page's host
 * on the default ports over TLS, and config.json's `realtime` may give any of it (README).
 */
export const wsConfig = z.looseObject({
  key: z.string().optional().default(''),
  host: nullableString.optional().transform((h) => h ?? ''),
  port: z.coerce.number().int().optional().default(0),
  forceTLS: z.boolean().optional().default(true),
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
  WsConfig: wsConfig.optional(),
});
export type AppSettings = z.infer<typeof appSettings>;

/** Shell spec section 4: class status, display labels, payment_status. Open: unknown values pass. */
export const classStatus = open(CLASS_STATUSES);
export const fullStatus = open(FULL_STATUSES);
export const paymentStatus = open(PAYMENT_STATUSES);

/** The class as it comes (shell spec section 3, Class); `klass` adds what is derived from it. */
const klassReply = z.looseObject({
  id,
  name: nullableString.optional().default(null),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  start_datetime: z.string(),
  // Not named by the spec (Class: "start, end, date, start_datetime"): derived below when absent.
  end_datetime: z.string().optional(),
  duration: z.number().optional(),
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
  // The reference server's, not the spec's: the join alert and the charge shown do without them.
  teacher_joined: z.boolean().optional(),
  price: money.optional().default(0),
});

/**
 * A class with `end_datetime` and `duration` always there: the reply's own, or derived from the
 * spec's `date`, `start`, `end` and `start_datetime` in the user's timezone (db/derive.ts
 * `classTimes`; an end not after the start is the next day). A class whose times cannot be read
 * does not fit.
 */
export const klass = klassReply.transform((k, ctx) => {
  if (k.end_datetime !== undefined && k.duration !== undefined) return { ...k, end_datetime: k.end_datetime, duration: k.duration };
  const t = classTimes(k, deriveContext().timezone);
  if (!t) {
    ctx.issues.push({ code: 'custom', message: 'date, start and end are not a date and times', input: k, path: ['end'] });
    return z.NEVER;
  }
  return { ...k, start_datetime: t.start_datetime, end_datetime: k.end_datetime ?? t.end_datetime, duration: k.duration ?? t.duration };
});
export type Class = z.infer<typeof klass>;

/** Shell spec section 3, Reschedule request: id, enrollment, sender, permanent, old_start_formated, start_formated, reason. */
export const rescheduleRequest = z.looseObject({
  id,
  // Not named by the spec: the class is found from `enrollment` + `old_start_formated` where it is
  // needed (src/features/classes/rules.ts `requestIsFor`).
  class_id: id.nullable().optional().default(null),
  enrollment: enrollmentRef,
  sender: personRef,
  permanent: z.boolean(),
  old_start_formated: z.string(),
  start_formated: z.string(),
  old_start_datetime: z.string().optional(),
  start_datetime: z.string().optional(),
  reason: nullableString.optional().default(null),
  // Not named by the spec: a request is listed while it waits, so a listed one is pending.
  status: open(RESCHEDULE_STATUSES).optional().default('pending'),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;

export const scheduleEntry = z.looseObject({ day: z.number().int().min(0).max(6), from: z.string(), to: z.string() });

/** Messaging spec section 3: "Enrolment list item: id, student, course" and "Enrolment: status, admin_comment, ...". */
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
  // The spec names finish_requested on a course, not on an enrolment: false unless said.
  finish_requested: z.boolean().optional().default(false),
  course: courseRef,
  student: personRef,
  // Not named for an enrolment list item: a class's enrollment names it (shell spec, Class).
  teacher: personRef.nullable().optional().default(null),
  created_at: z.string().optional(),
});
export type Enrollment = z.infer<typeof enrollment>;

/** Messaging spec section 3, Course. */
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

/** A course as the dashboard shows it (shell spec section 3: id, name, description, image_url, category_name, featured, status). */
export const homeCourse = z.looseObject({
  id,
  name: z.string(),
  description: z.string().nullable().optional().transform((d) => d ?? ''),
  image_url: nullableString.optional().default(null),
  category_name: z.string().optional().default(''),
  featured: z.boolean().optional().default(false),
  status: z.string().optional().default('active'),
});
export type HomeCourse = z.infer<typeof homeCourse>;

export const classDurationItem = z.looseObject({ text: z.string(), value: z.number().int() });

export const home = z.looseObject({
  user: user.optional(),
  next_class: klass.nullable(),
  reschedule_requests: rowsOf(rescheduleRequest, 'reschedule_requests'),
  slide_images: rowsOf(z.looseObject({ url: z.string(), href: nullableString.optional() }), 'slide_images'),
  enrollments: rowsOf(enrollment, 'enrollments').optional().default([]),
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
  teaching_courses: rowsOf(homeCourse, 'teaching_courses').optional().default([]),
  featured_courses: rowsOf(homeCourse, 'featured_courses').optional().default([]),
  low_credits_alert: z.boolean().optional().default(false),
});
export type Home = z.infer<typeof home>;

/** Messaging spec section 3, Class report: id, rating, class_activity, homework, teacher_notes, student, teacher, class, created_at_timestamp. */
export const classReport = z
  .looseObject({
    id,
    // Not named by the spec: the report's `class` names it.
    class_id: id.optional(),
    rating: z.number().min(0).max(5),
    class_activity: z.string(),
    homework: z.string(),
    teacher_notes: nullableString.optional().default(null),
    student: personRef,
    teacher: personRef,
    // Not named by the spec: its class's course when that says it, else none (the screens show the class's name).
    course: courseRef.nullable().optional().default(null),
    class: z.looseObject({
      id,
      name: nullableString.optional().default(null),
      start_datetime: z.string(),
      course: courseRef.optional(),
      enrollment: z.looseObject({ course: courseRef }).optional(),
    }),
    created_at_timestamp: z.number(),
  })
  .transform((r) => ({ ...r, class_id: r.class_id ?? r.class.id, course: r.course ?? r.class.course ?? r.class.enrollment?.course ?? null }));
export type ClassReport = z.infer<typeof classReport>;

/** Messaging spec section 3, Message: id, type, text, image_url, audio, download, sender, sender_type, created_at_timestamp. */
const messageShape = z.looseObject({
  id,
  // Not named by the spec: the conversation the message was read from (db/derive.ts `conversationId`).
  conversation_id: id.optional(),
  type: open(MESSAGE_TYPES),
  text: nullableString.optional().default(null),
  image_url: nullableString.optional().default(null),
  audio: nullableString.optional().default(null),
  download: nullableString.optional().default(null),
  sender: z.looseObject({ id, name: z.string(), avatar: nullableString.optional().default(null), support: z.boolean().optional().default(false) }),
  sender_type: z.string().optional().default('user'),
  created_at_timestamp: z.number(),
  client_key: nullableString.optional().default(null),
});
/** A message without the conversation it belongs to, read from a conversation's own reply or channel. */
const withConversation = <M extends { conversation_id?: number }>(m: M, conversationId: number | null | undefined) => {
  const c = m.conversation_id ?? conversationId;
  return c == null ? null : { ...m, conversation_id: c };
};
export const message = messageShape.transform((m, ctx) => {
  const r = withConversation(m, deriveContext().conversationId);
  if (r) return r;
  ctx.issues.push({ code: 'custom', message: 'no conversation_id, and not read from a conversation', input: m, path: ['conversation_id'] });
  return z.NEVER;
});
export type Message = z.infer<typeof message>;
/** A mirror `messages` row: a server message, or an unsent one (string id, `pending`). */
export const messageRow = messageShape.extend({ conversation_id: id, id: z.union([z.number().int(), z.string()]), pending: z.boolean().optional() });

/** Messaging spec section 3, Conversation: id, title, avatar, seen, closed, created_at_timestamp, last_message. */
export const conversation = z
  .looseObject({
    id,
    title: z.string(),
    avatar: nullableString.optional().default(null),
    seen: z.boolean(),
    closed: z.boolean(),
    created_at_timestamp: z.number(),
    updated_at_timestamp: z.number().optional(),
    last_message: messageShape.nullable().optional().default(null),
  })
  // The last message belongs to this conversation.
  .transform((c) => ({ ...c, last_message: c.last_message && withConversation(c.last_message, c.id)! }));
export type Conversation = z.infer<typeof conversation>;

/**
 * Messaging spec section 3, Wallet data: payment_methods (name, text, logo, reward, steps). `id`
 * and `type` are the reference server's: without them the method is named by its name (what a
 * manual payment sends as `payment_method`), and it is the card provider's flow when its name says
 * card or PayPal and its text asks for no {AMOUNT} transfer (section 4, Recharge), else a manual one.
 */
export const paymentMethod = z
  .looseObject({
    id: z.string().optional(),
    type: open(PAYMENT_METHOD_TYPES).optional(),
    name: z.string(),
    text: nullableString.optional().transform((t) => t ?? ''),
    logo: nullableString.optional().default(null),
    reward: nullableString.optional().default(null),
    steps: z.array(z.string()).nullable().optional().transform((s) => s ?? []),
  })
  .transform((m) => ({
    ...m,
    id: m.id ?? m.name,
    type: m.type ?? (/\bcard\b|paypal/i.test(m.name) && !m.text.includes('{AMOUNT}') ? 'card' : 'manual'),
  }));
export type PaymentMethod = z.infer<typeof paymentMethod>;

/**
 * Messaging spec section 3, Wallet data: payment_methods, pending_payments_count, min_recharge_amount.
 * The balances and borrow rights are the user's in the spec ("User (wallet fields)"): when the
 * reply lacks them the worker stores the user's (worker/sync/resources.ts).
 */
export const wallet = z.looseObject({
  credits: money.optional(),
  loan_credits: money.optional(),
  can_borrow: z.boolean().optional(),
  max_borrow_amount: money.optional(),
  payment_methods: rowsOf(paymentMethod, 'payment_methods'),
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

/** Messaging spec section 3, Transaction types: each has serial, timestamp, created_at_readable, credits_after and a value. */
const transactionShape = z.looseObject({
  // Not named by the spec: its `serial` names a transaction.
  id: z.union([id, z.string()]).optional(),
  serial: z.union([z.string(), z.number()]).transform(String),
  type: z.string(),
  timestamp: z.number(),
  created_at_readable: z.string(),
  credits_after: money,
  value: money,
  amount: money.nullable().optional().default(null),
  comment: nullableString.optional().default(null),
  class: z.looseObject({ id, name: nullableString.optional().default(null), start_datetime: z.string().optional() }).nullable().optional().default(null),
});
export const transaction = transactionShape.transform((t) => ({ ...t, id: t.id ?? t.serial }));
export type Transaction = z.infer<typeof transaction>;

export const transactions = z.looseObject({
  recharges: rowsOf(transaction, 'recharges'),
  class_payments: rowsOf(transaction, 'class_payments'),
  wallet_logs: rowsOf(transaction, 'wallet_logs'),
});

export const salaryReport = z.looseObject({
  salary: money,
  classes_count: z.number().int(),
  classes: rowsOf(
    z.looseObject({
      id,
      paid: z.boolean(),
      enrollment: enrollmentRef,
      duration: z.number(),
      teacher_hourly_price: money,
      start_formated: z.string(),
    }),
    'classes',
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
    data: rowsOf(item),
    links: z.looseObject({ next: z.string().nullable() }).optional().default({ next: null }),
  });
