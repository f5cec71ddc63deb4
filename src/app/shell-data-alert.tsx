import { memo, useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '../../db/messages.ts';
import { LoadError } from '../components/ui/load-state.tsx';
import { getEngine } from '../lib/engine/connect.ts';
import { useShell } from './session-context.tsx';

/**
 * The shell's own data, when it could not be loaded (shell spec, section 8):
 * - the app settings (GET /app) failed and none are stored on this device: "(1) Error occurred
 *   during loading your data";
 * - the sign-in stored on this device could not be checked (a failure, not the server saying no,
 *   which signs out): "(2) Error occurred during loading your data".
 * Each with a Retry; the engine also asks again by itself when the network comes back. While
 * offline the connection chip says why, so neither shows then.
 */
export const ShellDataAlert = memo(function ShellDataAlert() {
  const { ready, settings, session, status } = useShell();
  const online = status?.online !== false;
  const app = useSettingsLoad(ready && !settings);
  const checkFailed = session.checkFailed === true;
  const [checking, setChecking] = useState(false);
  const recheck = useCallback(() => {
    setChecking(true);
    void getEngine().refresh('user', { force: true }).finally(() => setChecking(false));
  }, []);
  if (!online) return null;
  return (
    <>
      {app.failed && <LoadError variant="banner" message={MESSAGES.appDataFailed} onRetry={app.retry} retrying={app.retrying} />}
      {checkFailed && <LoadError variant="banner" message={MESSAGES.authCheckFailed} onRetry={recheck} retrying={checking} />}
    </>
  );
});

/** While no settings are stored: asks how the engine's GET /app went (joining its request), and again on Retry. */
function useSettingsLoad(missing: boolean): { failed: boolean; retry: () => void; retrying: boolean } {
  const [state, setState] = useState({ failed: false, retrying: false });
  useEffect(() => {
    if (!missing) return;
    let live = true;
    void getEngine().refresh('app').then((r) => {
      if (live) setState({ failed: !r.ok, retrying: false });
    });
    return () => {
      live = false;
    };
  }, [missing]);
  const retry = useCallback(() => {
    setState((s) => ({ ...s, retrying: true }));
    void getEngine().refresh('app', { force: true }).then((r) => setState({ failed: !r.ok, retrying: false }));
  }, []);
  return { failed: missing && state.failed, retry, retrying: state.retrying };
}
