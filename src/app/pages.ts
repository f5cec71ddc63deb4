import { lazyPage, type LazyPage } from './lazy-page.ts';
import type { RouteName } from './route-meta.ts';

/**
 * Each route's screen, loaded lazily. Every page module default-exports its component; the
 * screens of other domains start as placeholders and are replaced in place.
 */
export const PAGES: Record<RouteName, LazyPage> = {
  welcome: lazyPage(() => import('../features/auth/welcome-page.tsx')),
  home: lazyPage(() => import('../features/dashboard/home-page.tsx')),
  courses: lazyPage(() => import('../features/courses/courses-page.tsx')),
  course: lazyPage(() => import('../features/courses/course-page.tsx')),
  inbox: lazyPage(() => import('../features/inbox/inbox-page.tsx')),
  calendar: lazyPage(() => import('../features/calendar/calendar-page.tsx')),
  'coming-classes': lazyPage(() => import('../features/classes/coming-classes-page.tsx')),
  'class-reports': lazyPage(() => import('../features/class-reports/class-reports-page.tsx')),
  'classes-history': lazyPage(() => import('../features/classes/classes-history-page.tsx')),
  'teacher-schedule': lazyPage(() => import('../features/schedule/working-hours-page.tsx')),
  'my-courses': lazyPage(() => import('../features/my-courses/my-courses-page.tsx')),
  wallet: lazyPage(() => import('../features/wallet/wallet-page.tsx')),
  referral: lazyPage(() => import('../features/referral/referral-page.tsx')),
  settings: lazyPage(() => import('../features/settings/settings-page.tsx')),
  childs: lazyPage(() => import('../features/family/family-page.tsx')),
  'transactions-history': lazyPage(() => import('../features/transactions/transactions-page.tsx')),
  'salary-report': lazyPage(() => import('../features/salary/salary-report-page.tsx')),
  'previous-salary': lazyPage(() => import('../features/salary/previous-salary-page.tsx')),
  login: lazyPage(() => import('../features/auth/login-page.tsx')),
  'login-teachers': lazyPage(() => import('../features/auth/teacher-login-page.tsx')),
  register: lazyPage(() => import('../features/auth/register-page.tsx')),
  'reset-password': lazyPage(() => import('../features/auth/reset-password-page.tsx')),
  confirm: lazyPage(() => import('../features/auth/confirm-page.tsx')),
  help: lazyPage(() => import('../features/help/help-page.tsx')),
  profile: lazyPage(() => import('../features/profile/profile-page.tsx')),
  'not-found': lazyPage(() => import('../features/not-found/not-found-page.tsx')),
};
