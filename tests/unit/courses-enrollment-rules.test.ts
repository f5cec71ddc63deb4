import { describe, expect, it } from 'vitest';
import {
  addScheduleRow, canRemoveRow, classPrice, emptyForm, firstError, formFromEnrollment, hourlyPriceOf, isStartDayAllowed,
  nextStartDays, removeScheduleRow, RULE_MESSAGES, sameAsStored, scheduleRowError, toPayload, togglePreferredDay, tomorrowIn, validateEnrollment, weekdayOf,
  weeklyOptions, weeklyPrice, withDuration, type EnrollmentFormState,
} from '../../src/features/courses/enrollment-rules.ts';
import { MESSAGES } from '../../db/messages.ts';

const TZ = 'Africa/Cairo';
// 2026-03-10 is a Tuesday; 12:00 UTC is 14:00 in Cairo.
const NOW = Date.parse('2026-03-10T12:00:00Z');

/** A form that passes every rule: 60 min, 2 a week, Wed + Sat, starting Wed 2026-03-11. */
function valid(): EnrollmentFormState {
  return {
    class_duration: 60,
    weekly_classes: 2,
    start_day: '2026-03-11',
    comment: '',
    preferred_days: [3, 6],
    schedule: [
      { day: 3, from: '16:00', to: '18:00' },
      { day: 6, from: '10:00', to: '12:00' },
      { day: null, from: '', to: '' },
    ],
  };
}
const messages = (s: EnrollmentFormState) => validateEnrollment(s, TZ, NOW).map((e) => e.message);

describe('prices', () => {
  it('class price is hourly price × duration / 60', () => {
    expect(classPrice(10, 60)).toBe(10);
    expect(classPrice(10, 30)).toBe(5);
    expect(classPrice(10, 45)).toBe(7.5);
    expect(classPrice(12.5, 90)).toBe(18.75);
    expect(classPrice(7, 45)).toBe(5.25);
  });
  it('rounds to cents', () => {
    expect(classPrice(9.99, 45)).toBe(7.49);
  });
  it('has no class price before a duration is chosen', () => {
    expect(classPrice(10, null)).toBeNull();
  });
  it('the enrolment hourly price overrides the course one', () => {
    expect(hourlyPriceOf({ hourly_price: 10 }, { hourly_price: 8 })).toBe(8);
    expect(hourlyPriceOf({ hourly_price: 10 }, { hourly_price: null })).toBe(10);
    expect(hourlyPriceOf({ hourly_price: 10 }, null)).toBe(10);
    expect(hourlyPriceOf({ hourly_price: 10 }, { hourly_price: 0 })).toBe(0);
  });
  it('weekly price is class price × classes per week', () => {
    expect(weeklyPrice(7.5, 3)).toBe(22.5);
    expect(weeklyPrice(classPrice(9.99, 45), 3)).toBe(22.47);
    expect(weeklyPrice(null, 3)).toBeNull();
    expect(weeklyPrice(10, null)).toBeNull();
  });
});

