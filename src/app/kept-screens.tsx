import { Activity, Component, startTransition, useContext, useEffect, useLayoutEffect, useReducer, useRef, type ReactNode } from 'react';
import {
  matchRoutes,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
  type NavigationType,
} from 'react-router';
import { bottomNav, sideMenu } from '../components/layout/menu-items.ts';
import { prepareScreens } from '../lib/config.ts';
import { scrollToTop } from '../lib/scroll.ts';
import { guard } from './guard.ts';
import { routeOfPath, preloadRoute } from './preload.ts';
import { RouteError } from './route-error.tsx';
import { roleOf, ScreenShellProvider, useLiveShell, type ShellValue } from './session-context.tsx';

/** How many screens stay mounted (the one shown and the last ones left), bounding memory. */
export const KEPT_SCREENS = 12;

interface Kept {
  key: string;
  element: ReactNode;
  /** The screen's own location context, where it was shown (one object, so a hidden screen sees no change). */
  context: { location: Location; navigationType: NavigationType };
  /** The shell's value when the screen was last shown: a hidden screen keeps it (the user row changes often). */
  shell: ShellValue;
  /** The screen with its contexts, made again only when one of them changes: a hidden screen gets the same element, so React has nothing to render for it. */
  tree: ReactNode;
  treeOf: unknown[];
  /** Its `<Activity>` element, made again only when the screen is shown or hidden or its tree changes (`activityOf`). */
  activity?: { shown: boolean; tree: ReactNode; element: ReactNode };
  /** Last time it was shown (a counter): the oldest goes first when too many are kept. */
  used: number;
  scrollY: number;
  /** Rendered hidden ahead of its first visit (`usePreparedScreens`); its location is a stand-in until then. */
  prepared?: boolean;
  /** Its element was made here for its path (a prepared screen), not taken from the router. */
  own?: boolean;
}

type Store = { userKey: string; clock: number; kept: Kept[] };

/**
 * The router's outlet, keeping the last screens mounted while hidden (React's `<Activity>`), so a
 * screen seen before is shown again instead of rebuilt: its DOM, state and scroll are there.
 *
 * - A hidden screen's effects are disconnected, so it holds no live-query subscription and costs
 *   no rendering work when the mirror changes; when shown, its effects reconnect and its live
 *   queries read the mirror's current rows before the frame is painted (tests/e2e/kept-screens).
 * - Each screen keeps the location it was shown at (its own `useLocation`/`useSearchParams`), so
 *   a hidden inbox does not see another screen's query, and the shell's value (session, user,
 *   settings) as it was when last shown: a credit or an unread count changing re-renders only the
 *   screen shown, and a hidden one gets the current value in the render that shows it.
 * - Screens are kept per path (`/courses/3` and `/courses/5` are two), for one user: `userKey`
 *   changing (sign-out, another user) drops them all.
 */
export function KeptOutlet({ userKey, keep }: { userKey: string; keep: boolean }) {
  /* eslint-disable react-hooks/refs -- the kept screens are a cache the render itself maintains
     (the element of the screen shown is stored as it renders): rendering the same location again
     finds the same entry, so a render React throws away leaves nothing wrong behind, and keeping it
     in state would render every kept screen twice per navigation. */
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const shell = useLiveShell();
  const store = useRef<Store>({ userKey, clock: 0, kept: [] });
  const s = store.current;
  if (s.userKey !== userKey) {
    s.userKey = userKey;
    s.kept = [];
  }
  const key = location.pathname;
  // Screens that are not kept (guest pages, redirects) replace the kept ones' visible slot only.
  const current = keep ? upsert(s, key, outlet, location, navigationType, shell) : null;
  if (current) current.shell = shell;

  useScrollPerScreen(s, keep ? key : `~${key}`, navigationType);
  useFreshOnShow(current?.key ?? null);
  usePreparedScreens(s, keep, shell);

  return (
    <>
      {s.kept.map((k) => activityOf(k, k === current))}
      {!keep && outlet}
    </>
  );
  /* eslint-enable react-hooks/refs */
}

/**
 * The screen's `<Activity>`, the same element while neither its mode nor its tree changes: React
 * then skips it, and looks for readers of the router's changed contexts below it only as far as
 * its `RouterFence`. Given a new element, a hidden Activity is rendered again, and React walks the
 * whole hidden screen for those readers (and renders each one it finds) on every navigation.
 */
