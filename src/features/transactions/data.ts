import type { TransactionRow } from './rows.ts';

/**
 * TEMPORARY: the transactions table's live read, to be wired to the engine's collections
 * (src/lib/collections) once they land. Rows are the mirror's `transactions` table, every kind.
 */
export function useTransactionRows(): { rows: TransactionRow[]; loaded: boolean } {
  return { rows: [], loaded: false };
}
