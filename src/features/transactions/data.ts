import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { transactionsCollection } from '../../lib/engine/tables.ts';
import type { TransactionRow } from './rows.ts';

/** Every stored transaction, all kinds (the screen sorts them newest first). */
export function useTransactionRows(): { rows: TransactionRow[]; loaded: boolean } {
  const { data, isReady } = useLiveQuery((q) => q.from({ t: transactionsCollection }), []);
  return { rows: (data ?? []) as TransactionRow[], loaded: isReady };
}
