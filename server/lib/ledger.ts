import type { AppContext } from './context.ts';
import { money } from '../db/index.ts';
import { ApiError } from './errors.ts';

export type TransactionType =
  | 'recharge' | 'class_payment' | 'family_balance_transfer' | 'admin_credits_update'
  | 'borrow_balance' | 'borrow_balance_deduct' | 'referral_reward' | 'wise_reward';

/**
 * Moves a user's credits by `value` (signed) and records the transaction with the balance after it.
 * Call inside a transaction when several moves belong together. `loanDelta` changes loan_credits too.
 */
export function applyCredits(
  app: AppContext,
  userId: number,
  type: TransactionType,
  value: number,
  extra: { amount?: number | null; class_id?: number | null; comment?: string | null; loanDelta?: number } = {},
): { credits: number; loan_credits: number } {
  const row = app.db.prepare('SELECT credits, loan_credits FROM users WHERE id = ?').get(userId) as
    | { credits: number; loan_credits: number }
    | undefined;
  if (!row) throw new ApiError(404, { message: 'Not found.' });
  const credits = money(row.credits + value);
  const loan = money(Math.max(0, row.loan_credits + (extra.loanDelta ?? 0)));
  app.db.prepare('UPDATE users SET credits = ?, loan_credits = ? WHERE id = ?').run(credits, loan, userId);
  app.db
    .prepare(
      `INSERT INTO transactions (user_id, type, value, amount, class_id, comment, credits_after, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(userId, type, money(value), extra.amount ?? null, extra.class_id ?? null, extra.comment ?? null, credits, app.now());
  return { credits, loan_credits: loan };
}
