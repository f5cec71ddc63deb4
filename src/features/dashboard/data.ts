import { eq } from '@tanstack/react-db';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import type { Home } from '../../../db/entities.ts';
import type { KvRow } from '../../../db/rows.ts';
import { kvCollection } from '../../lib/engine/index.ts';

/** The home document of the mirror (kv `home`), live: the engine's home polling and mutation replies refresh it. */
export function useHome(): { home: Home | undefined; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, 'home')), []);
  return { home: (data?.[0] as KvRow<Home> | undefined)?.value, loaded: isReady };
}
