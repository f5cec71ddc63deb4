import type { Notification, User } from '../../db/entities.ts';
import type { Mirror, TableChange } from '../../db/mirror.ts';
import type { Row } from '../../db/schema.ts';

/**
 * The notifications the screens show are one table, `notifications`: the bell's list in every tab
 * reads it and nothing else. The worker writes into it every notification it learns, wherever it
 * comes from: the user document (`GET /home`, `GET /user`, sign-in and the session check carry its
 * newest notifications and the unread count) and the full list (`GET /notifications`, read by
 * "Show all" and after enrolling, recharging, borrowing or finishing a course). The badge is the
 * user document's `notifications_count`; each source keeps it and the table in step, so the list
 * and the badge agree.
 */

const isUserDoc = (v: unknown): v is User =>
  typeof v === 'object' && v !== null && Array.isArray((v as User).notifications) && typeof (v as User).notifications_count === 'number';

/** The last user document a write stores whole (a server's reply), if any. Patches are local edits and bring nothing new. */
function userDocOf(changes: readonly TableChange[]): User | null {
  let doc: User | null = null;
  for (const c of changes) {
    if (c.table !== 'kv') continue;
    for (const r of c.upserts ?? []) if (r.key === 'user' && isUserDoc(r.value)) doc = r.value;
  }
  return doc;
}

/**
 * What a stored user document means for the table: its notifications (the server's newest) are
 * stored as they are. When they hold every unread one (their unread equal `notifications_count`),
 * every older stored notification is read: read on another device, its row is marked read here too.
 * Rows newer than the document's are left alone (learnt from a later reply: this document may be
 * older than it).
 */
export async function userDocNotifications(mirror: Mirror, changes: readonly TableChange[]): Promise<TableChange[]> {
  const user = userDocOf(changes);
  if (!user) return [];
  const newest = user.notifications;
  const unread = newest.filter((n) => !n.read).length;
  const reads: Row[] = [];
  if (unread >= user.notifications_count) {
    const ids = new Set(newest.map((n) => n.id));
    const oldest = newest.reduce<string | null>((min, n) => (min === null || n.created_at < min ? n.created_at : min), null);
    for (const r of (await mirror.getAll('notifications')) as unknown as Notification[]) {
      if (r.read || ids.has(r.id)) continue;
      // At the oldest's instant too: the server lists newest first, ties by id, so a row of that
      // instant it left out is older in its order (a tie at the list's end left one unread).
      if (oldest === null || r.created_at <= oldest) reads.push({ ...r, read: true } as unknown as Row);
    }
  }
  const upserts = [...(newest as unknown as Row[]), ...reads];
  return upserts.length ? [{ table: 'notifications', upserts }] : [];
}

/**
 * `GET /notifications` (newest first): when `complete` (the server's whole list: no `links.next`,
 * or every page read) the table becomes that list; a first page of more keeps the older rows. The
 * badge follows what the list says changed since the stored user document was read (that document's
 * count covers every notification up to its newest): one more for each unread notification newer
 * than it that the table did not hold unread, one less for each the table held unread that is now
 * read. Never fewer than the list's own unread. The next user document's count replaces it.
 */
export async function notificationListChanges(mirror: Mirror, list: readonly Notification[], complete = true): Promise<TableChange[]> {
  const stored = new Map(((await mirror.getAll('notifications')) as unknown as Notification[]).map((n) => [n.id, n]));
  const doc = (await mirror.get('kv', 'user'))?.value;
  const since = isUserDoc(doc) ? doc.notifications.reduce<string | null>((max, n) => (max === null || n.created_at > max ? n.created_at : max), null) : null;
  let delta = 0;
  for (const n of list) {
    const was = stored.get(n.id);
    if (!n.read && !(was && !was.read) && (since === null || n.created_at > since)) delta += 1;
    if (n.read && was && !was.read) delta -= 1;
  }
  const unread = list.filter((n) => !n.read).length;
  return [
    { table: 'notifications', upserts: list as unknown as Row[], replace: complete },
    {
      table: 'kv',
      patches: [{
        key: 'user',
        apply: (r) => {
          if (!r || !isUserDoc(r.value)) return r;
          const count = Math.max(unread, r.value.notifications_count + delta, 0);
          return count === r.value.notifications_count ? r : { ...r, value: { ...r.value, notifications_count: count } };
        },
      }],
    },
  ];
}
