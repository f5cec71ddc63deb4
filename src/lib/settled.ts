/**
 * Runs `run` once the first screen has settled: a few seconds after this is called, when the page is
 * idle. For work the first screen does not need (code fetched ahead, the service worker's precache).
 * Returns a function that cancels it.
 */
export function whenSettled(run: () => void): () => void {
  let idle = 0;
  const timer = setTimeout(() => {
    idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : (setTimeout(run, 0) as unknown as number);
  }, 3000);
  return () => {
    clearTimeout(timer);
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
}
