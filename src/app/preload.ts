import { matchRoutes } from 'react-router';
import { PAGES } from './pages.ts';
import { ROUTES, type RouteDef } from './route-meta.ts';

const TABLE = ROUTES.map((def) => ({ path: def.path, def }));

/** The route a path shows (the last match: `*` only when nothing else fits). */
export function routeOfPath(pathname: string): RouteDef | undefined {
  return matchRoutes(TABLE, pathname)?.at(-1)?.route.def;
}

/**
 * The screen at `pathname`, made ready before it renders (at start-up, or before the click on a
 * link): its code, and for a signed-in user its mirror tables read into their collections (the
 * tables' code is loaded only then, so a guest never downloads it). True once the screen's code is here.
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<boolean> {
  const def = routeOfPath(pathname);
  if (!def) return Promise.resolve(false);
  const code = PAGES[def.name].preload();
  const tables = signedIn ? (def.tables ?? []) : [];
  if (!tables.length) return code;
  const read = import('../lib/engine/tables.ts').then((m) => Promise.all(tables.map((t) => m.collectionOf(t).preload())));
  // Settles once both are there; a table that could not be read is the screen's own to report.
  return Promise.all([code, read.catch(() => undefined)]).then(([loaded]) => loaded);
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
