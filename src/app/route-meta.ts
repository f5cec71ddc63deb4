import type { MirrorTableName, Resource } from '../../db/engine-api.ts';
import type { User } from '../../db/entities.ts';

/**
 * The route table of shell spec section 2.1 as data: names, paths, titles and the meta flags the
 * guard reads. Pure (no React), so the guard and its tests use it directly; `router.tsx` pairs each
 * name with its lazily loaded screen.
 */
export interface RouteMeta {
  requiresAuth?: boolean;
  /** Guests only: a signed-in user is sent home. */
  guestOnly?: boolean;
  studentOnly?: boolean;
  teacherOnly?: boolean;
  whiteBackground?: boolean;
  footer?: boolean;
  /** Page title; also the document title ("Dashboard · <product>"). */
  title?: string;
}

export interface RouteDef {
  name: RouteName;
  path: string;
  meta: RouteMeta;
  /**
   * What the screen keeps fresh: refreshed in the background each time it is shown (route-data.tsx),
   * the mirror shown meanwhile. Its state reaches the screen through `useRouteData()`.
   */
  refresh?: (at: { params: Readonly<Record<string, string | undefined>>; user: User }) => Resource[];
  /** The mirror tables the screen reads: loaded ahead when the user is about to open it (preload.ts). */
  tables?: readonly Exclude<MirrorTableName, 'meta'>[];
}

export type RouteName =
  | 'welcome' | 'home' | 'courses' | 'course' | 'inbox' | 'calendar' | 'coming-classes' | 'class-reports'
  | 'classes-history' | 'teacher-schedule' | 'my-courses' | 'wallet' | 'referral' | 'settings' | 'childs'
  | 'transactions-history' | 'salary-report' | 'previous-salary' | 'login' | 'login-teachers' | 'register'
  | 'reset-password' | 'confirm' | 'help' | 'profile' | 'not-found';

export const PRODUCT_NAME = 'Tutoring';

const auth: RouteMeta = { requiresAuth: true };
const student: RouteMeta = { requiresAuth: true, studentOnly: true };
const teacher: RouteMeta = { requiresAuth: true, teacherOnly: true };
const guest: RouteMeta = { guestOnly: true };

export const ROUTES: readonly RouteDef[] = [
  { name: 'welcome', path: '/', meta: { ...guest, footer: true, whiteBackground: true } },
  { name: 'home', path: '/home', meta: { ...auth, title: 'Dashboard' }, refresh: () => ['home'], tables: ['kv', 'rescheduleRequests', 'classes'] },
  { name: 'courses', path: '/courses', meta: { ...student, title: 'Courses' }, refresh: () => ['courses'], tables: ['courses'] },
  {
    name: 'course', path: '/courses/:id', meta: { ...student, title: 'Course Page' },
    // A malformed id asks for nothing: the screen sends the user back to the catalogue.
    refresh: ({ params }) => (/^[1-9]\d*$/.test(params.id ?? '') ? [{ kind: 'course', id: Number(params.id) }] : []),
    tables: ['courses', 'kv'],
  },
  // The inbox's lists are paged (usePaging reads the first page, or re-reads it in the background).
  { name: 'inbox', path: '/inbox', meta: { ...auth, title: 'Inbox' }, tables: ['conversations', 'lists', 'messages', 'outbox'] },
  // The calendar watches the months on screen (its own, as the user pages through them).
  { name: 'calendar', path: '/calendar', meta: { ...auth, title: 'Calendar' }, tables: ['classes', 'calendarMonths'] },
  { name: 'coming-classes', path: '/classes/coming', meta: { ...teacher, title: 'Coming Classes' }, tables: ['classes', 'lists'] },
  {
    name: 'class-reports', path: '/class-reports', meta: { title: 'Class Reports' },
    refresh: () => ['my-enrollments'], tables: ['classReports', 'enrollments', 'lists'],
  },
  { name: 'classes-history', path: '/classes/history', meta: { ...teacher, title: 'Classes History' }, tables: ['classes', 'lists'] },
  { name: 'teacher-schedule', path: '/my-schedule', meta: { ...teacher, title: 'My Schedule' }, refresh: () => ['teacher-schedule'], tables: ['teacherSchedule'] },
  { name: 'my-courses', path: '/my-courses', meta: { ...student, title: 'My Courses' }, refresh: () => ['my-enrollments'], tables: ['enrollments'] },
  { name: 'wallet', path: '/wallet', meta: { ...student, title: 'Account Wallet' }, refresh: () => ['wallet'], tables: ['kv'] },
  { name: 'referral', path: '/referral', meta: { ...student, title: 'Refer A Friend' }, refresh: () => ['user'], tables: ['kv'] },
  { name: 'settings', path: '/settings', meta: { ...auth, title: 'Settings' }, tables: ['kv'] },
  { name: 'childs', path: '/childs', meta: { ...student, title: 'My Children' }, refresh: () => ['children'], tables: ['children'] },
  {
    name: 'transactions-history', path: '/transactions-history', meta: { ...student, title: 'Transactions History' },
    refresh: () => ['transactions'], tables: ['transactions'],
  },
  { name: 'salary-report', path: '/salary-report', meta: { ...teacher, title: 'Salary Report' }, refresh: () => ['salary'], tables: ['kv'] },
  { name: 'previous-salary', path: '/previous-salary', meta: { ...teacher, title: 'Previous Salary Report' }, refresh: () => ['salary-previous'], tables: ['kv'] },
  { name: 'login', path: '/login', meta: { ...guest, title: 'Sign In' } },
  { name: 'login-teachers', path: '/login/teachers', meta: { ...guest, title: 'Teachers Sign In' } },
  { name: 'register', path: '/register', meta: { ...guest, title: 'Sign Up' } },
  { name: 'reset-password', path: '/reset-password', meta: { ...guest, title: 'Reset Password' } },
  { name: 'confirm', path: '/confirm', meta: { ...auth, title: 'Email Confirmation' } },
  { name: 'help', path: '/help', meta: { title: 'Contact Us' } },
  // The spec names a profile route with an id but shows neither its path nor its content.
  {
    name: 'profile', path: '/profile/:id', meta: { ...auth, title: 'Profile' },
    // Another person is looked for among the user's enrolments (and a parent's children; /childs
    // is for students only, a teacher asking would be refused). One's own profile needs neither.
    refresh: ({ params, user }) =>
      params.id === String(user.id) ? [] : user.groupId !== 1 && user.is_parent ? ['my-enrollments', 'children'] : ['my-enrollments'],
    tables: ['enrollments', 'courses', 'classes', 'classReports', 'rescheduleRequests', 'children', 'kv'],
  },
  { name: 'not-found', path: '*', meta: { title: 'Page not found' } },
];

export const routeByName = (name: RouteName): RouteDef => ROUTES.find((r) => r.name === name)!;

export const documentTitle = (title: string | undefined) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);

const matchesPath = (pattern: string, path: string): boolean => {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
};

/**
 * Whether a signed-in user of `role` can open an in-app address (`/referral`, `/courses/3?x=1`):
 * false for a page of the other role, a guests-only page, or no page at all ("Page not found").
 * Slides and links leading there are not shown (issue 28).
 */
export function canOpenPath(href: string, role: 'student' | 'teacher'): boolean {
  const path = href.split(/[?#]/)[0] ?? '';
  const def = ROUTES.find((r) => r.path !== '*' && matchesPath(r.path, path));
  if (!def) return false;
  const m = def.meta;
  return !m.guestOnly && !(m.studentOnly && role !== 'student') && !(m.teacherOnly && role !== 'teacher');
}
