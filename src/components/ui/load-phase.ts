/** The three honest states of a screen's data, and the empty one the server may answer. */
export type LoadPhase = 'data' | 'loading' | 'error' | 'empty';

export interface LoadFacts {
  /** The mirror was read (until then nothing can be said). */
  ready: boolean;
  /** The mirror holds something to show. */
  hasData: boolean;
  /** The server said what there is (this refresh, or a list's first page on this device): nothing shown means nothing there. */
  answered: boolean;
  /** The last request for it failed. */
  failed: boolean;
}

/**
 * Which state a screen shows: what the mirror holds whenever it holds something; an empty text
 * only once the server said empty; the error (with a Retry) when the request failed and nothing
 * is there to show; loading otherwise, which is while the mirror is read or a request is in flight.
 */
export function loadPhase({ ready, hasData, answered, failed }: LoadFacts): LoadPhase {
  if (hasData) return 'data';
  if (!ready) return 'loading';
  if (answered) return 'empty';
  if (failed) return 'error';
  return 'loading';
}
