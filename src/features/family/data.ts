import type { Child } from '../../../db/entities.ts';

/**
 * TEMPORARY: the family screen's live reads, to be wired to the engine's collections
 * (src/lib/collections) once they land. The screen reads only through these hooks.
 */
export function useChildren(): { children: Child[]; loaded: boolean } {
  return { children: [], loaded: false };
}

/** GET /childs `meta.cap_running`: while true, new child accounts cannot be created. */
export function useCapRunning(): boolean {
  return false;
}
