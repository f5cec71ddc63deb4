import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useRole } from '../../app/session-context.tsx';
import { getEngine } from '../../lib/engine/connect.ts';
import { setLoggingOut } from './logout-state.ts';

export const LOGOUT_DELAYS = [500, 250] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Logout after the user confirmed: the engine clears the token, the user and the mirror, then
 * after 500 ms the page goes to the (teachers') sign-in page and after 250 ms more it reloads, so
 * nothing of this user stays in memory. Answers false when the engine refused because changes are
 * still unsent (the caller asks again with `force`).
 */
export function useLogout() {
  const engine = getEngine();
  const role = useRole();
  const navigate = useNavigate();
  return useCallback(
    async (force = false): Promise<boolean> => {
      setLoggingOut(true);
      const res = await engine.signOut({ force });
      if (!res.ok) {
        setLoggingOut(false);
        return false;
      }
      await sleep(LOGOUT_DELAYS[0]);
      navigate(role === 'teacher' ? '/login/teachers' : '/login', { replace: true });
      await sleep(LOGOUT_DELAYS[1]);
      window.location.reload();
      return true;
    },
    [engine, role, navigate],
  );
}
