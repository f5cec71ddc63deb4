import type { Wallet } from '../../../db/entities.ts';

/**
 * TEMPORARY: the wallet's live reads, to be wired to the engine's collections (src/lib/collections)
 * once they land. The screens read only through these hooks.
 */
export function useWallet(): { wallet: Wallet | undefined; loaded: boolean } {
  return { wallet: undefined, loaded: false };
}
