import { matchRoutes } from 'react-router';
import { PAGES } from './pages.ts';
import { ROUTES, type RouteDef } from './route-meta.ts';
import type { Role } from '../../db/roles.ts';

const TABLE = ROUTES.map((def) => ({ path: def.path, def }));

/** The route a path shows (the last match: `*` only when nothing else fits). */
export function routeOfPath(pathname: string): RouteDef | undefined {
  return matchRoutes(TABLE, pathname)?.at(-1)?.route.def;
}

/**
 * The screen at `pathname`, made ready before it renders (at start-up, or before the click on a
 * link): its code, and for a signed-in user its mirror tables read into their collections (the
 * tables' code is loaded only then, so a guest never downloads it).
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<void> {
  const def = routeOfPath(pathname);
  if (!def) return Promise.resolve();
  const code = PAGES[def.name].preload();
  const tables = signedIn && def.tables?.length ? def.tables : [];
  const rows = tables.length
    ? import('../lib/engine/tables.ts').then((m) => Promise.all(tables.map((t) => m.collectionOf(t).preload())))
    : null;
  // Settles when both are there (or failed: the render's own load handles a failure).
  return Promise.all([code, rows?.catch(() => {})]).then(() => {});
}

/**
 * Preloads on intent, for every link of the app in one place: a pointer over a link, the keyboard
 * focus on one, or the press itself (on touch screens the first sign), each before the click.
 */
export function preloadOnIntent(signedIn: () => boolean): () => void {
  const seen = new Set<string>();
  const onIntent = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a || a.origin !== location.origin || a.target === '_blank') return;
    const key = `${a.pathname}|${signedIn()}`;
    if (seen.has(key)) return;
    seen.add(key);
    void preloadRoute(a.pathname, signedIn());
  };
  const events = ['pointerover', 'focusin', 'pointerdown'] as const;
  events.forEach((t) => document.addEventListener(t, onIntent, { passive: true, capture: true }));
  return () => events.forEach((t) => document.removeEventListener(t, onIntent, { capture: true }));
}

/** The screens a signed-in role opens from its menus (those without parameters), in the route table's order. */
export function screensOf(role: Role): RouteDef[] {
  return ROUTES.filter((d) => d.meta.requiresAuth && !d.path.includes(':') && !(role === 'teacher' ? d.meta.studentOnly : d.meta.teacherOnly));
}

/** The performance mark set when every screen of the signed-in user has been prepared. */
export const SCREENS_PREPARED = 'tutoring:screens-prepared';

/** How long after the page's load the idle preparation starts: the first screen's own reads go first. */
export const IDLE_START_MS = 1000;

/**
 * Every screen of the signed-in role ready before its first click (issue 27): once the page has
 * loaded and the browser is idle, each screen's code is fetched and its mirror tables read into
 * their collections, one screen per idle slice, so it never competes with input or the first
 * screen. `who()` is null for a guest: nothing is prepared, and it is asked again whenever the
 * engine's state changes (`onState`), so a sign-in, or another user, starts it. Returns the stop.
 */
export function preloadWhenIdle(who: () => { role: Role; id: number } | null, onState: (cb: () => void) => () => void): () => void {
  const idle = (cb: () => void): (() => void) => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(cb, { timeout: 5000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(cb, 50);
    return () => clearTimeout(id);
  };
  const keyOf = (w: { role: Role; id: number } | null) => (w ? `${w.role}:${w.id}` : null);
  /** The user being prepared for, and how to stop the pending wait (a timer or an idle callback). */
  let running: string | null = null;
  let pending: (() => void) | null = null;
  let doneFor: string | null = null;
  let stopped = false;
  const start = () => {
    const w = who();
    const key = keyOf(w);
    if (stopped || !w || key === doneFor || running) return;
    running = key;
    const queue = screensOf(w.role);
    const step = () => {
      pending = null;
      const def = queue.shift();
      if (stopped || !def || keyOf(who()) !== key) {
        running = null;
        if (!def && !stopped) {
          doneFor = key;
          // For the benchmark and the tests: every screen of this user is ready.
          performance.mark(SCREENS_PREPARED);
        }
        return;
      }
      // The next slice once this screen's code and rows are there.
      void preloadRoute(def.path, true).then(() => {
        if (!stopped) pending = idle(step);
      });
    };
    const timer = setTimeout(() => (pending = idle(step)), IDLE_START_MS);
    pending = () => clearTimeout(timer);
  };
  const loaded = () => start();
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', loaded, { once: true });
  const off = onState(() => {
    if (document.readyState === 'complete') start();
  });
  return () => {
    stopped = true;
    off();
    pending?.();
    window.removeEventListener('load', loaded);
  };
}
