import type { MiddlewareHandler } from 'hono';
import type { AppContext, Env } from './context.ts';

/**
 * `SPEC_MINIMAL=1` (`ServerConfig.specMinimal`): the reference server as the two spec documents
 * describe a backend, and nothing more (issue 25, item 5). The client is proven against it so that
 * it needs of the real (Laravel) backend only what the spec promises.
 *
 * One layer, on the way out (`specMinimal()`, the innermost API middleware, so ETags, idempotent
 * replays and compression all see the shaped body):
 * 1. Every JSON reply of a listed call is cut to the fields the spec names: a table of allowed keys
 *    per entity (`E` below: both documents' section 3), applied recursively through the reply's
 *    envelope (`ROUTES`: section 7). Paged lists keep `data` and `links.next` (no `meta`). Error
 *    replies (4xx, 5xx) pass as they are.
 * 2. Each list reply carries a row with a value the spec's lists do not name ("Unknown values show
 *    as they are"): its first row is picked (`pick`), after the cut, and a picked row keeps that
 *    value in every later reply that carries it (`applyMarks`).
 * 3. Calls the spec does not list answer `404 {"message":"Not found."}` (`NOT_LISTED`).
 * The realtime payloads are cut the same way (`shapeRealtime`), and the `DataChanged` hint, which
 * the spec does not know, is not sent. Requests are read as always.
 *
 * An entity's allowed keys are the union of what the spec names for it anywhere (a user's wallet
 * fields are named in the second document, a course's enrolment fields there too); a nested object
 * is cut by its entity's table (a class's `enrollment` is an Enrolment, a report's `class` a Class).
 */

/** The entities whose rows may carry an unknown value (below), named on their shapes. */
type Kind = 'Class' | 'Enrollment' | 'Message' | 'Notification' | 'Transaction' | 'RescheduleRequest';
const KIND: unique symbol = Symbol('entity');

/**
 * Which keys an object may keep: `true` keeps the value as it is, a nested shape cuts it (an object,
 * or each row of an array). An entity's shape names its kind (`KIND`), for the unknown values.
 */
export interface Shape { [key: string]: Shape | true; [KIND]?: Kind }

/** Keeps only `shape`'s keys of `value`, recursively; arrays are cut row by row; null and scalars pass. */
export function project(value: unknown, shape: Shape): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, shape));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const s = shape[k];
    if (s === undefined) continue;
    out[k] = s === true ? v : project(v, s);
  }
  return out;
}

const keys = (...names: string[]): Shape => Object.fromEntries(names.map((n) => [n, true]));
const entity = (kind: Kind, shape: Shape): Shape => Object.assign(shape, { [KIND]: kind });

// ---------------------------------------------------------------------------------------------
// The entities (both documents, section 3). `S` = shell-classes-calendar.md, `M` = messaging-courses-wallet.md.

/**
 * A person referred to from another entity (an enrolment's student and teacher, a report's, a
 * request's sender). The spec names no fields for them ("enrollment {course, student, teacher}");
 * decided: the three every person reference of the spec carries elsewhere (a message's sender:
 * id, name, avatar), nothing of the account (no email, no timezone).
 */
const Person: Shape = keys('id', 'name', 'avatar');

/** M: a message's sender (id, name, avatar, support). */
const Sender: Shape = keys('id', 'name', 'avatar', 'support');

/** S: Notification: id, read, created_at, data {type, title, content, course_id, course_class_id}. */
const Notification: Shape = entity('Notification', {
  ...keys('id', 'read', 'created_at'), data: keys('type', 'title', 'content', 'course_id', 'course_class_id'),
});

/**
 * S: User: id, name, avatar, groupId, credits, loan_credits, timezone, notifications,
 * notifications_count, unread_inbox_count, email_verified_at, my_courses; M (wallet fields): can_borrow,
 * max_borrow_amount, referral_link. Not named, so gone: email, phone, full_phone, phone_country,
 * gender, date_of_birth, is_parent.
 */
