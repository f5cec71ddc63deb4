import { describe, expect, it } from 'vitest';
import { datesBetween, phoneRange, weekStartOf } from '../../src/features/calendar/phone-range.ts';

describe('the phone calendar range', () => {
  it('weeks start on Saturday', () => {
    expect(weekStartOf('2026-11-28')).toBe('2026-11-28'); // a Saturday
    expect(weekStartOf('2026-11-27')).toBe('2026-11-21'); // a Friday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-28');
  });

  it("a month shows its whole weeks and watches that month only", () => {
    const r = phoneRange('dayGridMonth', '2026-11-15', 'Africa/Cairo');
    expect(r.from).toBe('2026-10-31'); // the Saturday before 1 November (a Sunday)
    expect(r.to).toBe('2026-12-05'); // the Saturday after Friday 4 December
    expect(datesBetween(r.from, r.to).length % 7).toBe(0);
    expect(r.months).toEqual(['2026-11']);
    // Midnight in Cairo (UTC+2), in the form the classes' query compares with.
    expect(r.startIso).toBe('2026-10-30T22:00:00.000Z');
  });

  it('a week across two months watches both', () => {
    const r = phoneRange('timeGridWeek', '2026-12-01', 'UTC');
    expect([r.from, r.to]).toEqual(['2026-11-28', '2026-12-05']);
    expect(r.months).toEqual(['2026-11', '2026-12']);
    expect(r.endIso).toBe('2026-12-05T00:00:00.000Z');
  });
});
