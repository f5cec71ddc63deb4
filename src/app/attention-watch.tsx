import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext as NavigationContext } from 'react-router';
import type { Class } from '../../db/entities.ts';
import { isTeacher } from '../../db/roles.ts';
import { appPath, notifyNewMessages, setNotificationOpener, setUnread } from '../lib/attention.ts';
import { getEngine } from '../lib/engine/connect.ts';
import { useMirrorKv } from '../lib/engine/mirror-rows.ts';
import { notifyClassNotices, scheduleReminder } from '../features/notifications/browser-notices.ts';
import { useShellCore } from './session-context.tsx';

/**
 * Keeps the unread count in the document title and on the app's icon, and shows the browser
 * notifications the user opted into (Settings): a new message while no tab of the app is visible,
 * a reschedule request or decision, and the next class's 10-minute reminder, each once per browser.
 * A notification clicked opens its item in this tab (the service worker chose it, brought it
 * forward and tells it where to go). Renders nothing.
 */
export function AttentionWatch() {
  const { session } = useShellCore();
  const user = session.status === 'signed-in' ? session.user : null;
  const unread = user?.unread_inbox_count ?? 0;
  useEffect(() => setUnread(unread), [unread]);

  const userId = user?.id ?? null;
  const role = user && isTeacher(user) ? 'teacher' : 'student';
  useEffect(() => {
    if (userId === null) return;
    const client = getEngine();
    const events = (cb: Parameters<typeof client.events>[0]) => client.events(cb);
    const stopMessages = notifyNewMessages(
      events,
      () => userId,
      // Unknown (an engine that does not say) counts as visible: no notification rather than a wrong one.
      () => client.getState().status?.anyTabVisible ?? true,
    );
    const stopNotices = notifyClassNotices(events, () => role);
    return () => {
      stopMessages();
      stopNotices();
    };
  }, [userId, role]);

  // The next class, as the mirror holds it (the dashboard's poll and every class change keep it).
  // Read without the collections: this component is in every screen's shell, guest pages included,
  // and must not bring TanStack DB into the first screen's code.
  const next = useMirrorKv<{ next_class?: Class | null }>('home', userId !== null)?.next_class ?? null;
  const nextKey = next ? `${next.id}:${next.start_datetime}:${next.canceled}:${next.absent}:${next.attended}` : null;
  useEffect(() => {
    if (userId === null || !next) return;
    return scheduleReminder(next, role);
    // The class's identity and time decide the reminder; other fields change on every poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, role, nextKey]);

  // The router's navigator: one object for the router's life (useNavigate changes at each navigation).
  const { navigator: history } = useContext(NavigationContext);
  useEffect(() => {
    const open = (url: string) => history.push(url);
    setNotificationOpener(open);
    const sw = navigator.serviceWorker;
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: string; url?: unknown } | null;
      const path = data?.type === 'OPEN_URL' ? appPath(data.url) : null;
      if (path) open(path);
    };
    sw?.addEventListener('message', onMessage);
    // Messages wait until the page says it listens (addEventListener alone does not start them).
    sw?.startMessages();
    return () => {
      setNotificationOpener(null);
      sw?.removeEventListener('message', onMessage);
    };
  }, [history]);
  return null;
}