const User: Shape = {
  ...keys('id', 'name', 'avatar', 'groupId', 'credits', 'loan_credits', 'timezone', 'notifications_count', 'unread_inbox_count',
    'email_verified_at', 'my_courses', 'can_borrow', 'max_borrow_amount', 'referral_link'),
  notifications: Notification,
};

/**
 * M: Enrolment (status, admin_comment, class_duration, weekly_classes, start_day, comment,
 * preferred_days, schedule {day, from, to}, hourly_price) and Enrolment list item (id, student,
 * course); S: a class's enrollment {course, student, teacher}. Gone: finish_requested (the spec names
 * it on a course), created_at. The course in it is cut as a Course (below).
 */
const Enrollment: Shape = entity('Enrollment', {
  ...keys('id', 'status', 'admin_comment', 'class_duration', 'weekly_classes', 'start_day', 'comment', 'preferred_days', 'hourly_price'),
  schedule: keys('day', 'from', 'to'),
  student: Person,
  teacher: Person,
});

/**
 * M: Course: id, name, description, image_url, category_id, category_name, details_url,
 * hourly_price, enrolled, enrollment, finish_requested, weekly_price; S (as seen in the dashboard):
 * featured, status.
 */
const Course: Shape = {
  ...keys('id', 'name', 'description', 'image_url', 'category_id', 'category_name', 'details_url', 'hourly_price', 'enrolled',
    'finish_requested', 'weekly_price', 'featured', 'status'),
  enrollment: Enrollment,
};
Enrollment.course = Course;

/**
 * S: Class: id, name, start, end, date, start_datetime, status, full_status, enrollment, rescheduled,
 * waiting_reschedule_request, absent, canceled, cancelation_reason, makeup, payment_status,
 * has_class_report, class_report_rating, join_url, url_editable, url_added_at, editable, joinable,
 * can_mark_attended, attended, limit_exceeded, available_class_changes, monthly_class_changes,
 * student_age, student_timezone. "Other fields of classes lists: not shown": decided, none. Gone:
 * end_datetime, duration, teacher_joined, price.
 */
const Class: Shape = entity('Class', {
  ...keys('id', 'name', 'start', 'end', 'date', 'start_datetime', 'status', 'full_status', 'rescheduled', 'waiting_reschedule_request',
    'absent', 'canceled', 'cancelation_reason', 'makeup', 'payment_status', 'has_class_report', 'class_report_rating', 'join_url',
    'url_editable', 'url_added_at', 'editable', 'joinable', 'can_mark_attended', 'attended', 'limit_exceeded',
    'available_class_changes', 'monthly_class_changes', 'student_age', 'student_timezone'),
  enrollment: Enrollment,
});

/**
 * S: Reschedule request: id, enrollment, sender, permanent, old_start_formated, start_formated,
 * reason. Gone: class_id, status, old_start_datetime, start_datetime.
 */
const RescheduleRequest: Shape = entity('RescheduleRequest', {
  ...keys('id', 'permanent', 'old_start_formated', 'start_formated', 'reason'),
  enrollment: Enrollment,
  sender: Person,
});

/**
 * M: Message: id, type, text, image_url, audio, download, sender {id, name, avatar, support},
 * sender_type, created_at_timestamp. Gone: conversation_id, client_key.
 */
const Message: Shape = entity('Message', {
  ...keys('id', 'type', 'text', 'image_url', 'audio', 'download', 'sender_type', 'created_at_timestamp'),
  sender: Sender,
});

/** M: Conversation: id, title, avatar, seen, closed, created_at_timestamp, last_message. Gone: updated_at_timestamp. */
const Conversation: Shape = { ...keys('id', 'title', 'avatar', 'seen', 'closed', 'created_at_timestamp'), last_message: Message };

