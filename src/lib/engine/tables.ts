import type {
  Child, Class, ClassReport, Conversation, Course, Enrollment, Notification, RescheduleRequest,
} from '../../../db/entities.ts';
import type { MirrorTableName } from '../../../db/engine-api.ts';
import type { CalendarMonthRow, KvRow, ListRow, MessageRow, OutboxEntry, ScheduleRowStored, TransactionRow } from '../../../db/rows.ts';
import { mirrorCollection } from './mirror-collection.ts';
import { mirrorSource } from './source.ts';

export { mirrorSource, setMirrorSource } from './source.ts';

/**
 * One collection per mirror table, for `useLiveQuery((q) => q.from({ c: classesCollection }), [])`.
 * They are created at import but read nothing until a screen queries them; their rows are the
 * signed-in user's (empty as a guest) and follow sign-in and sign-out by themselves.
 */

export const classesCollection = mirrorCollection<Class, number>(mirrorSource, 'classes');
export const calendarMonthsCollection = mirrorCollection<CalendarMonthRow, string>(mirrorSource, 'calendarMonths');
export const conversationsCollection = mirrorCollection<Conversation, number>(mirrorSource, 'conversations');
export const messagesCollection = mirrorCollection<MessageRow, number | string>(mirrorSource, 'messages');
export const notificationsCollection = mirrorCollection<Notification, string>(mirrorSource, 'notifications');
export const transactionsCollection = mirrorCollection<TransactionRow, string>(mirrorSource, 'transactions');
export const kvCollection = mirrorCollection<KvRow, string>(mirrorSource, 'kv');
export const coursesCollection = mirrorCollection<Course, number>(mirrorSource, 'courses');
export const enrollmentsCollection = mirrorCollection<Enrollment, number>(mirrorSource, 'enrollments');
export const classReportsCollection = mirrorCollection<ClassReport, number>(mirrorSource, 'classReports');
export const childrenCollection = mirrorCollection<Child, number>(mirrorSource, 'children');
export const teacherScheduleCollection = mirrorCollection<ScheduleRowStored, number>(mirrorSource, 'teacherSchedule');
export const rescheduleRequestsCollection = mirrorCollection<RescheduleRequest, number>(mirrorSource, 'rescheduleRequests');
export const listsCollection = mirrorCollection<ListRow, string>(mirrorSource, 'lists');
/** Unsent mutations (queued offline, or failed): for "pending" and "not sent" marks. */
export const outboxCollection = mirrorCollection<OutboxEntry, string>(mirrorSource, 'outbox');

const BY_TABLE = {
  classes: classesCollection, calendarMonths: calendarMonthsCollection, conversations: conversationsCollection,
  messages: messagesCollection, notifications: notificationsCollection, transactions: transactionsCollection, kv: kvCollection,
  courses: coursesCollection, enrollments: enrollmentsCollection, classReports: classReportsCollection, children: childrenCollection,
  teacherSchedule: teacherScheduleCollection, rescheduleRequests: rescheduleRequestsCollection, lists: listsCollection, outbox: outboxCollection,
} as const;

/** A mirror table the tabs read (`meta` is the worker's own). */
type TabTable = Exclude<MirrorTableName, 'meta'>;
/** The collection over a mirror table. */
export const collectionOf = (table: TabTable) => BY_TABLE[table];
