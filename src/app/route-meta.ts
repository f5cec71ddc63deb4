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
  { name: 'home', path: '/home', meta: { ...auth, title: 'Dashboard' } },
  { name: 'courses', path: '/courses', meta: { ...student, title: 'Courses' } },
  { name: 'course', path: '/courses/:id', meta: { ...student, title: 'Course Page' } },
  { name: 'inbox', path: '/inbox', meta: { ...auth, title: 'Inbox' } },
  { name: 'calendar', path: '/calendar', meta: { ...auth, title: 'Calendar' } },
  { name: 'coming-classes', path: '/classes/coming', meta: { ...teacher, title: 'Coming Classes' } },
  { name: 'class-reports', path: '/class-reports', meta: { title: 'Class Reports' } },
  { name: 'classes-history', path: '/classes/history', meta: { ...teacher, title: 'Classes History' } },
  { name: 'teacher-schedule', path: '/my-schedule', meta: { ...teacher, title: 'My Schedule' } },
  { name: 'my-courses', path: '/my-courses', meta: { ...student, title: 'My Courses' } },
  { name: 'wallet', path: '/wallet', meta: { ...student, title: 'Account Wallet' } },
  { name: 'referral', path: '/referral', meta: { ...student, title: 'Refer A Friend' } },
  { name: 'settings', path: '/settings', meta: { ...auth, title: 'Settings' } },
  { name: 'childs', path: '/childs', meta: { ...student, title: 'My Children' } },
  { name: 'transactions-history', path: '/transactions-history', meta: { ...student, title: 'Transactions History' } },
  { name: 'salary-report', path: '/salary-report', meta: { ...teacher, title: 'Salary Report' } },
  { name: 'previous-salary', path: '/previous-salary', meta: { ...teacher, title: 'Previous Salary Report' } },
  { name: 'login', path: '/login', meta: { ...guest, title: 'Sign In' } },
  { name: 'login-teachers', path: '/login/teachers', meta: { ...guest, title: 'Teachers Sign In' } },
  { name: 'register', path: '/register', meta: { ...guest, title: 'Sign Up' } },
  { name: 'reset-password', path: '/reset-password', meta: { ...guest, title: 'Reset Password' } },
  { name: 'confirm', path: '/confirm', meta: { ...auth, title: 'Email Confirmation' } },
  { name: 'help', path: '/help', meta: { title: 'Contact Us' } },
  // The spec names a profile route with an id but shows neither its path nor its content.
  { name: 'profile', path: '/profile/:id', meta: { ...auth, title: 'Profile' } },
  { name: 'not-found', path: '*', meta: { title: 'Page not found' } },
];

export const routeByName = (name: RouteName): RouteDef => ROUTES.find((r) => r.name === name)!;
export const pathOf = (name: RouteName): string => routeByName(name).path;

export const documentTitle = (title: string | undefined) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);
