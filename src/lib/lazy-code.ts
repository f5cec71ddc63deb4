import { useEffect, useReducer } from 'react';

/**
 * Code fetched after the first screen (the toasts, a menu's popup, a dialog): loaded once, and a
 * load that failed (offline, a connection lost on the way) is not kept: the next ask tries again.
 * React's `lazy` keeps a failed load for the page's lifetime and throws it into every render; with
 * no error boundary above the shell's parts, the whole app went blank when the connection was gone
 * before the toasts' code had come (tests/e2e/kept-screens.e2e.ts).
 */
export interface LazyCode<M> {
  /** The module, fetched if it is not here yet; rejects when the fetch failed (the next call fetches again). */
  fetch(): Promise<M>;
  /** The module if it is here. */
  now(): M | undefined;
}

export function lazyCode<M>(load: () => Promise<M>): LazyCode<M> {
  let mod: M | undefined;
  let pending: Promise<M> | null = null;
  return {
    fetch() {
      if (mod !== undefined) return Promise.resolve(mod);
      pending ??= load().then(
        (m) => (mod = m),
        (e: unknown) => {
          pending = null;
          throw e;
        },
      );
      return pending;
    },
    now: () => mod,
  };
}

/**
 * The module of `code` once it is here (null before; at once when it already is), fetched while
 * `want`. A fetch that failed is tried again when the browser is back online; until then the caller
 * shows what it shows without the code (nothing, or a stand-in).
 */
export function useLazyCode<M>(code: LazyCode<M>, want: boolean): M | null {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const here = code.now();
  const missing = want && here === undefined;
  useEffect(() => {
    if (!missing) return;
    let stopped = false;
    const attempt = () => {
      code.fetch().then(
        () => void (stopped || arrived()),
        () => void (stopped || addEventListener('online', attempt, { once: true })),
      );
    };
    attempt();
    return () => {
      stopped = true;
      removeEventListener('online', attempt);
    };
  }, [code, missing]);
  return here ?? null;
}
