import type { EngineEvent } from '../../../db/engine-api.ts';
import type { Class, Notification } from '../../../db/entities.ts';
import { notificationsOn, showNotification } from '../../lib/attention.ts';
import { classLink, joinLink } from '../../lib/links.ts';
import { once } from '../../lib/notify-once.ts';
import { notificationTarget } from './notification-target.ts';
import { t } from '../../lib/i18n/index.ts';

/**
 * Browser notifications about classes, for a user who turned notifications on (Settings): a
 * reschedule request from the other party or the decision on one's own request, a class the other
 * party (or the school) canceled, and "Your class starts in 10 minutes" for the mirrored next class. Shown whether or not a tab of the app is
 * visible (unlike a message, which the open screen shows): they are about time. Every tab watches;
 * each item is shown once per browser (lib/notify-once.ts) and opens its class when clicked.
 */
type Role = 'student' | 'teacher';

/**
 * The notifications (spec 2.11 types) that become browser notifications: a reschedule asked,
 * approved or rejected, and a class canceled. The server tells only the other party, so a user who
 * cancels their own class is not notified of it; a cancellation reaches every tab as the
 * notification the user's rows bring (the realtime hint re-reads them at once, the home poll later).
 */
export const NOTICE_TYPES: ReadonlySet<string> = new Set(['class_rescheduled', 'class_rescheduled_rejected', 'class_canceled']);
/** The spec names no wording for a cancellation's title: the catalogue's, in the user's language. */
const TITLES: Readonly<Record<string, () => string>> = { class_canceled: () => t('notifications.classCanceled') };
/** A notification older than this when it reaches the mirror is not news (a first sign-in on a new device). */
export const NOTICE_FRESH_MS = 15 * 60_000;
/** The reminder comes this long before the class starts. */
export const REMIND_BEFORE_MS = 10 * 60_000;

export interface BrowserNotice {
  /** Its once-per-browser key, also the notification's tag. */
  key: string;
  title: string;
  body: string;
  /** What a click opens. */
  url: string;
  /** A Join Class action on the notification: what it opens (the class's dialog, joining at once). */
  joinUrl?: string;
}

/** The notification rows of a mirror change that deserve a browser notification. Pure. */
export function classNotices(rows: readonly Notification[], role: Role, now: number): BrowserNotice[] {
  const out: BrowserNotice[] = [];
  for (const n of rows) {
    if (!n || n.read || !NOTICE_TYPES.has(n.data?.type)) continue;
    const at = Date.parse(n.created_at);
    if (!Number.isFinite(at) || now - at > NOTICE_FRESH_MS) continue;
    const url = notificationTarget(n, role);
    if (!url) continue;
    const title = TITLES[n.data.type]?.() ?? n.data.title;
    // The server's text says who canceled or asks, which class and why.
    out.push({ key: `notice-${n.id}`, title, body: n.data.content, url });
  }
  return out;
}

const display = (n: BrowserNotice) => () =>
  showNotification(n.title, {
    body: n.body,
    tag: n.key,
    data: { url: n.url, joinUrl: n.joinUrl },
    ...(n.joinUrl ? { actions: [{ action: 'join', title: t('classes.join') }] } : {}),
  });

/** Shows the class notices each change to the mirror's notifications brings. Returns the unsubscribe. */
export function notifyClassNotices(
  events: (cb: (e: EngineEvent) => void) => () => void,
  role: () => Role,
  now: () => number = Date.now,
): () => void {
  return events((e) => {
    if (e.type !== 'change' || e.table !== 'notifications' || !e.upserts?.length || !notificationsOn()) return;
    for (const n of classNotices(e.upserts as Notification[], role(), now())) void once(n.key, display(n), now);
  });
}

export interface Reminder {
  notice: (at: number) => BrowserNotice;
  /** When to show it, and the start after which it is too late. */
  at: number;
  until: number;
}

/** The reminder of the next class, if it is still to come: shown 10 minutes before it starts. Pure. */
export function classReminder(next: Class | null | undefined, role: Role, now: number): Reminder | null {
  if (!next || typeof next.id !== 'number' || next.canceled || next.absent || next.attended) return null;
  const start = Date.parse(next.start_datetime);
  if (!Number.isFinite(start) || start <= now) return null;
  const course = next.enrollment?.course?.name ?? '';
  const who = role === 'teacher' ? next.enrollment?.student?.name : next.enrollment?.teacher?.name;
  const body = [course, who].filter(Boolean).join(' · ');
  return {
    at: start - REMIND_BEFORE_MS,
    until: start,
    notice: (at) => {
      const minutes = Math.max(1, Math.ceil((start - at) / 60_000));
      return {
        key: `class-soon-${next.id}-${start}`,
        title: t('notifications.startsIn', { minutes }),
        body,
        url: classLink(next.id),
        joinUrl: joinLink(next.id),
      };
    },
  };
}

/** setTimeout's longest delay (about 24.8 days): a longer wait is taken in steps. */
const MAX_DELAY = 2 ** 31 - 1;
/** Notifications off when the reminder is due: looked at again this often until the class starts (the switch may be turned on meanwhile). */
export const OFF_RECHECK_MS = 30_000;

/**
 * Shows the next class's reminder when its time comes (at once when the tab opens within the last
 * 10 minutes before it, or within 30 s of notifications being turned on in those minutes). A hidden tab's timers may run up to a minute late (Chromium's throttling
 * of background tabs): the title then says the minutes left. Returns the cancel.
 */
export function scheduleReminder(
  next: Class | null | undefined,
  role: Role,
  now: () => number = Date.now,
  timers: { set: (cb: () => void, ms: number) => unknown; clear: (t: unknown) => void } = {
    set: (cb, ms) => setTimeout(cb, ms),
    clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  },
): () => void {
  const r = classReminder(next, role, now());
  if (!r) return () => {};
  let timer: unknown = null;
  const wake = () => {
    const t = now();
    if (t >= r.until) return;
    if (t < r.at) {
      timer = timers.set(wake, Math.min(MAX_DELAY, r.at - t));
      return;
    }
    if (!notificationsOn()) {
      timer = timers.set(wake, Math.min(OFF_RECHECK_MS, r.until - t));
      return;
    }
    const n = r.notice(t);
    void once(n.key, display(n), now);
  };
  wake();
  return () => {
    if (timer !== null) timers.clear(timer);
  };
}
