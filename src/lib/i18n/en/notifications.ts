/** Notifications (src/features/notifications): the bell, its menu, the browser notices built here. */
export const notifications = {
  'notifications.title': 'Notifications',
  'notifications.bellUnread': 'Notifications, {count, plural, other {# unread}}',
  'notifications.empty': 'No notifications yet',
  'notifications.showAll': 'Show all',
  'notifications.startsIn': 'Your class starts in {minutes, plural, one {# minute} other {# minutes}}',
  'notifications.classCanceled': 'Your class was canceled',
} as const;