describe('classes per week', () => {
  it('offers 2 to 6 under 60 minutes and 1 to 6 from 60 minutes', () => {
    expect(weeklyOptions(30)).toEqual([2, 3, 4, 5, 6]);
    expect(weeklyOptions(45)).toEqual([2, 3, 4, 5, 6]);
    expect(weeklyOptions(60)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(weeklyOptions(90)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(weeklyOptions(null)).toEqual([2, 3, 4, 5, 6]);
  });
  it('a shorter duration drops a choice of 1 and keeps the others', () => {
    const one = { ...valid(), weekly_classes: 1 };
    expect(withDuration(one, 45).weekly_classes).toBeNull();
    expect(withDuration(one, 90).weekly_classes).toBe(1);
    expect(withDuration(valid(), 30).weekly_classes).toBe(2);
  });
  it('refuses 1 a week for a 45-minute class', () => {
    expect(messages({ ...valid(), class_duration: 45, weekly_classes: 1 })).toContain(
      'One class per week is available only for classes of 60 minutes or more.',
    );
    expect(messages({ ...valid(), weekly_classes: 1 })).toEqual([]);
  });
});

describe('start day', () => {
  it('tomorrow is in the user timezone', () => {
    expect(tomorrowIn(TZ, NOW)).toBe('2026-03-11');
    // 23:30 UTC on the 10th is already the 11th in Cairo, so tomorrow is the 12th there.
    expect(tomorrowIn(TZ, Date.parse('2026-03-10T23:30:00Z'))).toBe('2026-03-12');
    expect(tomorrowIn('America/New_York', Date.parse('2026-03-11T02:00:00Z'))).toBe('2026-03-11');
  });
  it('an unknown timezone falls back to UTC instead of throwing', () => {
    expect(tomorrowIn('Not/AZone', NOW)).toBe('2026-03-11');
  });
  it('week days count from Sunday = 0', () => {
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(weekdayOf('2026-03-11')).toBe(3);
    expect(weekdayOf('2026-03-14')).toBe(6);
    expect(weekdayOf('2026-02-30')).toBeNull();
    expect(weekdayOf('')).toBeNull();
  });
  it('must be tomorrow or later', () => {
    expect(isStartDayAllowed('2026-03-10', [2, 3], TZ, NOW)).toBe(false);
    expect(isStartDayAllowed('2026-03-11', [2, 3], TZ, NOW)).toBe(true);
    expect(messages({ ...valid(), start_day: '2026-03-07', preferred_days: [3, 6] })).toContain('The start day must be tomorrow or later.');
  });
  it('must be one of the preferred days', () => {
    expect(isStartDayAllowed('2026-03-12', [3, 6], TZ, NOW)).toBe(false);
    expect(messages({ ...valid(), start_day: '2026-03-12' })).toEqual(['The start day must be one of the preferred days.']);
  });
  it('suggests the next allowed days from tomorrow', () => {
    expect(nextStartDays([3, 6], TZ, NOW, 3)).toEqual(['2026-03-11', '2026-03-14', '2026-03-18']);
    expect(nextStartDays([], TZ, NOW)).toEqual([]);
  });
});

describe('required inputs', () => {
  it('duration, classes per week and start day are required', () => {
    for (const patch of [{ class_duration: null }, { weekly_classes: null }, { start_day: '' }]) {
      expect(firstError({ ...valid(), ...patch }, TZ, NOW)?.message).toBe(MESSAGES.requiredInputsEmpty);
    }
  });
  it('the blank form reports the missing inputs first', () => {
    const errs = validateEnrollment(emptyForm(), TZ, NOW);
    expect(errs[0]).toEqual({ field: 'class_duration', message: 'Required inputs cannot be empty' });
    expect(errs.map((e) => e.field)).toEqual(['class_duration', 'weekly_classes', 'start_day']);
  });
  it('a schedule row with a day needs both times', () => {
    const s = valid();
    s.schedule[1] = { day: 6, from: '10:00', to: '' };
    expect(firstError(s, TZ, NOW)).toEqual({ field: 'schedule', message: MESSAGES.requiredInputsEmpty });
  });
  it('the comment is optional', () => {
    expect(messages({ ...valid(), comment: '' })).toEqual([]);
    expect(messages({ ...valid(), comment: 'Evenings please' })).toEqual([]);
  });
});

describe('preferred days and schedule against classes per week', () => {
  it('preferred days must be at least classes per week', () => {
    expect(messages({ ...valid(), weekly_classes: 3 })).toContain("'Preferred Days' must be equal or more than 'Classes/ Week'");
    expect(messages({ ...valid(), weekly_classes: 2, preferred_days: [3] })).toContain(MESSAGES.preferredDaysTooFew);
  });
  it('schedule rows with a day must be at least classes per week; blank rows do not count', () => {
    const s = { ...valid(), weekly_classes: 3, preferred_days: [1, 3, 6] };
    expect(messages(s)).toEqual(["'Schedule' times must be equal or more than 'Classes/ Week'"]);
    s.schedule[2] = { day: 1, from: '09:00', to: '10:00' };
    expect(messages(s)).toEqual([]);
  });
  it('toggles preferred days on and off', () => {
    const s = togglePreferredDay(togglePreferredDay(emptyForm(), 2), 5);
    expect(s.preferred_days).toEqual([2, 5]);
    expect(togglePreferredDay(s, 2).preferred_days).toEqual([5]);
  });
});

describe('schedule rows', () => {
  it('starts with three blank rows', () => {
    expect(emptyForm().schedule).toEqual([
      { day: null, from: '', to: '' },
      { day: null, from: '', to: '' },
      { day: null, from: '', to: '' },
    ]);
  });
  it('adds rows and removes any but the first', () => {
    const s = addScheduleRow(emptyForm());
    expect(s.schedule).toHaveLength(4);
    expect(canRemoveRow(0)).toBe(false);
    expect(canRemoveRow(1)).toBe(true);
    expect(removeScheduleRow(s, 0)).toBe(s);
    expect(removeScheduleRow(s, 3).schedule).toHaveLength(3);
    const two = removeScheduleRow(removeScheduleRow(s, 1), 1);
    expect(removeScheduleRow(removeScheduleRow(two, 1), 1).schedule).toHaveLength(1);
  });
});

describe('payload and resubmission', () => {
  const stored = {
    class_duration: 60, weekly_classes: 2, start_day: '2026-03-11', comment: null,
    preferred_days: [6, 3], schedule: [{ day: 3, from: '16:00', to: '18:00' }, { day: 6, from: '10:00', to: '12:00' }],
  };
  it('drops blank rows, sorts days and trims the comment', () => {
    expect(toPayload({ ...valid(), comment: '  hi ', preferred_days: [6, 3] })).toEqual({
      class_duration: 60, weekly_classes: 2, start_day: '2026-03-11', comment: 'hi', preferred_days: [3, 6],
      schedule: [{ day: 3, from: '16:00', to: '18:00' }, { day: 6, from: '10:00', to: '12:00' }],
    });
  });
  it('the stored enrolment loads into the form unchanged', () => {
    const f = formFromEnrollment(stored);
    expect(f.comment).toBe('');
    expect(sameAsStored(f, stored)).toBe(true);
    expect(formFromEnrollment({ ...stored, schedule: [] }).schedule).toHaveLength(3);
  });
  it('an extra blank row or reordered days is no change', () => {
    const f = addScheduleRow(formFromEnrollment(stored));
    expect(sameAsStored({ ...f, preferred_days: [3, 6] }, stored)).toBe(true);
  });
  it('any real edit is a change', () => {
    const f = formFromEnrollment(stored);
    expect(sameAsStored({ ...f, comment: 'x' }, stored)).toBe(false);
    expect(sameAsStored({ ...f, weekly_classes: 1 }, stored)).toBe(false);
    expect(sameAsStored({ ...f, start_day: '2026-03-14' }, stored)).toBe(false);
    expect(sameAsStored(togglePreferredDay(f, 1), stored)).toBe(false);
    expect(sameAsStored({ ...f, schedule: [{ day: 3, from: '16:30', to: '18:00' }, f.schedule[1]!] }, stored)).toBe(false);
  });
});

describe('a schedule row that ends before it starts (issue 16 item 6)', () => {
  it('is refused, on its own row, and the form is not sent', () => {
    const s = valid();
    s.schedule[1] = { day: 6, from: '12:00', to: '10:00' };
    const errs = validateEnrollment(s, TZ, NOW);
    expect(errs).toEqual([{ field: 'schedule', message: RULE_MESSAGES.scheduleEndsBeforeStart, row: 1 }]);
    expect(firstError(s, TZ, NOW)?.message).toBe('The end time must be after the start time.');
  });
  it('a row that ends when it starts is refused too; a row that ends later is fine', () => {
    expect(scheduleRowError({ day: 3, from: '10:00', to: '10:00' })).toBe(RULE_MESSAGES.scheduleEndsBeforeStart);
    expect(scheduleRowError({ day: 3, from: '09:30', to: '10:00' })).toBeNull();
    expect(scheduleRowError({ day: 3, from: '09:30', to: '' })).toBeNull();
    expect(scheduleRowError({ day: 3, from: '', to: '' })).toBeNull();
  });
  it('a spare row without a day is not sent, so it does not block the form', () => {
    const s = valid();
    s.schedule[2] = { day: null, from: '12:00', to: '10:00' };
    expect(validateEnrollment(s, TZ, NOW)).toEqual([]);
    // The row itself still says what is wrong with it.
    expect(scheduleRowError(s.schedule[2]!)).toBe(RULE_MESSAGES.scheduleEndsBeforeStart);
  });
});
