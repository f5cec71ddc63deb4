import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, formatMoney, formatRelative, formatTime } from '../../../src/lib/format.ts';

describe('formatMoney', () => {
  it('uses a dollar sign, two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('1000000')).toBe('$1,000,000.00');
    expect(formatMoney(-12)).toBe('-$12.00');
    expect(formatMoney(null)).toBe('$0.00');
  });
});

describe('dates', () => {
  const iso = '2026-11-22T14:05:00.000Z';
  it('formats year-month-day and 12-hour time in the given timezone', () => {
    expect(formatDate(iso, 'UTC')).toBe('2026-11-22');
    expect(formatTime(iso, 'UTC')).toBe('2:05 PM');
    expect(formatDateTime(iso, 'Africa/Cairo')).toBe('2026-11-22 4:05 PM');
    expect(formatDateTime(iso, 'Pacific/Kiritimati')).toBe('2026-11-23 4:05 AM');
    expect(formatTime('2026-11-22T00:30:00Z', 'UTC')).toBe('12:30 AM');
  });
  it('reads Unix seconds', () => {
    expect(formatDate(Date.parse('2026-01-02T10:00:00Z') / 1000, 'UTC')).toBe('2026-01-02');
  });
  it('formats wall-clock times', () => {
    expect(formatClock('00:15')).toBe('12:15 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('23:59')).toBe('11:59 PM');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000);
  it('uses years of 365 days and months of 30 days, down to minutes', () => {
    expect(formatRelative(ago(30), now)).toBe('now');
    expect(formatRelative(ago(60), now)).toBe('1 minute ago');
    expect(formatRelative(ago(150), now)).toBe('2 minutes ago');
    expect(formatRelative(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelative(ago(29 * 86400), now)).toBe('29 days ago');
    expect(formatRelative(ago(30 * 86400), now)).toBe('1 month ago');
    expect(formatRelative(ago(364 * 86400), now)).toBe('12 months ago');
    expect(formatRelative(ago(365 * 86400), now)).toBe('1 year ago');
  });
  it('says left for the future', () => {
    expect(formatRelative(new Date(now + 2 * 86400 * 1000), now)).toBe('2 days left');
    expect(formatRelative(new Date(now + 20 * 1000), now)).toBe('now');
  });
});
