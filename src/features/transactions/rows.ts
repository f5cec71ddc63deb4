import type { Transaction } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';

/**
 * The transactions history as one list: the mirror keeps GET /history/transactions' three groups in
 * one table (`key: '<kind>:<id>'`), and the screen shows them together, newest first.
 */
export type TransactionKind = 'recharges' | 'class_payments' | 'wallet_logs';
export type TransactionRow = Transaction & { key: string; kind: TransactionKind };

/** Newest first; the same instant falls back to the higher id (the later write). */
export function newestFirst<T extends Pick<Transaction, 'timestamp' | 'id'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}

const LABELS: Record<string, string> = {
  recharge: 'Recharge',
  class_payment: 'Class Payment',
  family_balance_transfer: 'Family Balance Transfer',
  admin_credits_update: 'Admin Credits Update',
  borrow_balance: 'Borrow Balance',
  borrow_balance_deduct: 'Borrow Balance Deduct',
  referral_reward: 'Referral Reward',
  wise_reward: 'Wise Reward',
};

/** A type's label; an unknown type shows as it is, made readable. */
export const typeLabel = (type: string) =>
  LABELS[type] ?? type.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

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

/** Every row the same way: money in `+$5.00`, money out `-$5.00`, nothing moved `$0.00`. */
export function displayValue(row: Pick<TransactionRow, 'kind' | 'value' | 'amount'>): string {
  const way = direction(row);
  const size = formatMoney(magnitude(row));
  return way === 'in' ? `+${size}` : way === 'out' ? `-${size}` : size;
}

/** The type's own detail: the class of a class payment, a wallet log's comment, a recharge's amount. */
export function detail(row: Pick<TransactionRow, 'type' | 'comment' | 'amount' | 'class'>): string {
  if (row.type === 'class_payment') return row.class?.name ?? (row.class ? `Class #${row.class.id}` : '');
  if (row.type === 'recharge') return row.comment ?? (row.amount != null ? `Amount ${formatMoney(row.amount)}` : '');
  return row.comment ?? (row.amount != null ? formatMoney(row.amount) : '');
}
