/**
 * The page side of the phone section's first-load row: PerformanceObservers installed before the
 * page's own scripts (an init script) that keep the paint, largest-contentful-paint, layout-shift
 * and longtask entries, and a reader that turns them into FCP, LCP, CLS and total blocking time.
 */

interface Entries {
  fcp: number;
  lcp: number;
  shifts: { t: number; v: number; sources: string[] }[];
  long: { t: number; d: number }[];
}

/** Run in the page before anything else (context.addInitScript). */
export function installVitals(): void {
  const v: Entries = { fcp: NaN, lcp: NaN, shifts: [], long: [] };
  (window as unknown as { __vitals: Entries }).__vitals = v;
  const describe = (n: Node | null | undefined) => {
    if (!n || !(n instanceof Element)) return n ? n.nodeName : '?';
    const cls = typeof n.className === 'string' ? n.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
    const label = n.getAttribute('aria-label') ?? n.textContent?.trim().slice(0, 30) ?? '';
    return `${n.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${label}"`;
  };
  const observe = (type: string, fn: (e: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch {
      // an entry type this browser lacks
    }
  };
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') v.fcp = e.startTime;
  });
  observe('largest-contentful-paint', (e) => (v.lcp = e.startTime));
  observe('layout-shift', (e) => {
    const s = e as PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    if (!s.hadRecentInput) v.shifts.push({ t: s.startTime, v: s.value, sources: (s.sources ?? []).map((x) => describe(x.node)) });
  });
  observe('longtask', (e) => v.long.push({ t: e.startTime, d: e.duration }));
}

export interface Vitals {
  fcp: number;
  lcp: number;
  /** The largest session window of layout shifts (gaps under 1 s, at most 5 s long), as Lighthouse and web-vitals count it. */
  cls: number;
  /** Σ (long task − 50 ms) over the long tasks that start between FCP and `interactive`. */
  tbt: number;
  /** When the form is visible and a quiet window without long tasks follows (ms from navigation start). */
  interactive: number;
  /** The elements that moved in the largest window, with their shares. */
  shiftSources: string[];
}

/**
 * Run in the page once the form is visible (at `visibleAt`): waits until the main thread has had
 * `quietMs` without a long task (at most `capMs` after `visibleAt`), then reads the figures.
 */
export async function readVitals({ visibleAt, quietMs, capMs }: { visibleAt: number; quietMs: number; capMs: number }): Promise<Vitals> {
  const v = (window as unknown as { __vitals: Entries }).__vitals;
  const lastEnd = () => Math.max(visibleAt, ...v.long.map((l) => l.t + l.d));
  while (performance.now() - lastEnd() < quietMs && performance.now() - visibleAt < capMs) await new Promise((r) => setTimeout(r, 100));
  const interactive = lastEnd();
  let best = { v: 0, sources: [] as string[] };
  let cur = { v: 0, start: -Infinity, last: -Infinity, sources: [] as string[] };
  for (const s of v.shifts) {
    if (s.t - cur.last > 1000 || s.t - cur.start > 5000) cur = { v: 0, start: s.t, last: s.t, sources: [] };
    cur.v += s.v;
    cur.last = s.t;
    cur.sources.push(...s.sources.map((x) => `${x} (${s.v.toFixed(3)})`));
    if (cur.v > best.v) best = { v: cur.v, sources: [...cur.sources] };
  }
  const tbt = v.long.filter((l) => l.t >= v.fcp && l.t < interactive).reduce((sum, l) => sum + Math.max(0, l.d - 50), 0);
  return { fcp: v.fcp, lcp: v.lcp, cls: best.v, tbt, interactive, shiftSources: best.sources };
}
