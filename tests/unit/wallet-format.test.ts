import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format.ts';
import { detail, direction, displayValue, newestFirst, typeLabel, type TransactionRow } from '../../src/features/transactions/rows.ts';
import { isWebLink, referralReward, shareLinks } from '../../src/features/referral/share.ts';

const row = (o: Partial<TransactionRow>): TransactionRow => ({
  id: 1, key: 'wallet_logs:1', kind: 'wallet_logs', serial: 'TX-000001', type: 'borrow_balance', timestamp: 100,
  created_at_readable: '', credits_after: 0, value: 0, amount: null, comment: null, class: null, ...o,
});

describe('money', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-12)).toBe('-$12.00');
  });
  it('signs every row by the way money moved: out negative, in positive (issue 16 item 5)', () => {
    expect(displayValue(row({ value: 5 }))).toBe('+$5.00');
    expect(displayValue(row({ value: -5 }))).toBe('-$5.00');
    // A class payment is money out whichever sign the backend gives its value.
    expect(displayValue(row({ kind: 'class_payments', value: -7.5 }))).toBe('-$7.50');
    expect(displayValue(row({ kind: 'class_payments', value: 7.5 }))).toBe('-$7.50');
    expect(direction(row({ kind: 'class_payments', value: 7.5 }))).toBe('out');
    // A recharge is money in, its amount first.
    expect(displayValue(row({ kind: 'recharges', value: 25, amount: 25 }))).toBe('+$25.00');
    expect(displayValue(row({ kind: 'recharges', value: 0, amount: 30 }))).toBe('+$30.00');
    expect(direction(row({ kind: 'recharges', value: 25, amount: 25 }))).toBe('in');
    expect(direction(row({ value: -3 }))).toBe('out');
    // Nothing moved: no sign, no colour.
    expect(displayValue(row({ value: 0 }))).toBe('$0.00');
    expect(direction(row({ value: 0 }))).toBe('none');
  });
});

describe('transactions', () => {
  it('are newest first, ties by id', () => {
    const rows = [row({ id: 1, timestamp: 5 }), row({ id: 3, timestamp: 9 }), row({ id: 2, timestamp: 9 })];
    expect(newestFirst(rows).map((r) => r.id)).toEqual([3, 2, 1]);
  });
  it('label and detail each type', () => {
    expect(typeLabel('family_balance_transfer')).toBe('Family Balance Transfer');
    expect(typeLabel('new_kind')).toBe('New Kind');
    expect(detail(row({ type: 'class_payment', class: { id: 4, name: 'Tajweed', start_datetime: '' } }))).toBe('Tajweed');
    expect(detail(row({ type: 'family_balance_transfer', comment: 'Transfer to Sara' }))).toBe('Transfer to Sara');
  });
});

describe('referral', () => {
  it('rewards 10% of the first recharge up to $8', () => {
    expect(referralReward(50)).toBe(5);
    expect(referralReward(200)).toBe(8);
    expect(referralReward(-1)).toBe(0);
  });
  it('encodes the link into every share URL and refuses non-web links', () => {
    const link = 'https://t.example/r?ref=a&b=<x>';
    const links = shareLinks(link);
    expect(links.map((l) => l.id)).toEqual(['whatsapp', 'facebook', 'twitter', 'telegram', 'email']);
    for (const l of links) {
      expect(l.href).not.toContain('<x>');
      expect(l.href).toContain(encodeURIComponent(link));
    }
    expect(shareLinks('javascript:alert(1)')).toEqual([]);
    expect(isWebLink(null)).toBe(false);
  });
});