/**
 * M: Class report: id, rating, class_activity, homework, teacher_notes, student, teacher, class,
 * created_at_timestamp. "Other fields of ... reports: not shown": decided, none. Gone: class_id,
 * course. The class in it is cut as a Class (what it carries: id, name, start_datetime).
 */
const ClassReport: Shape = {
  ...keys('id', 'rating', 'class_activity', 'homework', 'teacher_notes', 'created_at_timestamp'),
  student: Person,
  teacher: Person,
  class: Class,
};

/** M: Child account: id, name, email, credits, loan_credits. "Other fields of children: not shown": decided, none (avatar gone). */
const Child: Shape = keys('id', 'name', 'email', 'credits', 'loan_credits');

/**
 * M: a transaction: serial, timestamp, created_at_readable, credits_after, value, and by type amount
 * (recharge), class (class_payment), comment (family_balance_transfer, admin_credits_update); the
 * type itself. Kept as the union for every type (null where it does not apply). Gone: id. The class
 * is cut as a Class.
 */
const Transaction: Shape = entity('Transaction', {
  ...keys('serial', 'type', 'timestamp', 'created_at_readable', 'credits_after', 'value', 'amount', 'comment'),
  class: Class,
});

/** M: Wallet data: payment_methods (name, text, logo, reward, steps), pending_payments_count, min_recharge_amount. */
const Wallet: Shape = {
  ...keys('pending_payments_count', 'min_recharge_amount'),
  payment_methods: keys('name', 'text', 'logo', 'reward', 'steps'),
};

/** M: Salary report: salary, classes_count, classes (id, paid, enrollment, duration, teacher_hourly_price, start_formated). */
const Salary: Shape = {
  ...keys('salary', 'classes_count'),
  classes: { ...keys('id', 'paid', 'duration', 'teacher_hourly_price', 'start_formated'), enrollment: Enrollment },
};

/** S: Working-hour entry: day, start_time, end_time. Gone: id. */
const ScheduleEntry: Shape = keys('day', 'start_time', 'end_time');

/**
 * S: App settings: announcement, email_verification, enable_app_wallet, ramadan_mode,
 * ramadan_message, home_reload_timeout, calendar_reload_timeout, pp_client, WsConfig ("contents not
 * shown": kept whole, the client cannot connect without it). Gone: monthly_class_changes.
 */
const AppSettings: Shape = {
  ...keys('announcement', 'email_verification', 'enable_app_wallet', 'ramadan_mode', 'ramadan_message', 'home_reload_timeout',
    'calendar_reload_timeout', 'pp_client'),
  WsConfig: true,
};

const MONTH_STATS = ['done_classes', 'done_duration', 'salary', 'delayed_classes', 'delay_average', 'delay_percent_total_classes'];

/**
 * S: Home data: next_class, reschedule_requests, slide_images (url, optional href), enrollments,
 * enrollments_count, students_count, the month_ figures and the same with last_month_,
 * teaching_courses, featured_courses, low_credits_alert. Gone: wallet_balance.
 * Decided: `user` stays (cut as a User). The spec's Home data does not name it, but the issue this
 * mode serves (25, item 4) has the client take the user "from /token/valid and /home" once
 * `GET /user` is gone, and the spec's User carries what only a poll can keep fresh
 * (notifications_count, credits after a class is charged). Remove it here to try a backend that
 * does not send it.
 */
const Home: Shape = {
  ...keys('enrollments_count', 'students_count', 'low_credits_alert', ...MONTH_STATS.flatMap((k) => [`month_${k}`, `last_month_${k}`])),
  user: User,
  next_class: Class,
  reschedule_requests: RescheduleRequest,
  slide_images: keys('url', 'href'),
  enrollments: Enrollment,
  teaching_courses: Course,
  featured_courses: Course,
};

/** The entities, by name (tests read them). */
export const E = {
  Person, Sender, Notification, User, Enrollment, Course, Class, RescheduleRequest, Message, Conversation, ClassReport, Child,
  Transaction, Wallet, Salary, ScheduleEntry, AppSettings, Home,
} as const;

