import type { Wallet } from '../../../db/entities.ts';
import { useKv } from '../../lib/engine/hooks.ts';

/** GET /wallet as last stored; the engine patches balances and the pending count from replies. */
export function useWallet(): { wallet: Wallet | undefined; loaded: boolean } {
  const { value, loaded } = useKv<Wallet>('wallet');
  return { wallet: value, loaded };
}
