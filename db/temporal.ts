import type { Temporal as Polyfill } from 'temporal-polyfill';

/**
 * `Temporal`: the browser's own (Chromium has it), or the polyfill where it is missing, which
 * `ensureTemporal()` installs before the app renders (and the engine's worker before it reads a
 * reply: db/derive.ts dates classes with it): about 22 KB gzip that most users never download. Types come from the polyfill: `import type { Temporal as T } from 'temporal-polyfill'`.
 */
export const Temporal = new Proxy({} as typeof Polyfill, {
  get: (_, key) => (globalThis as unknown as { Temporal: typeof Polyfill }).Temporal[key as keyof typeof Polyfill],
});

/** Resolves once `globalThis.Temporal` exists: at once in a browser that has it. */
export function ensureTemporal(): Promise<void> | null {
  return 'Temporal' in globalThis ? null : import('temporal-polyfill/global').then(() => undefined);
}