// ---------------------------------------------------------------------------------------------
// Unknown values (spec section 4: "Unknown values show as they are")

/** The status every list's first row is given: neither document names it. */
export const UNKNOWN_STATUS = 'on_hold';
/** A message type neither document names (they name text, image, audio, video). */
export const UNKNOWN_MESSAGE_TYPE = 'file';
/** A transaction type neither document names. */
export const UNKNOWN_TRANSACTION_TYPE = 'gift_reward';
/** A notification type neither document names. */
export const UNKNOWN_NOTIFICATION_TYPE = 'new_feature';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const firstRow = (list: unknown): Json | null => (Array.isArray(list) && isObj(list[0]) ? list[0] : null);

/** Sets `key` to `value` where the row has it (a reference to a class, `{id, name, start_datetime}`, gains no status). */
const set = (row: Json, key: string, value: string) => {
  if (key in row) row[key] = value;
};

/** What an entity's row that carries an unknown value looks like: the value set on it. */
const UNKNOWN: Record<Kind, (row: Json) => void> = {
  Class: (k) => {
    set(k, 'status', UNKNOWN_STATUS);
    set(k, 'full_status', UNKNOWN_STATUS);
  },
  Enrollment: (e) => set(e, 'status', UNKNOWN_STATUS),
  Message: (m) => set(m, 'type', UNKNOWN_MESSAGE_TYPE),
  Notification: (n) => void (isObj(n.data) && set(n.data, 'type', UNKNOWN_NOTIFICATION_TYPE)),
  Transaction: (t) => set(t, 'type', UNKNOWN_TRANSACTION_TYPE),
  // The spec sends no status for a request, so in this mode there is none to make unknown (the cut
  // removes it); were `status` ever allowed, a marked request would get one.
  RescheduleRequest: (r) => set(r, 'status', UNKNOWN_STATUS),
};

/** A row's identity: its id (a transaction's is gone in this mode: its serial). */
const identity = (row: Json): string | null => {
  const v = row.id ?? row.serial;
  return typeof v === 'number' || typeof v === 'string' ? String(v) : null;
};

/**
 * The rows given an unknown value, per server: a row once picked keeps its value in every reply
 * that carries it (a class on_hold in `/classes` is on_hold in `/home` and `/calendar` too), as
 * a row of a real backend would: a client's mirror never sees it flip between replies.
 */
const marked = new WeakMap<AppContext, Record<Kind, Set<string>>>();
function marksOf(app: AppContext): Record<Kind, Set<string>> {
  let m = marked.get(app);
  if (!m) {
    m = { Class: new Set(), Enrollment: new Set(), Message: new Set(), Notification: new Set(), Transaction: new Set(), RescheduleRequest: new Set() };
    marked.set(app, m);
  }
  return m;
}

/** Picks `row` (a `kind` row of a list) to carry the unknown value from now on. */
function mark(app: AppContext, kind: Kind, row: Json | null): void {
  const id = row && identity(row);
  if (id !== null && id !== undefined) marksOf(app)[kind].add(id);
}

/** Sets the unknown value on every picked row of `value` (already cut by `shape`), wherever it is nested. */
function applyMarks(app: AppContext, value: unknown, shape: Shape): void {
  if (Array.isArray(value)) {
    for (const v of value) applyMarks(app, v, shape);
    return;
  }
  if (!isObj(value)) return;
  const kind = shape[KIND];
  if (kind) {
    const id = identity(value);
    if (id !== null && marksOf(app)[kind].has(id)) UNKNOWN[kind](value);
  }
  for (const [k, s] of Object.entries(shape)) if (s !== true && k in value) applyMarks(app, value[k], s);
}

// ---------------------------------------------------------------------------------------------
// The calls (both documents, section 7): what each reply carries

