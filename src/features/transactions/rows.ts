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

/** Wallet-log values are signed (`+$5.00`, `-$5.00`); recharges and class payments show their size. */
export function displayValue(row: Pick<TransactionRow, 'kind' | 'value' | 'amount'>): string {
  if (row.kind === 'wallet_logs') return row.value > 0 ? `+${formatMoney(row.value)}` : formatMoney(row.value);
  return formatMoney(Math.abs(row.kind === 'recharges' ? (row.amount ?? row.value) : row.value));
}

/** Whether the value is money in (green) or out (red), for colour only. */
export const direction = (row: Pick<TransactionRow, 'value'>) => (row.value > 0 ? 'in' : row.value < 0 ? 'out' : 'none');

/** The type's own detail: the class of a class payment, a wallet log's comment, a recharge's amount. */
export function detail(row: Pick<TransactionRow, 'type' | 'comment' | 'amount' | 'class'>): string {
  if (row.type === 'class_payment') return row.class?.name ?? (row.class ? `Class #${row.class.id}` : '');
  if (row.type === 'recharge') return row.comment ?? (row.amount != null ? `Amount ${formatMoney(row.amount)}` : '');
  return row.comment ?? (row.amount != null ? formatMoney(row.amount) : '');
}
