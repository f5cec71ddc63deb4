import { createElement, use, useEffect, useReducer, type ComponentType } from 'react';
import { lazyCode } from '../lib/lazy-code.ts';
import { ScreenFailed } from './route-error.tsx';

/** Chunk load time-out (spec section 9): a screen that has not arrived in 120 s fails visibly. */
export const CHUNK_TIMEOUT = 120_000;
const RELOADED_KEY = 'chunk-reloaded';

type PageModule = { default: ComponentType };
/** How the render's load of a screen's code ended: never a rejection (see `lazyPage`). */
type Outcome = { mod: PageModule } | { mod: null; offline: boolean };

/**
 * A screen loaded on first visit (so the first screen does not download them all).
 *
 * - A screen whose code is here (preloaded at start-up, on intent, or while idle) renders in the
 *   same pass as its parents; one whose code is on its way suspends, so a navigation keeps the
 *   screen it leaves until this one can show, or the route's spinner on a first load.
 * - A chunk that fails to load online, usually because a new build replaced the hashed files,
 *   reloads the page once to pick up the new index; failing again, it shows the error screen.
 * - Offline, before the code ever came (no service worker holds the build yet), it says so and
 *   opens by itself once the browser is back online.
 *
 * A failed load is not kept: the screen shown again, or visited again, loads once more. React's
 * `lazy`, used before, kept it for the page's lifetime: a screen first visited offline showed the
 * error screen until the page was reloaded (tests/e2e/kept-screens.e2e.ts).
 */
export type LazyPage = ComponentType & {
  /** Fetches the screen's code ahead of time; settles once it is here (true) or failed (false). */
  preload(): Promise<boolean>;
};

export function lazyPage(importPage: () => Promise<PageModule>): LazyPage {
  const code = lazyCode(importPage);
  // The render's load, shared by every render until it is forgotten: `use` needs the same promise
  // each time it asks, and a promise that rejects would go to the route's error boundary, kept.
  let pending: Promise<Outcome> | null = null;
  const fetchPage = async (): Promise<Outcome> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_TIMEOUT);
    });
    try {
      const mod = await Promise.race([code.fetch(), timeout]);
      sessionStorage.removeItem(RELOADED_KEY);
      return { mod };
    } catch (err) {
      if (import.meta.env.DEV) console.error(err);
      if (!navigator.onLine) return { mod: null, offline: true };
      if (!sessionStorage.getItem(RELOADED_KEY)) {
        sessionStorage.setItem(RELOADED_KEY, '1');
        window.location.reload();
        return new Promise<Outcome>(() => {}); // the page is going away
      }
      return { mod: null, offline: false };
    } finally {
      clearTimeout(timer);
    }
  };

  function Screen() {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const here = code.now();
    if (here) return createElement(here.default);
    const asked = (pending ??= fetchPage());
    const outcome = use(asked);
    if (outcome.mod) return createElement(outcome.mod.default);
    return createElement(Failed, { offline: outcome.offline, asked, forget, rerender });
  }
  const forget = (asked: Promise<Outcome>) => {
    if (pending === asked) pending = null;
  };
  // A failed preload is not an error: the render's own load retries and handles it.
  return Object.assign(Screen, { preload: () => code.fetch().then(() => true, () => false) });
}

/**
 * The error screen of a screen whose code did not come. Offline, it loads again when the browser is
 * back online (or is already, when a kept screen is shown again). Left, it is forgotten: the next
 * visit loads again.
 */
function Failed(props: { offline: boolean; asked: Promise<Outcome>; forget: (asked: Promise<Outcome>) => void; rerender: () => void }) {
  const { offline, asked, forget, rerender } = props;
  useEffect(() => {
    const again = () => {
      forget(asked);
      rerender();
    };
    if (!offline) return () => forget(asked);
    if (navigator.onLine) return again();
    addEventListener('online', again, { once: true });
    return () => {
      removeEventListener('online', again);
      forget(asked);
    };
  }, [offline, asked, forget, rerender]);
  return createElement(ScreenFailed, { waitsForConnection: offline });
}
