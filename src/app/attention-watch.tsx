import { useEffect } from 'react';
import { notifyNewMessages, setUnread } from '../lib/attention.ts';
import { getEngine } from '../lib/engine/connect.ts';
import { useLiveShell } from './session-context.tsx';

/**
 * Keeps the unread count in the document title and on the app's icon, and shows a browser
 * notification for a new message while no tab of the app is visible (when the user opted in, in
 * Settings). Renders nothing.
 */
export function AttentionWatch() {
  const { session } = useLiveShell();
  const user = session.status === 'signed-in' ? session.user : null;
  const unread = user?.unread_inbox_count ?? 0;
  useEffect(() => setUnread(unread), [unread]);

  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    const client = getEngine();
    return notifyNewMessages(
      (cb) => client.events(cb),
      () => userId,
      // Unknown (an engine that does not say) counts as visible: no notification rather than a wrong one.
      () => client.getState().status?.anyTabVisible ?? true,
    );
  }, [userId]);
  return null;
}