function activityOf(k: Kept, shown: boolean): ReactNode {
  const tree = treeOf(k);
  if (!k.activity || k.activity.shown !== shown || k.activity.tree !== tree) {
    k.activity = { shown, tree, element: <Activity key={k.key} mode={shown ? 'visible' : 'hidden'}>{tree}</Activity> };
  }
  return k.activity.element;
}

function treeOf(k: Kept): ReactNode {
  const parts = [k.shell, k.context, k.element];
  if (k.treeOf.length === 0 || !k.treeOf.every((p, i) => p === parts[i])) {
    k.treeOf = parts;
    k.tree = (
      <RouterFence>
        <ScreenShellProvider value={k.shell}>
          <LocationContext.Provider value={k.context}>{k.element}</LocationContext.Provider>
        </ScreenShellProvider>
      </RouterFence>
    );
  }
  return k.tree;
}

/**
 * Reads the router's contexts that change on every navigation (its state, location and route) and
 * renders its children as they are. When a kept screen's `<Activity>` is skipped (`activityOf`),
 * React still looks below it for readers of a context that changed above, and renders each one
 * it finds; the search stops at a reader. Each screen has its own location and route below this;
 * what reads the router's state there (a link's pending state) is brought up to date by the
 * navigation that shows the screen again, whose render searches on below the fence.
 */
function RouterFence({ children }: { children: ReactNode }) {
  useContext(DataRouterStateContext);
  useContext(LocationContext);
  useContext(RouteContext);
  return children;
}

function upsert(s: { clock: number; kept: Kept[] }, key: string, element: ReactNode, location: Location, navigationType: NavigationType, shell: ShellValue): Kept {
  s.clock += 1;
  let k = s.kept.find((x) => x.key === key);
  if (k) {
    // The same screen with another query or hash: its element and location follow. Coming back to
    // it as it was keeps the element itself, so React shows the kept tree without re-rendering it.
    const at = k.context.location;
    const moved = at.search !== location.search || at.hash !== location.hash || at.state !== location.state;
    // A screen rendered ahead keeps the element made for it, which depends on its path only: the
    // router's element has another shape, and taking it would mount the screen again (a class opened
    // from its calendar puts ?class= in the address; the dialog's focus went back to a removed event).
    if (moved && !k.own) Object.assign(k, { element });
    if (moved) Object.assign(k, { context: { location, navigationType }, prepared: false });
    else if (k.prepared) {
      // First shown where it was prepared for (its path, no query): the stand-in location becomes
      // the real one in place. They differ by their key only, which no screen reads, and a new
      // context object would re-render every reader of the location (every link) on this visit.
      Object.assign(k.context, { location, navigationType });
      k.prepared = false;
    }
    k.used = s.clock;
  } else {
    k = { key, element, context: { location, navigationType }, shell, tree: null, treeOf: [], used: s.clock, scrollY: 0 };
    // A new screen goes last, so the kept ones' DOM never moves.
    s.kept.push(k);
    if (s.kept.length > KEPT_SCREENS) {
      const oldest = s.kept.reduce((a, b) => (b !== k && (a === k || b.used < a.used) ? b : a));
      s.kept = s.kept.filter((x) => x !== oldest);
    }
  }
  return k;
}

/** How long after the screen shown mounted the preparing of the others starts (then in idle time only). */
const PREPARE_AFTER_MS = 1000;

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve());
    else setTimeout(resolve, 50);
  });

const whenOnline = () => new Promise<void>((resolve) => addEventListener('online', () => resolve(), { once: true }));

/**
 * Every screen is ready before its first click (ARCHITECTURE rule 10, issue 27 item 2). Once the
 * screen shown has settled and the browser is idle, the role's other menu screens are prepared one
 * at a time: their code and their mirror tables are loaded, then the screen is added to the kept
 * ones, hidden. React renders a hidden `<Activity>` at its lowest priority, in slices that yield to
 * input, and runs none of its effects (no request, no subscription) until it is shown; shown, it is
 * the kept screen of any later visit (its live queries read the mirror's current rows before the
 * first paint, see `useFreshOnShow`). Prepared screens are the first to go when more than
 * `KEPT_SCREENS` are kept, so the memory stays bounded by that number of screens.
 */
