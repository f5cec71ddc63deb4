import type { EngineEvent } from '../../db/engine-api.ts';
import type { MessageRow } from '../../db/rows.ts';
import { conversationLink } from './links.ts';
import { once } from './notify-once.ts';

/**
 * What tells a user with the app in the background that something needs them: the unread count in
 * the document title ("(3) Inbox · Tutoring") and on the installed app's icon (the Badging API,
 * where the browser has it), and, when the user opted in, browser notifications: a new message
 * while no tab of the app is visible (here), a reschedule request or decision and a class about to
 * start (src/features/notifications/browser-notices.ts). Each is shown once per browser
 * (notify-once.ts) and opens its item when clicked (public/sw.js).
 */
let base = document.title;
let unread = 0;

function render() {
  const title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
  if (document.title !== title) document.title = title;
}

/** The screen's own title (route-gate); the unread count is put before it. */
export function setBaseTitle(title: string): void {
  base = title;
  render();
}

type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** The unread count in the title and on the app's icon (cleared at zero). */
export function setUnread(count: number): void {
  const n = Math.max(0, Math.floor(count || 0));
  if (n === unread) return;
  unread = n;
  render();
  const nav = navigator as BadgeNavigator;
  // Only an installed app shows a badge; elsewhere the call does nothing or is refused.
  const badge = n > 0 ? nav.setAppBadge?.(n) : nav.clearAppBadge?.();
  void badge?.catch(() => {});
}

const PREF_KEY = 'tutoring.notify-messages';

/** Whether the user turned on message notifications on this device (and the browser still allows them). */
export function notificationsOn(): boolean {
  try {
    return localStorage.getItem(PREF_KEY) === 'on' && typeof Notification !== 'undefined' && Notification.permission === 'granted';
  } catch {
    return false;
  }
}

/**
 * Turns message notifications on or off on this device. Turning them on asks the browser's
 * permission (only then: never on page load); answers whether they are on afterwards.
 */
export async function setNotifications(on: boolean): Promise<boolean> {
  try {
    if (!on) {
      localStorage.setItem(PREF_KEY, 'off');
      return false;
    }
    if (typeof Notification === 'undefined') return false;
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    localStorage.setItem(PREF_KEY, permission === 'granted' ? 'on' : 'off');
    return permission === 'granted';
  } catch {
    return false;
  }
}

/** A message newer than this when it reaches the tab is news; older ones are a page being read. */
const FRESH_MS = 60_000;

/**
 * Shows a notification for each new message from someone else while no tab of the app is visible
 * (`anyTabVisible()`, the engine's view of every tab). Every hidden tab sees the same change
 * event; the first to claim the message shows it (notify-once.ts), the others do nothing. A click
 * opens the conversation (public/sw.js). Returns the unsubscribe.
 */
export function notifyNewMessages(
  events: (cb: (e: EngineEvent) => void) => () => void,
  me: () => number | null,
  anyTabVisible: () => boolean,
  now: () => number = Date.now,
): () => void {
  const seen = new Set<number>();
  return events((e) => {
    if (e.type !== 'change' || !notificationsOn() || anyTabVisible()) return;
    // A message reaches the mirror in its open conversation's messages, or, in any other, as the
    // conversation's last message (the inbox's realtime event).
    const rows =
      e.table === 'messages' ? (e.upserts as MessageRow[])
      : e.table === 'conversations' ? (e.upserts as { last_message?: MessageRow | null }[]).flatMap((c) => (c.last_message ? [c.last_message] : []))
      : [];
    const myId = me();
    for (const row of rows) {
      if (typeof row.id !== 'number' || row.pending || seen.has(row.id) || row.sender?.id === myId) continue;
      if (now() - row.created_at_timestamp * 1000 > FRESH_MS) continue;
      seen.add(row.id);
      const tag = `message-${row.id}`;
      void once(tag, () =>
        showNotification(row.sender?.name || 'New message', {
          body: row.text ? row.text : row.type === 'image' ? 'Sent an image' : row.type,
          tag,
          data: { url: conversationLink(row.conversation_id) },
        }),
      );
    }
  });
}

/** Where a click on a notification shown without the service worker (development) goes: the app's router. */
let openInApp: ((url: string) => void) | null = null;
export function setNotificationOpener(open: ((url: string) => void) | null): void {
  openInApp = open;
}

/**
 * A path of this app a notification may open: same origin, absolute path (a message from the
 * service worker or a notification's data is checked before the router is given it).
 */
export function appPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  try {
    const u = new URL(url, location.origin);
    return u.origin === location.origin ? u.pathname + u.search + u.hash : null;
  } catch {
    return null;
  }
}

/**
 * Shows a browser notification through the service worker (a persistent notification: its click
 * reaches public/sw.js even after this tab has closed, and Android shows no other kind), or, with
 * no service worker (development), a page notification whose click brings this tab forward and
 * opens `data.url` in it. Its `actions` (Join Class: `data.joinUrl`) are the service worker's. A browser that refuses: the title and the badge still say it.
 */
export async function showNotification(
  title: string,
  options: NotificationOptions & { data?: { url?: string; joinUrl?: string }; actions?: { action: string; title: string }[] },
): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    if (reg) return void (await reg.showNotification(title, options));
    // A page notification has no action buttons (the constructor refuses them): a click opens the item.
    const { actions: _actions, ...plain } = options;
    const n = new Notification(title, plain);
    n.onclick = () => {
      window.focus();
      n.close();
      const path = appPath(options.data?.url);
      if (path) openInApp?.(path);
    };
  } catch {
    /* refused */
  }
}
