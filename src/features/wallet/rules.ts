import { MESSAGES } from '../../../db/messages.ts';
import { t } from '../../lib/i18n/index.ts';

/**
 * The wallet's money rules (spec sections 4, 5 and 9), pure so they are tested without a DOM:
 * amount parsing, the recharge minimum, the borrow remainder and the recommended recharge.
 * The server checks all of them again; these only keep the user from sending what it would refuse.
 */

/** Rounds to cents the way the server stores money. */
export const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * A dollar amount as typed: digits with at most two decimals, above 0. Anything else (empty,
 * `1e3`, `-5`, `12.345`, `0x10`) is null: the input must mean exactly what the server will read.
 */
export function parseAmount(raw: string | number | null | undefined): number | null {
  const text = typeof raw === 'number' ? String(raw) : (raw ?? '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? cents(n) : null;
}

/**
 * The recharge amount's error, checked on blur: anything that is not at least the minimum. Errors
 * are in the current language (a catalogue message of db/messages.ts stays its English text, which
 * the screen shows through `tMessage`).
 */
export function rechargeError(raw: string, min: number): string | null {
  const n = parseAmount(raw);
  return n !== null && n >= min ? null : t('msg.minRecharge', { min });
}

/** Payment methods are enabled only for a valid amount at or above the minimum. */
export const canPay = (raw: string, min: number) => rechargeError(raw, min) === null;

export interface BorrowState {
  can_borrow: boolean;
  max_borrow_amount: number;
  loan_credits: number;
}

/** What is left to borrow: max_borrow_amount − loan_credits, never below 0. */
export function borrowRemainder(w: Pick<BorrowState, 'max_borrow_amount' | 'loan_credits'>): number {
  const r = cents((w.max_borrow_amount ?? 0) - (w.loan_credits ?? 0));
  return Number.isFinite(r) && r > 0 ? r : 0;
}

/** Borrowing is offered only when allowed and something is left to borrow. */
export const borrowAllowed = (w: BorrowState) => w.can_borrow === true && borrowRemainder(w) > 0;

export const MIN_BORROW = 1;
export const amountAtLeastMessage = (min: number) => t('wallet.amountAtLeast', { min });

/** The borrow amount: required, from 1 to the remainder (the server's message past the cap). */
export function borrowError(raw: string, remainder: number): string | null {
  if (!raw.trim()) return MESSAGES.inputRequired;
  const n = parseAmount(raw);
  if (n === null || n < MIN_BORROW) return amountAtLeastMessage(MIN_BORROW);
  if (n > remainder) return MESSAGES.maxBorrowExceeded;
  return null;
}

/** A transfer to a child: required and at least 1 (the parent's balance is the server's call). */
export function transferError(raw: string): string | null {
  if (!raw.trim()) return MESSAGES.inputRequired;
  const n = parseAmount(raw);
  return n === null || n < 1 ? amountAtLeastMessage(1) : null;
}

/** The spec recommends recharging 4 to 5 weeks of the user's classes. */
export const RECOMMENDED_WEEKS = { from: 4, to: 5 } as const;

export interface Recommendation {
  from: number;
  to: number;
  /** A round amount to prefill: 4 weeks rounded up to the dollar, never under the minimum. */
  suggested: number;
}

/** Null when the user has no paid weekly classes (nothing to recommend). */
export function recommendedRecharge(weeklyCost: number | null | undefined, min: number): Recommendation | null {
  const w = Number(weeklyCost);
  if (!Number.isFinite(w) || w <= 0) return null;
  const from = cents(w * RECOMMENDED_WEEKS.from);
  const to = cents(w * RECOMMENDED_WEEKS.to);
  return { from, to, suggested: Math.max(Math.ceil(from), Math.ceil(min)) };
}

/** Family balances under 2 are shown in red. */
export const LOW_BALANCE = 2;
export const isLowBalance = (credits: number) => credits < LOW_BALANCE;
