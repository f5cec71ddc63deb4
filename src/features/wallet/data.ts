import { eq } from '@tanstack/react-db';
import { useLiveQuery } from '../../lib/collections/live-query.ts';
import type { KvRow } from '../../../db/rows.ts';
import type { Wallet } from '../../../db/entities.ts';
import { kvCollection } from '../../lib/collections/tables.ts';

/**
 * A single document of the mirror's `kv` table (`wallet`, `salary`, ...), live: the engine's
 * writes (a refresh, a mutation's reply) reach it in every tab. `loaded` once the mirror answered.
 */
export function useKvValue<T>(key: string): { value: T | undefined; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, key)));
  return { value: (data?.[0] as KvRow<T> | undefined)?.value, loaded: isReady };
}

/** GET /wallet as last stored; the engine patches balances and the pending count from replies. */
export function useWallet(): { wallet: Wallet | undefined; loaded: boolean } {
  const { value, loaded } = useKvValue<Wallet>('wallet');
  return { wallet: value, loaded };
}
