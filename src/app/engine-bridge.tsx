import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionState } from '../../db/engine-api.ts';
import { same } from '../../db/same.ts';
import { getEngine } from '../lib/engine/connect.ts';
import { useMirrorNotifications, useMirrorUser } from '../lib/engine/mirror-rows.ts';
import { ShellProvider, type ShellValue } from './session-context.tsx';

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/**
 * Feeds the shell's context from the tab's engine client: its state (session, settings, status)
 * and, once signed in, the user and notifications as the mirror holds them (fresher than the
 * session's copy: credits, counts, the read badge). The notifications are the mirror's table only.
 */
export function EngineBridge({ children }: { children: ReactNode }) {
  const client = getEngine();
  // The engine's state as React state, not an external store: the engine answers (its hello, the
  // settings, the connection) while the first render is under way, a transition that yields to the
  // browser (main.tsx). An external store that changes during such a render makes React discard it
  // and render the whole app again in one blocking task (285 ms of a phone's /login at CPU ×4);
  // as state, the change is one more update, rendered where the shell's value is read.
  const [state, setState] = useState(client.getState);
  useEffect(() => {
    // What changed between the first render and this subscription comes as part of a transition
    // (it may be the whole start-up: the screen's tables, the user); later changes at once.
    startTransition(() => setState(client.getState()));
    return client.subscribeState(() => setState(client.getState()));
  }, [client]);
  const signedIn = state.session.status === 'signed-in';
  const mirrorUser = useMirrorUser(signedIn);
  const mirrorNotes = useMirrorNotifications(signedIn);

  // The engine must hear from the tab before the first screen shows anything from the mirror.
  useEffect(() => {
    void client.started.catch(() => {});
  }, [client]);

  const session: SessionState = useMemo(() => {
    const s = state.session;
    // The mirror's user is the freshest (credits, counts); the session's is the one signed in with.
    if (s.status === 'signed-in' && mirrorUser && mirrorUser.id === s.user.id) return same(s.user, mirrorUser) ? s : { ...s, user: mirrorUser };
    return s;
  }, [state.session, mirrorUser]);

  // The stored user stands in at the next start, before the engine answers: keep it as fresh.
  useEffect(() => {
    if (session.status === 'signed-in' && session.user === mirrorUser) client.rememberUser(mirrorUser);
  }, [client, session, mirrorUser]);

  // One list, the mirror's table: the worker stores there every notification it learns (the user
  // document's newest, the full list), so the menu, its badge and every tab show the same.
  const notifications = useMemo(() => (signedIn ? [...mirrorNotes].sort(newestFirst) : []), [mirrorNotes, signedIn]);
  const value: ShellValue = useMemo(
    () => ({ ready: state.ready, session, settings: state.settings, status: state.status, notifications }),
    [state.ready, session, state.settings, state.status, notifications],
  );

  return <ShellProvider value={value}>{children}</ShellProvider>;
}
