import { createContext, use, useContext, type ReactNode } from 'react';
import type { EngineStatus, SessionState } from '../../db/engine-api.ts';
import type { AppSettings, Notification, User } from '../../db/entities.ts';
import { isTeacher, type Role } from '../../db/roles.ts';

/**
 * What the shell's screens read of the sync engine's state, in one small value: the session (its
 * user as fresh as the mirror's), the app settings, the engine status and the notifications.
 * `engine-bridge.tsx` feeds it from the tab's engine client (`src/lib/engine/`); tests feed it by
 * hand. Calls and writes go through `src/lib/engine/` itself.
 */
export interface ShellValue {
  /** The engine answered hello: the session below is the stored one, not a placeholder. */
  ready: boolean;
  session: SessionState;
  settings: AppSettings | null;
  status: EngineStatus | null;
  /** Newest first. */
  notifications: Notification[];
}

const ShellContext = createContext<ShellValue | null>(null);
/**
 * The shell's value as a kept screen last saw it (app/kept-screens.tsx). A context of its own: React
 * re-renders every reader of a changed context below its provider, nested providers or not, so
 * screens that read only this one are not re-rendered while hidden when a credit or a count changes.
 */
const ScreenShellContext = createContext<ShellValue | null>(null);

export function ShellProvider({ value, children }: { value: ShellValue; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function ScreenShellProvider({ value, children }: { value: ShellValue; children: ReactNode }) {
  return <ScreenShellContext.Provider value={value}>{children}</ScreenShellContext.Provider>;
}

export function useShell(): ShellValue {
  // Inside a kept screen only the screen's context is read (`use` may be called conditionally).
  const v = useContext(ScreenShellContext) ?? use(ShellContext);
  if (!v) throw new Error('useShell outside ShellProvider');
  return v;
}

/** The shell's own value, never a screen's copy (the part that hands it to the screens reads this). */
export function useLiveShell(): ShellValue {
  const v = useContext(ShellContext);
  if (!v) throw new Error('useLiveShell outside ShellProvider');
  return v;
}

export const useSettings = () => useShell().settings;
export function useUser(): User | null {
  const { session } = useShell();
  return session.status === 'signed-in' ? session.user : null;
}
export function useRole(): Role | null {
  const user = useUser();
  return roleOf(user);
}
/** The signed-in user's role, or null for a guest. */
export const roleOf = (user: User | null): Role | null => (user ? (isTeacher(user) ? 'teacher' : 'student') : null);
