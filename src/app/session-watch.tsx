import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isLoggingOut } from '../features/auth/logout-state.ts';
import { notify } from '../components/ui/toaster.tsx';
import { MESSAGES } from '../../db/messages.ts';
import { useShellCore } from './session-context.tsx';

/**
 * Any change to a non-authenticated state (a 401 anywhere, an invalid token at start-up, a sign-out
 * in another tab) pushes the user to the sign-in page. A logout in this tab runs its own delays
 * and picks the page itself.
 */
export function SessionWatch() {
  const { session, ready } = useShellCore();
  const navigate = useNavigate();
  const was = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const prev = was.current;
    was.current = session.status;
    if (prev === 'signed-in' && session.status === 'guest' && !isLoggingOut()) {
      // A token the server refused: the session has ended (a check that failed keeps it: shell-data-alert.tsx).
      if (session.reason === 'invalid-token') notify('error', MESSAGES.sessionEnded);
      navigate('/login', { replace: true });
    }
  }, [ready, session, navigate]);
  return null;
}
