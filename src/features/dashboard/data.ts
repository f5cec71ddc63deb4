import type { Home } from '../../../db/entities.ts';

/** TEMPORARY: the home document from the mirror (kv 'home'); wired to the engine's collections once they land. */
export function useHome(): { home: Home | undefined; loaded: boolean } {
  return { home: undefined, loaded: false };
}