interface Route {
  method: string;
  /** The path below `/api`, `:x` for a segment. */
  path: string;
  /** The reply's shape; `KEEP`: a reply without an entity ("not shown" in the spec: `{status}`, `{url}`, `{auth}`), passed as it is. */
  shape: Shape | typeof KEEP;
  /** A list's row to carry an unknown value (its first): picked on the (already cut) reply. */
  pick?: (app: AppContext, body: Json) => void;
}

const KEEP = 'keep' as const;
const NOT_LISTED = 'not-listed' as const;

/** A paged list (spec: "Paged lists return data and links.next"): `meta` is gone. */
const paged = (row: Shape): Shape => ({ data: row, links: keys('next') });

/**
 * Every call of the API that the spec lists, with its reply. A reply whose use the spec marks "not
 * shown" keeps our envelope with its entities cut (a Laravel backend answers a write with the
 * resource): PUT /timezone, PUT /classes/{id}/join-url, absent, attended, POST /class-reports/{id},
 * makeup, the request decision. Routes in neither list (the test API under `/test`, the card
 * provider's sandbox under `/sandbox`, which stands in for an external service) pass untouched.
 */
const ROUTES: Route[] = [
  // S section 7
  { method: 'GET', path: '/app', shape: { data: AppSettings } },
  { method: 'POST', path: '/login', shape: { token: true, user: User } },
  { method: 'POST', path: '/register', shape: { token: true, user: User, verification: true } },
  { method: 'POST', path: '/token/valid', shape: { valid: true, user: User } },
  { method: 'POST', path: '/verify', shape: { user: User } },
  { method: 'POST', path: '/verify/send', shape: KEEP },
  { method: 'POST', path: '/password/reset', shape: KEEP },
  { method: 'POST', path: '/password/reset/validate', shape: KEEP },
  // "POST to a url given by the server"
  { method: 'POST', path: '/password/reset/complete/:token', shape: KEEP },
  { method: 'POST', path: '/password', shape: { user: User, token: true } },
  { method: 'PUT', path: '/timezone', shape: { user: User } },
  // "The logout call ... not shown": the spec knows there is one.
  { method: 'POST', path: '/logout', shape: KEEP },
  { method: 'GET', path: '/home', shape: { data: Home }, pick: (a, b) => isObj(b.data) && mark(a, 'RescheduleRequest', firstRow(b.data.reschedule_requests)) },
  { method: 'GET', path: '/notifications', shape: { data: Notification }, pick: (a, b) => mark(a, 'Notification', firstRow(b.data)) },
  { method: 'POST', path: '/notifications/read', shape: KEEP },
  { method: 'GET', path: '/calendar', shape: { data: Class }, pick: (a, b) => mark(a, 'Class', firstRow(b.data)) },
  { method: 'GET', path: '/classes', shape: paged(Class), pick: (a, b) => mark(a, 'Class', firstRow(b.data)) },
  { method: 'GET', path: '/classes/history', shape: paged(Class), pick: (a, b) => mark(a, 'Class', firstRow(b.data)) },
  // "payment_status, credits, join_url": no teacher_joined.
  { method: 'POST', path: '/classes/:id/join', shape: keys('join_url', 'payment_status', 'credits') },
  { method: 'PUT', path: '/classes/:id/join-url', shape: { data: Class } },
  { method: 'POST', path: '/classes/:id/absent', shape: { data: Class } },
  { method: 'POST', path: '/classes/:id/attended', shape: { data: Class, credits: true } },
  { method: 'POST', path: '/class-reports/:id', shape: { data: ClassReport } },
  { method: 'POST', path: '/classes/:id/cancel', shape: { data: Class } },
  { method: 'PUT', path: '/classes/:id/reschedule', shape: { data: RescheduleRequest } },
  { method: 'POST', path: '/classes/makeup', shape: { data: Class } },
  { method: 'POST', path: '/reschedule-requests/:id/:action', shape: { data: RescheduleRequest, classes: Class } },
  { method: 'GET', path: '/teacher-schedule', shape: { data: ScheduleEntry } },
  { method: 'PUT', path: '/teacher-schedule', shape: { data: ScheduleEntry } },
  // "The realtime channel authenticates at a broadcasting authorisation endpoint"
  { method: 'POST', path: '/broadcasting/auth', shape: KEEP },
  // M section 7
  {
    method: 'GET', path: '/conversations', shape: paged(Conversation),
    pick: (a, b) => {
      const c = firstRow(b.data);
      if (c && isObj(c.last_message)) mark(a, 'Message', c.last_message);
    },
  },
  // "data and links.next": the conversation our server adds beside them is gone.
  {
    method: 'GET', path: '/conversations/:id', shape: paged(Message),
    pick: (a, b) => mark(a, 'Message', firstRow(b.data)),
  },
  { method: 'POST', path: '/conversations/:id', shape: { data: Message } },
  { method: 'GET', path: '/class-reports', shape: paged(ClassReport) },
  { method: 'GET', path: '/class-reports/:id', shape: { data: ClassReport } },
  { method: 'PUT', path: '/class-reports/:id', shape: { data: ClassReport } },
  {
    method: 'GET', path: '/my-enrollments', shape: { data: Enrollment },
    pick: (a, b) => mark(a, 'Enrollment', firstRow(b.data)),
  },
  { method: 'GET', path: '/courses', shape: { data: Course } },
  // "data.data and meta": meta is Course metadata (class_duration_items: text and value).
  { method: 'GET', path: '/courses/:id', shape: { data: Course, meta: { class_duration_items: keys('text', 'value') } } },
  { method: 'POST', path: '/courses/:id/enroll', shape: { data: Enrollment } },
  { method: 'PUT', path: '/courses/:id/enroll', shape: { data: Enrollment } },
  { method: 'POST', path: '/courses/:id/finish', shape: { data: Enrollment } },
  { method: 'GET', path: '/wallet', shape: { data: Wallet } },
  { method: 'POST', path: '/wallet/recharge', shape: keys('credits', 'loan_credits') },
  // "may include pending_payments_count": the message beside it is not named.
  { method: 'POST', path: '/wallet/recharge/ebmgateway', shape: keys('pending_payments_count') },
  { method: 'POST', path: '/wallet/borrow', shape: keys('credits', 'loan_credits') },
  // "children": `meta.cap_running` is not named.
  { method: 'GET', path: '/childs', shape: { data: Child } },
  { method: 'GET', path: '/childs/:id', shape: { data: Child } },
  { method: 'POST', path: '/childs', shape: { data: Child } },
  { method: 'POST', path: '/childs/transfer', shape: { parent_credits: true, childs: Child } },
  {
    method: 'GET', path: '/history/transactions', shape: { data: { recharges: Transaction, class_payments: Transaction, wallet_logs: Transaction } },
    pick: (a, b) => {
      if (isObj(b.data)) mark(a, 'Transaction', firstRow(b.data.wallet_logs) ?? firstRow(b.data.recharges) ?? firstRow(b.data.class_payments));
    },
  },
  { method: 'GET', path: '/history/salary', shape: { data: Salary } },
  { method: 'GET', path: '/history/salary/previous', shape: { data: Salary } },
];

