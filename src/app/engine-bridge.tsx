import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionState } from '../../db/engine-api.ts';
import { getEngine } from '../lib/engine.ts';
import type { LiveUser } from './live-user-feed.tsx';
import { ShellProvider, type ShellEngine, type ShellValue } from './session-context.tsx';

const LiveUserFeed = lazy(() => import('./live-user-feed.tsx'));

/**
 * Feeds the shell's context from the tab's engine client: its state (session, settings, status)
 * and, once signed in, the live user and notifications of the mirror. `mutate` resolves after this
 * tab applied the change the mutation caused, so optimistic state is replaced without a flicker.
 */
export function EngineBridge({ children }: { children: ReactNode }) {
  const client = getEngine();
  const state = useSyncExternalStore(client.subscribeState, client.getState);
  const [live, setLive] = useState<LiveUser>({ user: null, notifications: [] });
  const signedIn = state.session.status === 'signed-in';
  const userId = signedIn ? (state.session as Extract<SessionState, { status: 'signed-in' }>).user.id : null;
  useEffect(() => setLive({ user: null, notifications: [] }), [userId]);

  // The engine must hear from the tab before the first screen shows anything from the mirror.
  useEffect(() => {
    void client.started.catch(() => {});
  }, [client]);

  const engine: ShellEngine = useMemo(
    () => ({
      call: (req) => client.call(req),
      signIn: (token, user) => client.signIn(token, user),
      signOut: (opts) => client.signOut(opts),
      refresh: (r, opts) => client.refresh(r, opts),
      mutate: async (m) => {
        const r = await client.api.mutate(m);
        if (r.ok) await client.waitForSeq(r.data.epoch, r.data.seq);
        return r;
      },
    }),
    [client],
  );

  const session: SessionState = useMemo(() => {
    const s = state.session;
    // The mirror's user is the freshest (credits, counts); the session's is the one signed in with.
    if (s.status === 'signed-in' && live.user && live.user.id === s.user.id) return { ...s, user: live.user };
    return s;
  }, [state.session, live.user]);

  const notifications = live.notifications.length > 0 ? live.notifications : session.status === 'signed-in' ? (session.user.notifications ?? []) : [];
  const value: ShellValue = useMemo(
    () => ({ ready: state.ready, session, settings: state.settings, status: state.status, notifications, engine }),
    [state.ready, session, state.settings, state.status, notifications, engine],
  );
  const onLive = useCallback(
    (v: LiveUser) => {
      setLive(v);
      if (v.user) client.rememberUser(v.user);
    },
    [client],
  );

  return (
    <ShellProvider value={value}>
      {signedIn && (
        <Suspense fallback={null}>
          <LiveUserFeed key={userId ?? 0} onChange={onLive} />
        </Suspense>
      )}
      {children}
    </ShellProvider>
  );
}
