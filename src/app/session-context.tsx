import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
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

/** The part of the shell that changes only with the session or the settings (not at every sync). */
export type ShellCore = Pick<ShellValue, 'ready' | 'session' | 'settings'>;

const ShellContext = createContext<ShellValue | null>(null);
const ShellCoreContext = createContext<ShellCore | null>(null);
/** Whether the engine is online: a context of its own, as most readers of the status need only this. */
const ShellOnlineContext = createContext<boolean>(true);
/**
 * The notifications, a context of their own: the engine's status changes twice with every write
 * (pending, then sent), and the bell's open menu (its ten items) re-rendered each time.
 */
const ShellNotificationsContext = createContext<Notification[]>([]);
/**
 * What the frame and the menus read of the session: who is signed in and in what role. It changes
 * with the user, not with their credits or unread count, so a transfer or a new message does not
 * render the frame, the bars and the menus again (a credits change rendered 1,116 components on
 * the wallet; 2 December). Its readers of a figure (the credits badge, the unread chips) read it
 * themselves.
 */
export interface SessionShape {
  ready: boolean;
  signedIn: boolean;
  userId: number | null;
  role: Role | null;
  /** A child's account (a parent's family menu is not theirs). */
  isChild: boolean;
}
const ShellShapeContext = createContext<SessionShape>({ ready: false, signedIn: false, userId: null, role: null, isChild: false });
/** The app settings, a context of their own: they change with `/app`, not with the user. */
const ShellSettingsContext = createContext<AppSettings | null>(null);
/** The user's counts (the menus' chips, the bell's badge): their readers re-render when a count changes. */
export interface UserCounts {
  unreadInbox: number;
  notifications: number;
}
const NO_COUNTS: UserCounts = { unreadInbox: 0, notifications: 0 };
const ShellCountsContext = createContext<UserCounts>(NO_COUNTS);
/**
 * The shell's value as a kept screen last saw it (app/kept-screens.tsx), in contexts of its own:
 * React re-renders every reader of a changed context below its provider, nested providers or not,
 * so screens that read only these are not re-rendered while hidden when a credit or a count
 * changes. Split in three, so a screen shown again after the engine's status changed (every sync
 * does: its time) re-renders only the few readers of the status, not every reader of the user.
 */
const ScreenCoreContext = createContext<ShellCore | null>(null);
const ScreenStatusContext = createContext<EngineStatus | null>(null);
const ScreenNotificationsContext = createContext<Notification[]>([]);
const ScreenOnlineContext = createContext<boolean | null>(null);
const onlineOf = (v: ShellValue) => v.status?.online !== false;

const useCoreOf = (v: ShellValue): ShellCore => useMemo(() => ({ ready: v.ready, session: v.session, settings: v.settings }), [v.ready, v.session, v.settings]);

function useShapeOf(v: ShellValue): SessionShape {
  const user = v.session.status === 'signed-in' ? v.session.user : null;
  const [signedIn, userId, role, isChild] = [!!user, user?.id ?? null, roleOf(user), !!user?.is_child];
  return useMemo(() => ({ ready: v.ready, signedIn, userId, role, isChild }), [v.ready, signedIn, userId, role, isChild]);
}

function useCountsOf(v: ShellValue): UserCounts {
  const user = v.session.status === 'signed-in' ? v.session.user : null;
  const [unreadInbox, notifications] = [user?.unread_inbox_count ?? 0, user?.notifications_count ?? 0];
  return useMemo(() => ({ unreadInbox, notifications }), [unreadInbox, notifications]);
}