function usePreparedScreens(s: Store, keep: boolean, shell: ShellValue) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const router = useContext(DataRouterContext)?.router;
  const shellRef = useRef(shell);
  useLayoutEffect(() => void (shellRef.current = shell), [shell]);
  const { session, settings } = shell;
  const user = session.status === 'signed-in' ? session.user : null;
  const role = roleOf(user);
  const enableWallet = !!settings?.enable_app_wallet;
  const isChild = !!user?.is_child;
  const mustConfirm = !!user && !user.email_verified_at && !!settings?.email_verification;
  const userKey = s.userKey;
  useEffect(() => {
    if (!keep || !role || !router || mustConfirm || !prepareScreens()) return;
    let stopped = false;
    const paths = [...new Set([...bottomNav(role, enableWallet), ...sideMenu(role, { is_child: isChild })].filter((i) => !i.external).map((i) => i.to))];
    void (async () => {
      await new Promise((r) => setTimeout(r, PREPARE_AFTER_MS));
      for (const path of paths) {
        await whenIdle();
        if (stopped || s.userKey !== userKey) return;
        if (s.kept.some((k) => k.key === path) || s.kept.length >= KEPT_SCREENS) continue;
        const def = routeOfPath(path);
        const matches = matchRoutes(router.routes, path);
        if (!def || !matches || def.path.includes(':')) continue;
        const verdict = guard({ name: def.name, path, meta: def.meta, query: new URLSearchParams() }, { token: 'stored', role, mustConfirm });
        if (verdict.kind !== 'allow') continue;
        // Offline, a screen's code can come only from the service worker's copy of the build. Asked
        // for without one, it fails; rendered (hidden) anyway, the screen's lazy component keeps that
        // failure, and its first visit once back online showed the error screen.
        const fromNetwork = () => !navigator.onLine && !navigator.serviceWorker?.controller;
        if (fromNetwork()) await whenOnline();
        let loaded = await preloadRoute(path, true);
        // The connection went while the code was on its way: asked again once it is back (skipped,
        // that screen was never prepared, and its first visit built it on the click).
        while (!loaded && fromNetwork() && !stopped) {
          await whenOnline();
          loaded = await preloadRoute(path, true);
        }
        if (!loaded) continue;
        await whenIdle();
        if (stopped || s.userKey !== userKey || s.kept.some((k) => k.key === path) || s.kept.length >= KEPT_SCREENS) continue;
        const location: Location = { pathname: path, search: '', hash: '', state: null, key: 'prepared' };
        s.kept.push({
          key: path,
          element: (
            <RouteContext.Provider value={{ outlet: null, matches, isDataRoute: true }}>
              <ScreenBoundary>{matches.at(-1)!.route.element}</ScreenBoundary>
            </RouteContext.Provider>
          ),
          context: { location, navigationType: 'PUSH' as NavigationType },
          shell: shellRef.current,
          tree: null,
          treeOf: [],
          used: 0,
          scrollY: 0,
          prepared: true,
          own: true,
        });
        startTransition(rerender);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [s, keep, userKey, role, isChild, router, mustConfirm, enableWallet]);
}

/** A prepared screen that fails to render shows the route's error screen in its place, as its route would. */
class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * A screen shown again reconnects its effects, among them its live queries' subscriptions, and a
 * query that changed while the screen was hidden re-renders it from there. Those effects are
 * passive: after a navigation (a transition) they would run after the browser painted the screen
 * as it was. An update scheduled in a layout effect is synchronous, and React flushes the pending
 * passive effects before it renders again: so the stale rows are replaced before the first paint.
 */
function useFreshOnShow(shown: string | null) {
  const [, flush] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    if (shown !== null) flush();
  }, [shown]);
}

/**
 * The window's scroll per screen: leaving a screen remembers where it was; coming back with the
 * browser's back or forward restores it, any other navigation starts at the top (spec section 9).
 */
function useScrollPerScreen(s: { kept: Kept[] }, key: string, navigationType: NavigationType) {
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    const prev = shown.current;
    shown.current = key;
    if (prev === null || prev === key) return;
    const left = s.kept.find((k) => k.key === prev);
    if (left) left.scrollY = lastScrollY;
    const back = s.kept.find((k) => k.key === key);
    if (back && navigationType === 'POP') window.scrollTo(0, back.scrollY);
    else scrollToTop(undefined, lastScrollY);
  }, [key, navigationType, s]);
}

/** The window's scroll before the current navigation's commit (the commit may already have changed it). */
let lastScrollY = 0;
if (typeof window !== 'undefined') {
  window.addEventListener('scroll', () => void (lastScrollY = window.scrollY), { passive: true });
}