/**
 * Calls the client may make that neither document lists: 404 in this mode.
 * - `GET /user` (the user comes with sign-in, `/token/valid` and `/home`);
 * - `GET /classes/{id}` (a class comes from its lists);
 * - `GET /conversations?search=...` (a search param; the plain list is listed);
 * - `GET /geo` (the spec's country lookup is an external service, not this API);
 * - `POST /payments/orders`, `POST /payments/orders/{id}/capture` (the card provider's script creates and captures orders).
 */
const UNLISTED: { method: string; path: string; when?: (q: Record<string, string>) => boolean }[] = [
  { method: 'GET', path: '/user' },
  { method: 'GET', path: '/classes/:id' },
  { method: 'GET', path: '/conversations', when: (q) => (q.search ?? '').trim() !== '' },
  { method: 'GET', path: '/geo' },
  { method: 'POST', path: '/payments/orders' },
  { method: 'POST', path: '/payments/orders/:id/capture' },
];

const segments = (p: string) => p.split('/').filter(Boolean);

/** Does `path` (below /api) match the pattern? Named segments (`:id`) match any one segment; literal ones win over named ones by order in the tables (exact first). */
function matches(pattern: string, path: string): boolean {
  const a = segments(pattern);
  const b = segments(path);
  return a.length === b.length && a.every((s, i) => s.startsWith(':') || s === b[i]);
}