export function ShellProvider({ value, children }: { value: ShellValue; children: ReactNode }) {
  return (
    <ShellContext.Provider value={value}>
      <ShellCoreContext.Provider value={useCoreOf(value)}>
        <ShellShapeContext.Provider value={useShapeOf(value)}>
          <ShellSettingsContext.Provider value={value.settings}>
            <ShellCountsContext.Provider value={useCountsOf(value)}>
              <ShellOnlineContext.Provider value={onlineOf(value)}>
                <ShellNotificationsContext.Provider value={value.notifications}>{children}</ShellNotificationsContext.Provider>
              </ShellOnlineContext.Provider>
            </ShellCountsContext.Provider>
          </ShellSettingsContext.Provider>
        </ShellShapeContext.Provider>
      </ShellCoreContext.Provider>
    </ShellContext.Provider>
  );
}

export function ScreenShellProvider({ value, children }: { value: ShellValue; children: ReactNode }) {
  return (
    <ScreenCoreContext.Provider value={useCoreOf(value)}>
      <ScreenStatusContext.Provider value={value.status}>
        <ScreenNotificationsContext.Provider value={value.notifications}>
          <ScreenOnlineContext.Provider value={onlineOf(value)}>{children}</ScreenOnlineContext.Provider>
        </ScreenNotificationsContext.Provider>
      </ScreenStatusContext.Provider>
    </ScreenCoreContext.Provider>
  );
}

/** The session, the user and the settings: inside a kept screen, its copy (`use` may be called conditionally). */
export function useShellCore(): ShellCore {
  const v = use(ScreenCoreContext) ?? use(ShellCoreContext);
  if (!v) throw new Error('useShellCore outside ShellProvider');
  return v;
}

/** Whether the engine is online (no status yet: online). Its readers re-render only when that flips. */
export function useOnline(): boolean {
  return use(ScreenOnlineContext) ?? use(ShellOnlineContext);
}

/** The notifications, newest first. Their readers re-render only when the list changes, not at every sync. */
export function useNotifications(): Notification[] {
  return use(ScreenCoreContext) ? use(ScreenNotificationsContext) : use(ShellNotificationsContext);
}

/** The whole value (status and notifications too): its readers re-render at every sync; prefer `useShellCore`. */
export function useShell(): ShellValue {
  const core = use(ScreenCoreContext);
  if (core) return { ...core, status: use(ScreenStatusContext), notifications: use(ScreenNotificationsContext) };
  const v = use(ShellContext);
  if (!v) throw new Error('useShell outside ShellProvider');
  return v;
}

/** The shell's own value, never a screen's copy (the part that hands it to the screens reads this). */
export function useLiveShell(): ShellValue {
  const v = useContext(ShellContext);
  if (!v) throw new Error('useLiveShell outside ShellProvider');
  return v;
}

/**
 * Who is signed in and in what role (the shell's own value: it changes only with the user, so a
 * kept screen reading it is not rendered again while hidden by a credit or a count).
 */
export const useSessionShape = (): SessionShape => useContext(ShellShapeContext);

/** The app settings: inside a kept screen, its copy. Its readers re-render when the settings change, not with the user. */
export function useSettings(): AppSettings | null {
  const core = use(ScreenCoreContext);
  return core ? core.settings : use(ShellSettingsContext);
}

/** The user's counts (0 for a guest): inside a kept screen, its copy. */
export function useUserCounts(): UserCounts {
  const core = use(ScreenCoreContext);
  if (!core) return use(ShellCountsContext);
  const user = core.session.status === 'signed-in' ? core.session.user : null;
  return user ? { unreadInbox: user.unread_inbox_count ?? 0, notifications: user.notifications_count ?? 0 } : NO_COUNTS;
}
export const useUnreadInbox = (): number => useUserCounts().unreadInbox;

/** The whole user (null for a guest): its readers re-render at every change of it (credits, counts); prefer the narrower hooks above. */
export function useUser(): User | null {
  const { session } = useShellCore();
  return session.status === 'signed-in' ? session.user : null;
}
export const useRole = (): Role | null => useSessionShape().role;
/** The signed-in user's role, or null for a guest. */
export const roleOf = (user: User | null): Role | null => (user ? (isTeacher(user) ? 'teacher' : 'student') : null);
