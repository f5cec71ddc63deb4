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
export function preloadRoute(pathname: string, signedIn: boolean): void {
  const def = routeOfPath(pathname);
  if (!def) return;
  PAGES[def.name].preload();
  if (signedIn && def.tables?.length) {
    const tables = def.tables;
    void import('../lib/engine/tables.ts').then((m) => tables.forEach((t) => void m.collectionOf(t).preload()));
  }
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
    preloadRoute(a.pathname, signedIn());
  };
  const events = ['pointerover', 'focusin', 'pointerdown'] as const;
  events.forEach((t) => document.addEventListener(t, onIntent, { passive: true, capture: true }));
  return () => events.forEach((t) => document.removeEventListener(t, onIntent, { capture: true }));
}

/** The screens a signed-in role opens from its menus (those without parameters), in the route table's order. */
export function screensOf(role: Role): RouteDef[] {
  return ROUTES.filter((d) => d.meta.requiresAuth && !d.path.includes(':') && !(role === 'teacher' ? d.meta.studentOnly : d.meta.teacherOnly));
}

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
  let cancel: (() => void) | null = null;
  let doneFor: string | null = null;
  const start = () => {
    const w = who();
    const key = keyOf(w);
    if (!w || key === doneFor || cancel) return;
    const queue = screensOf(w.role);
    const step = () => {
      const def = queue.shift();
      if (!def || keyOf(who()) !== key) {
        cancel = null;
        if (!def) doneFor = key;
        return;
      }
      preloadRoute(def.path, true);
      cancel = idle(step);
    };
    const timer = setTimeout(() => (cancel = idle(step)), IDLE_START_MS);
    cancel = () => clearTimeout(timer);
  };
  const loaded = () => start();
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', loaded, { once: true });
  const off = onState(() => {
    if (document.readyState === 'complete') start();
  });
  return () => {
    off();
    cancel?.();
    window.removeEventListener('load', loaded);
  };
}
