import { matchRoutes } from 'react-router';
import { PAGES } from './pages.ts';
import { ROUTES, type RouteDef } from './route-meta.ts';

const TABLE = ROUTES.map((def) => ({ path: def.path, def }));

/** The route a path shows (the last match: `*` only when nothing else fits). */
export function routeOfPath(pathname: string): RouteDef | undefined {
  return matchRoutes(TABLE, pathname)?.at(-1)?.route.def;
}

/** Fetches the code of the screen at `pathname` ahead of its render (start-up, or a link the user is about to follow). */
export function preloadPath(pathname: string): void {
  const def = routeOfPath(pathname);
  if (def) PAGES[def.name].preload();
}
