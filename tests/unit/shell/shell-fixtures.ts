import type { AppSettings, User } from '../../../db/entities.ts';

/** A signed-in user of the shell's component tests, with `over` changed. */
export const user = (over: Partial<User> = {}): User =>
  ({
    id: 1, name: 'Amina', email: 'a@example.com', avatar: null, groupId: 0, credits: 10, loan_credits: 0, can_borrow: false,
    max_borrow_amount: 0, timezone: 'UTC', notifications: [], notifications_count: 0, unread_inbox_count: 0,
    email_verified_at: '2026-01-01', my_courses: 0, referral_link: null, is_parent: false, ...over,
  }) as User;

/** The app settings of those tests: the wallet on, e-mail confirmation asked, no Ramadan mode. */
export const settings = { enable_app_wallet: true, email_verification: true, ramadan_mode: false } as AppSettings;
