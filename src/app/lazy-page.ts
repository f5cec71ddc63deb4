import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Chunk load time-out (spec section 9): a screen that has not arrived in 120 s fails visibly. */
export const CHUNK_TIMEOUT = 120_000;
const RELOADED_KEY = 'chunk-reloaded';

type PageModule = { default: ComponentType };

/**
 * A screen loaded on first visit (so the first screen does not download them all). A chunk that
 * fails to load, usually because a new build replaced the hashed files, reloads the page once to
 * pick up the new index; a second failure reaches the route's error screen.
 */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Fetches the screen's code ahead of time (the module cache keeps it for the render); settles once it is there (true) or failed (false). */
  preload(): Promise<boolean>;
};

export function lazyPage(importPage: () => Promise<PageModule>): LazyPage {
  // The module once it has arrived: a screen whose code is here renders on its first try.
  let loaded: PageModule | undefined;
  const load = () => importPage().then((mod) => (loaded = mod));
  const fetchPage = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_TIMEOUT);
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      sessionStorage.removeItem(RELOADED_KEY);
      return mod;
    } catch (err) {
      if (navigator.onLine && !sessionStorage.getItem(RELOADED_KEY)) {
        sessionStorage.setItem(RELOADED_KEY, '1');
        window.location.reload();
        return new Promise<PageModule>(() => {}); // the page is going away
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  };
  // React's lazy reads a thenable that calls back at once as settled, so a screen whose code was
  // preloaded (at start-up, on intent, or while idle) renders in the same pass as its parents. From
  // a promise, even a settled one, it would suspend first: the route's fallback committed, then the
  // screen up to 300 ms later (React holds a revealed boundary back that long after its fallback).
  const page = lazy(() => {
    const mod = loaded;
    return mod ? ({ then: (ok: (m: PageModule) => void) => ok(mod) } as Promise<PageModule>) : fetchPage();
  });
  // A failed preload is not an error: the render's own load retries and handles it.
  return Object.assign(page, { preload: () => load().then(() => true, () => false) });
}
