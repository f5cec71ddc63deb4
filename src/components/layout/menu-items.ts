import type { MessageId } from '../../lib/i18n/index.ts';
import type { IconName } from '../ui/icons.tsx';

/** The side menus and the phone bottom navigation of shell spec section 2.3, in the spec's order. */
export interface MenuItem {
  /** Shown as `t(label)`. */
  label: MessageId;
  to: string;
  icon: IconName;
  /** Shows the unread inbox chip. */
  unread?: boolean;
  external?: boolean;
}

/**
 * Where the top bar's menus (account, notifications) open: fixed, as the sticky bar they hang from,
 * so a scroll of the page does not carry a menu away before it is placed again (a press on an item
 * could land beside it).
 */
export const TOP_BAR_MENU_POSITIONING = { placement: 'bottom-end', strategy: 'fixed' } as const;

export const ABOUT_US_URL = 'https://example.com/about-us';

export const STUDENT_MENU: readonly MenuItem[] = [
  { label: 'menu.dashboard', to: '/home', icon: 'home' },
  { label: 'menu.inbox', to: '/inbox', icon: 'inbox', unread: true },
  { label: 'menu.calendar', to: '/calendar', icon: 'calendar' },
  { label: 'menu.myCourses', to: '/my-courses', icon: 'book' },
  { label: 'menu.courseCatalog', to: '/courses', icon: 'grid' },
  { label: 'menu.accountWallet', to: '/wallet', icon: 'wallet' },
  { label: 'menu.classReports', to: '/class-reports', icon: 'report' },
  { label: 'menu.transactionsHistory', to: '/transactions-history', icon: 'receipt' },
  { label: 'menu.myFamily', to: '/childs', icon: 'users' },
  { label: 'menu.referAFriend', to: '/referral', icon: 'gift' },
  { label: 'menu.contactUs', to: '/help', icon: 'help' },
  { label: 'menu.settings', to: '/settings', icon: 'settings' },
];

export const TEACHER_MENU: readonly MenuItem[] = [
  { label: 'menu.dashboard', to: '/home', icon: 'home' },
  { label: 'menu.inbox', to: '/inbox', icon: 'inbox', unread: true },
  { label: 'menu.comingClasses', to: '/classes/coming', icon: 'list' },
  { label: 'menu.classesHistory', to: '/classes/history', icon: 'history' },
  { label: 'menu.calendar', to: '/calendar', icon: 'calendar' },
  { label: 'menu.classReports', to: '/class-reports', icon: 'report' },
  { label: 'menu.workingHours', to: '/my-schedule', icon: 'clock' },
  { label: 'menu.salaryReport', to: '/salary-report', icon: 'dollar' },
  { label: 'menu.previousSalary', to: '/previous-salary', icon: 'receipt' },
  { label: 'menu.contactUs', to: '/help', icon: 'help' },
  { label: 'menu.settings', to: '/settings', icon: 'settings' },
];

export const GUEST_MENU: readonly MenuItem[] = [
  { label: 'menu.signUp', to: '/register', icon: 'userPlus' },
  { label: 'menu.signIn', to: '/login', icon: 'login' },
  { label: 'menu.aboutUs', to: ABOUT_US_URL, icon: 'info', external: true },
  { label: 'menu.contactUs', to: '/help', icon: 'help' },
];

export function sideMenu(role: 'student' | 'teacher' | null, user?: { is_child?: boolean } | null): readonly MenuItem[] {
  // A child account has no family of its own to manage (the server refuses it children).
  if (role === 'student' && user?.is_child) return STUDENT_MENU.filter((i) => i.to !== '/childs');
  return role === 'teacher' ? TEACHER_MENU : role === 'student' ? STUDENT_MENU : GUEST_MENU;
}

/**
 * Phone bottom navigation; Wallet only when the app setting enable_app_wallet is on. My Courses and
 * Wallet are student pages, so a teacher gets Coming Classes in their place instead of dead ends.
 */
export function bottomNav(role: 'student' | 'teacher', enableWallet: boolean): MenuItem[] {
  const items: MenuItem[] = [{ label: 'menu.home', to: '/home', icon: 'home' }];
  if (role === 'teacher') items.push({ label: 'menu.classes', to: '/classes/coming', icon: 'list' });
  else items.push({ label: 'menu.myCourses', to: '/my-courses', icon: 'book' });
  items.push({ label: 'menu.calendar', to: '/calendar', icon: 'calendar' });
  if (enableWallet && role === 'student') items.push({ label: 'menu.wallet', to: '/wallet', icon: 'wallet' });
  items.push({ label: 'menu.inbox', to: '/inbox', icon: 'inbox', unread: true }, { label: 'menu.help', to: '/help', icon: 'help' });
  return items;
}

/** The unread badge text: the count, or "+99" above 99. */
export const badgeCount = (n: number) => (n > 99 ? '+99' : String(n));
