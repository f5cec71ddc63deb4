import type { Home } from '../../../db/entities.ts';
import { useKv, useRefresh } from '../../lib/collections/index.ts';

/** The home document from the mirror (kv 'home'), kept fresh by the engine's one home poll. */
export function useHome(): { home: Home | undefined; loaded: boolean } {
  useRefresh('home');
  const home = useKv<Home>('home');
  return { home, loaded: home !== undefined };
}
