import { Hono } from 'hono';
import type { Env } from '../lib/context.ts';
import { requireAuth } from '../lib/auth.ts';
import { serializeNotification, type NotificationRow } from '../lib/notify.ts';

/** The signed-in user's notifications (the bell menu). */
export const notificationRoutes = new Hono<Env>();

/** How many notifications the full list shows. */
export const NOTIFICATIONS_LIMIT = 50;

notificationRoutes.get('/notifications', requireAuth, (c) => {
  const app = c.get('app');
  const rows = app.db
    .prepare('SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id LIMIT ?')
    .all(c.get('user').id, NOTIFICATIONS_LIMIT) as NotificationRow[];
  return c.json({ data: rows.map(serializeNotification) });
});

/** Marks every unread notification of the caller as read (the menu does it about 2 s after opening). */
notificationRoutes.post('/notifications/read', requireAuth, (c) => {
  const app = c.get('app');
  app.db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL').run(app.now(), c.get('user').id);
  return c.json({ status: 'OK' });
});
