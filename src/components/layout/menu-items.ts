import type { IconName } from '../ui/icons.tsx';

/** The side menus and the phone bottom navigation of shell spec section 2.3, in the spec's order. */
export interface MenuItem {
  label: string;
  to: string;
  icon: IconName;
  /** Shows the unread inbox chip. */
  unread?: boolean;
  external?: boolean;
}

export const ABOUT_US_URL = 'https://example.com/about-us';

export const STUDENT_MENU: readonly MenuItem[] = [
  { label: 'Dashboard', to: '/home', icon: 'home' },
  { label: 'Inbox', to: '/inbox', icon: 'inbox', unread: true },
  { label: 'Calendar', to: '/calendar', icon: 'calendar' },
  { label: 'My Courses', to: '/my-courses', icon: 'book' },
  { label: 'Course Catalog', to: '/courses', icon: 'grid' },
  { label: 'Account Wallet', to: '/wallet', icon: 'wallet' },
  { label: 'Class Reports', to: '/class-reports', icon: 'report' },
  { label: 'Transactions History', to: '/transactions-history', icon: 'receipt' },
  { label: 'My Family', to: '/childs', icon: 'users' },
  { label: 'Refer A Friend', to: '/referral', icon: 'gift' },
  { label: 'Contact Us', to: '/help', icon: 'help' },
  { label: 'Settings', to: '/settings', icon: 'settings' },
];

export const TEACHER_MENU: readonly MenuItem[] = [
  { label: 'Dashboard', to: '/home', icon: 'home' },
  { label: 'Inbox', to: '/inbox', icon: 'inbox', unread: true },
  { label: 'Coming Classes', to: '/classes/coming', icon: 'list' },
  { label: 'Classes History', to: '/classes/history', icon: 'history' },
  { label: 'Calendar', to: '/calendar', icon: 'calendar' },
  { label: 'Class Reports', to: '/class-reports', icon: 'report' },
  { label: 'Working Hours', to: '/my-schedule', icon: 'clock' },
  { label: 'Salary Report', to: '/salary-report', icon: 'dollar' },
  { label: 'Previous Salary', to: '/previous-salary', icon: 'receipt' },
  { label: 'Contact Us', to: '/help', icon: 'help' },
  { label: 'Settings', to: '/settings', icon: 'settings' },
];

export const GUEST_MENU: readonly MenuItem[] = [
  { label: 'Sign Up', to: '/register', icon: 'userPlus' },
  { label: 'Sign In', to: '/login', icon: 'login' },
  { label: 'About Us', to: ABOUT_US_URL, icon: 'info', external: true },
  { label: 'Contact Us', to: '/help', icon: 'help' },
];

export function sideMenu(role: 'student' | 'teacher' | null): readonly MenuItem[] {
  return role === 'teacher' ? TEACHER_MENU : role === 'student' ? STUDENT_MENU : GUEST_MENU;
}

/**
 * Phone bottom navigation; Wallet only when the app setting enable_app_wallet is on. My Courses and
 * Wallet are student pages, so a teacher gets Coming Classes in their place instead of dead ends.
 */
export function bottomNav(role: 'student' | 'teacher', enableWallet: boolean): MenuItem[] {
  const items: MenuItem[] = [{ label: 'Home', to: '/home', icon: 'home' }];
  if (role === 'teacher') items.push({ label: 'Classes', to: '/classes/coming', icon: 'list' });
  else items.push({ label: 'My Courses', to: '/my-courses', icon: 'book' });
  items.push({ label: 'Calendar', to: '/calendar', icon: 'calendar' });
  if (enableWallet && role === 'student') items.push({ label: 'Wallet', to: '/wallet', icon: 'wallet' });
  items.push({ label: 'Inbox', to: '/inbox', icon: 'inbox', unread: true }, { label: 'Help', to: '/help', icon: 'help' });
  return items;
}

/** The unread badge text: the count, or "+99" above 99. */
export const badgeCount = (n: number) => (n > 99 ? '+99' : String(n));
