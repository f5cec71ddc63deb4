/** Scroll-to-top duration (spec section 9). */
export const SCROLL_TO_TOP_MS = 250;

/**
 * Scrolls the window to the top over `ms` (ease-out); instant when the user prefers less motion.
 * `from`, when the caller knows the scroll position, saves reading it (a forced layout just after
 * a screen changed).
 */
export function scrollToTop(ms = SCROLL_TO_TOP_MS, from?: number) {
  const start = from ?? window.scrollY;
  if (start <= 0) return;
  if (ms <= 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) return window.scrollTo(0, 0);
  const t0 = performance.now();
  const step = (t: number) => {
    const p = Math.min(1, (t - t0) / ms);
    window.scrollTo(0, start * (1 - (1 - (1 - p) ** 3)));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
