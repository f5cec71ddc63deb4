import type { Transaction } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { getLocale, t, type MessageId } from '../../lib/i18n/index.ts';

/**
 * The transactions history as one list: the mirror keeps GET /history/transactions' three groups in
 * one table (`key: '<kind>:<id>'`), and the screen shows them together, newest first.
 */
export type TransactionKind = 'recharges' | 'class_payments' | 'wallet_logs';
export type TransactionRow = Transaction & { key: string; kind: TransactionKind };

/** Newest first; the same instant falls back to the higher id (the later write; a serial when the reply has no id). */
export function newestFirst<T extends Pick<Transaction, 'timestamp' | 'id'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.timestamp - a.timestamp || String(b.id).localeCompare(String(a.id), 'en', { numeric: true }));
}

const LABELS: Record<string, MessageId> = {
  recharge: 'transactions.type.recharge',
  class_payment: 'transactions.type.classPayment',
  family_balance_transfer: 'transactions.type.familyBalanceTransfer',
  admin_credits_update: 'transactions.type.adminCreditsUpdate',
  borrow_balance: 'transactions.type.borrowBalance',
  borrow_balance_deduct: 'transactions.type.borrowBalanceDeduct',
  referral_reward: 'transactions.type.referralReward',
  wise_reward: 'transactions.type.wiseReward',
};

/** A type's label in the current language; an unknown type (the server's own word) shows as it is, made readable. */
export const typeLabel = (type: string) => {
  const id = Object.hasOwn(LABELS, type) ? LABELS[type] : undefined;
  return id ? t(id) : type.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
};

/**
 * Which way the money moved. A recharge is always money in and a class payment always money out,
 * whatever sign the backend gives their size (the spec lists them as an amount and a value); a
 * wallet-log value is signed (the spec), so its sign decides.
 */
export function direction(row: Pick<TransactionRow, 'kind' | 'value' | 'amount'>): 'in' | 'out' | 'none' {
  const size = magnitude(row);
  if (size === 0) return 'none';
  if (row.kind === 'recharges') return 'in';
  if (row.kind === 'class_payments') return 'out';
  return row.value > 0 ? 'in' : 'out';
}

const magnitude = (row: Pick<TransactionRow, 'kind' | 'value' | 'amount'>) =>
  Math.abs(row.kind === 'recharges' ? (row.amount ?? row.value) : row.value);

/** Every row the same way: money in `+$5.00`, money out `-$5.00`, nothing moved `$0.00` (Arabic: `+5.00 $`). */
export function displayValue(row: Pick<TransactionRow, 'kind' | 'value' | 'amount'>): string {
  const way = direction(row);
  const size = magnitude(row);
  // Out is formatMoney's own negative (in Arabic a left-to-right mark keeps the minus with its
  // number); in gets the same treatment for its plus.
  if (way === 'out') return formatMoney(-size);
  if (way === 'in') return `${getLocale() === 'en' ? '' : '\u200e'}+${formatMoney(size)}`;
  return formatMoney(size);
}

/** The type's own detail: the class of a class payment, a wallet log's comment, a recharge's amount. */
export function detail(row: Pick<TransactionRow, 'type' | 'comment' | 'amount' | 'class'>): string {
  if (row.type === 'class_payment') return row.class?.name ?? (row.class ? t('transactions.classNumber', { id: row.class.id }) : '');
  if (row.type === 'recharge') return row.comment ?? (row.amount != null ? t('transactions.amount', { amount: formatMoney(row.amount) }) : '');
  return row.comment ?? (row.amount != null ? formatMoney(row.amount) : '');
}
