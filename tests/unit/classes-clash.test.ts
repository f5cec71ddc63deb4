import { describe, expect, it } from 'vitest';
import { clashMessage, findClash, forStudentText, slotStart } from '../../src/features/classes/clash.ts';
import { dayAndDate } from '../../src/features/classes/display.ts';
import { makeClass } from '../../src/features/classes/fixtures.ts';

const at = (iso: string, minutes = 60) => ({ start_datetime: iso, end_datetime: new Date(Date.parse(iso) + minutes * 60_000).toISOString() });

describe('a new slot against the other classes in the mirror', () => {
  const tajweed = makeClass({ id: 7, ...at('2026-12-01T14:00:00.000Z'), enrollment: { ...makeClass().enrollment, course: { ...makeClass().enrollment.course, name: 'Tajweed Rules for Beginners' } } });
  const canceled = makeClass({ id: 8, canceled: true, ...at('2026-12-01T16:00:00.000Z') });

  it('reads the slot in the user timezone', () => {
    expect(slotStart('2026-12-01', '16:00', 'Africa/Cairo')).toBe(Date.parse('2026-12-01T14:00:00Z'));
    expect(slotStart('', '16:00', 'Africa/Cairo')).toBeNull();
  });

  it('finds an overlap, not a class that ends as this one starts, nor a canceled one, nor the class itself', () => {
    expect(findClash([tajweed, canceled], Date.parse('2026-12-01T14:30:00Z'), 30)?.id).toBe(7);
    expect(findClash([tajweed], Date.parse('2026-12-01T15:00:00Z'), 30)).toBeNull();
    expect(findClash([tajweed], Date.parse('2026-12-01T13:30:00Z'), 30)).toBeNull();
    expect(findClash([canceled], Date.parse('2026-12-01T16:00:00Z'), 30)).toBeNull();
    expect(findClash([tajweed], Date.parse('2026-12-01T14:00:00Z'), 30, 7)).toBeNull();
  });

  it('says which class, at its time in the user timezone', () => {
    expect(clashMessage(tajweed, 'student', 'Africa/Cairo')).toBe('You already have Tajweed Rules for Beginners at 4:00 PM that day');
  });

  it('gives a teacher the time for the student, with the date when it is another day there', () => {
    const slot = Date.parse('2026-12-01T16:00:00Z');
    expect(forStudentText(slot, 'Asia/Riyadh', 'Africa/Cairo')).toBe('6:00 PM for the student, Africa/Cairo');
    expect(forStudentText(slot, 'Africa/Cairo', 'Africa/Cairo')).toBeNull();
    expect(forStudentText(Date.parse('2026-12-01T23:00:00Z'), 'America/New_York', 'Asia/Riyadh')).toBe('2026-12-02 2:00 AM for the student, Asia/Riyadh');
  });
});

describe('Today and Tomorrow beside the date', () => {
  const now = Date.parse('2026-11-28T20:00:00Z');
  it('in the user timezone', () => {
    expect(dayAndDate('2026-11-28T21:00:00Z', 'Africa/Cairo', now)).toBe('Today, 2026-11-28');
    expect(dayAndDate('2026-11-28T23:00:00Z', 'Africa/Cairo', now)).toBe('Tomorrow, 2026-11-29');
    expect(dayAndDate('2026-12-01T10:00:00Z', 'Africa/Cairo', now)).toBe('2026-12-01');
  });
});