/** Literal patterns before those with parameters, so `/classes/history` is never `/classes/:id`. */
const specificity = (p: string) => segments(p).filter((s) => s.startsWith(':')).length;
const byLiteralFirst = <T extends { path: string }>(list: T[]) => [...list].sort((x, y) => specificity(x.path) - specificity(y.path));
const ROUTES_SORTED = byLiteralFirst(ROUTES);
const UNLISTED_SORTED = byLiteralFirst(UNLISTED);

/** What this mode does with a call: the route it is (its reply cut), `NOT_LISTED` (404), or null (passes untouched). */
export function specRouteFor(method: string, path: string, query: Record<string, string> = {}): Route | typeof NOT_LISTED | null {
  const m = method === 'HEAD' ? 'GET' : method;
  const route = ROUTES_SORTED.find((r) => r.method === m && matches(r.path, path));
  const unlisted = UNLISTED_SORTED.find((r) => r.method === m && matches(r.path, path) && (!r.when || r.when(query)));
  // A literal listed route (`/classes/history`) wins over a parametrised unlisted one (`/classes/:id`).
  if (unlisted && (!route || (unlisted.when ? true : specificity(unlisted.path) <= specificity(route.path)))) return NOT_LISTED;
  return route ?? null;
}

/** Cuts a reply body of `route` (a JSON value) and sets the unknown values on it: what the client receives. */
export function shapeReply(app: AppContext, route: Route, body: unknown): unknown {
  if (route.shape === KEEP) return body;
  const out = project(body, route.shape);
  if (isObj(out)) route.pick?.(app, out);
  applyMarks(app, out, route.shape);
  return out;
}

/** The API's paths are mounted under `/api`. */
const below = (path: string) => path.replace(/^\/api(?=\/|$)/, '') || '/';

/**
 * The response-shaping layer (installed on the API always; it does nothing unless
 * `config.specMinimal`): 404 for the calls the spec does not list, the allowed keys and the unknown
 * values on every 2xx JSON reply of the calls it does.
 */
export function specMinimal(): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (!c.get('app').config.specMinimal) return next();
    const route = specRouteFor(c.req.method, below(c.req.path), c.req.query());
    if (route === NOT_LISTED) return c.json({ message: 'Not found.' }, 404);
    await next();
    if (!route || route.shape === KEEP) return;
    const res = c.res;
    if (res.status < 200 || res.status >= 300 || !(res.headers.get('content-type') ?? '').includes('application/json')) return;
    const body = shapeReply(c.get('app'), route, await res.clone().json());
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    c.res = undefined;
    c.res = new Response(JSON.stringify(body), { status: res.status, headers });
  };
}

/** Realtime payloads in this mode: a conversation and a message cut as their entities; null for an event the spec does not know (not sent). */
export function shapeRealtime(app: AppContext, kind: 'InboxUpdated' | 'NewConversationMessage' | 'DataChanged', data: unknown): unknown {
  if (!app.config.specMinimal) return data;
  if (kind === 'DataChanged') return null;
  // S: "event InboxUpdated with data and unread_inbox_count"; M: NewConversationMessage carries the new message.
  const shape: Shape = kind === 'InboxUpdated' ? { data: Conversation, unread_inbox_count: true } : { data: Message };
  const out = project(data, shape);
  applyMarks(app, out, shape);
  return out;
}
