import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../../src/lib/i18n/index.ts';
import { detail, displayValue, typeLabel, type TransactionRow } from '../../../src/features/transactions/rows.ts';
import { cairoStart } from '../../../src/features/salary/start.ts';
import { DAYS, ROW_MESSAGES, rowProblems, type HoursRow } from '../../../src/features/schedule/rules.ts';

const tx = (o: Partial<TransactionRow>): TransactionRow => ({
  id: 1, key: 'wallet_logs:1', kind: 'wallet_logs', serial: 'TX-000001', type: 'borrow_balance', timestamp: 100,
  created_at_readable: '', credits_after: 0, value: 0, amount: null, comment: null, class: null, ...o,
});
const hours = (day: number | null, start_time = '', end_time = ''): HoursRow => ({ key: `k${Math.random()}`, day, start_time, end_time });
const LTR_MARK = '\u200e';

describe('transactions, salary and working hours in Arabic (issue 20)', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('keeps the English wording exactly', () => {
    expect(typeLabel('wise_reward')).toBe('Wise Reward');
    expect(detail(tx({ type: 'class_payment', class: { id: 4, name: undefined as unknown as string, start_datetime: '' } }))).toBe('Class #4');
    expect(detail(tx({ type: 'recharge', amount: 30 }))).toBe('Amount $30.00');
    expect(cairoStart('2026-11-22 02:05 PM')).toBe('2026-11-22 02:05 PM');
    expect(t('salary.minutes', { n: 45 })).toBe('45 min');
    expect(ROW_MESSAGES.endBeforeStart).toBe('The end time must be after the start time.');
  });

  it('words types, details, days and row messages in Arabic, the money signs kept', async () => {
    await setLocale('ar');
    expect(typeLabel('class_payment')).toBe('دفع حصة');
    expect(typeLabel('new_kind')).toBe('New Kind'); // the server's own word, made readable
    expect(detail(tx({ type: 'recharge', amount: 30 }))).toBe('المبلغ 30.00\u00a0$');
    // Out negative, in positive, nothing moved unsigned; a left-to-right mark keeps the sign with its number.
    expect(displayValue(tx({ value: 5 }))).toBe(`${LTR_MARK}+5.00\u00a0$`);
    expect(displayValue(tx({ kind: 'class_payments', value: 7.5 }))).toBe(`${LTR_MARK}-7.50\u00a0$`);
    expect(displayValue(tx({ value: 0 }))).toBe('0.00\u00a0$');
    expect(DAYS.map((d) => d.label)).toEqual(['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
    expect(rowProblems([hours(1, '10:00', '09:00')])[0]).toBe('يجب أن يكون وقت الانتهاء بعد وقت البدء.');
    expect(rowProblems([hours(1, '08:00', '16:00'), hours(1, '10:00', '11:00')])[1]).toContain('الاثنين');
    expect(cairoStart('2026-11-22 02:05 PM')).toMatch(/^22.*11.*2026 2:05\s?م$/);
    expect(cairoStart('2026-11-22 12:30 AM')).toMatch(/12:30\s?ص$/);
    expect(cairoStart('not a date')).toBe('not a date');
    expect([0, 1, 2, 3, 11, 100].map((n) => t('salary.minutes', { n }))).toEqual([
      '0 دقيقة', 'دقيقة واحدة', 'دقيقتان', '3 دقائق', '11 دقيقة', '100 دقيقة',
    ]);
  });
});
