import { describe, expect, it } from 'vitest';
import { LEGEND, eventKind } from '../../src/features/calendar/colors.ts';
import {
  describeChange, describeWeek, differenceAt, offsetChangesByWeek, weekStartOf, weekStartsBetween,
} from '../../src/features/calendar/offset-changes.ts';
import { makeClass } from '../../src/features/classes/fixtures.ts';

describe('event colour precedence', () => {
  const base = makeClass();
  it('follows the spec order, first match wins', () => {
    const all = makeClass({ absent: true, canceled: true, full_status: 'missed', status: 'expired', payment_status: 'trial', rescheduled: true });
    expect(eventKind(all)).toBe('absent');
    expect(eventKind({ ...all, absent: false })).toBe('canceled');
    expect(eventKind({ ...all, absent: false, canceled: false })).toBe('missed');
    expect(eventKind({ ...all, absent: false, canceled: false, full_status: 'expired' })).toBe('attended');
    expect(eventKind({ ...base, status: 'running', full_status: 'running', payment_status: 'trial' })).toBe('running');
    expect(eventKind({ ...base, payment_status: 'trial', rescheduled: true })).toBe('trial');
    expect(eventKind({ ...base, rescheduled: true })).toBe('rescheduled');
    expect(eventKind(base)).toBe('next');
    expect(eventKind({ ...base, id: null })).toBe('default');
  });
  it('has a legend in the spec order', () => {
    expect(LEGEND.map((l) => l.label)).toEqual(['Attended', 'Missed', 'Next Classes', 'Trial', 'Rescheduled', 'Running', 'Canceled', 'Absent']);
  });
});

describe('weeks start on Saturday', () => {
  it('finds the Saturday on or before a date', () => {
    expect(weekStartOf('2026-03-14')).toBe('2026-03-14'); // Saturday
    expect(weekStartOf('2026-03-15')).toBe('2026-03-14'); // Sunday
    expect(weekStartOf('2026-03-20')).toBe('2026-03-14'); // Friday
  });
  it('lists the week starts of a range', () => {
    expect(weekStartsBetween('2026-03-01', '2026-03-21')).toEqual(['2026-02-28', '2026-03-07', '2026-03-14']);
  });
});

describe('weeks where the teacher-student time difference changes', () => {
  it('measures the difference at midnight of the viewer', () => {
    // Cairo has no DST in 2026-03; New York moves on 2026-03-08.
    expect(differenceAt('Africa/Cairo', 'America/New_York', '2026-03-07')).toBe(-7 * 60);
    expect(differenceAt('Africa/Cairo', 'America/New_York', '2026-03-14')).toBe(-6 * 60);
    expect(differenceAt('Africa/Cairo', 'Africa/Cairo', '2026-03-14')).toBe(0);
  });
  it('marks the week in which a student zone changes its clocks', () => {
    const weeks = weekStartsBetween('2026-03-01', '2026-04-05');
    const marks = offsetChangesByWeek(weeks, 'Africa/Cairo', [
      { label: 'Sam', timeZone: 'America/New_York' }, // DST starts Sunday 2026-03-08
      { label: 'Lee', timeZone: 'Europe/London' }, // BST starts Sunday 2026-03-29
      { label: 'Ali', timeZone: 'Africa/Cairo' },
      { label: 'Sam', timeZone: 'America/New_York' }, // a second class of the same student
    ]);
    expect([...marks.keys()]).toEqual(['2026-03-07', '2026-03-28']);
    expect(marks.get('2026-03-07')).toEqual([{ label: 'Sam', timeZone: 'America/New_York', before: -420, after: -360 }]);
    expect(marks.get('2026-03-28')![0]!.label).toBe('Lee');
    expect(describeChange(marks.get('2026-03-07')![0]!)).toBe('Time difference with Sam changes this week: -7h → -6h');
    expect(describeWeek('2026-03-07', marks.get('2026-03-07')!)).toBe('Week of 2026-03-07: Sam -7h → -6h');
  });
  it('marks when the viewer changes clocks and the other does not', () => {
    const marks = offsetChangesByWeek(weekStartsBetween('2026-10-20', '2026-11-10'), 'America/New_York', [
      { label: 'Omar', timeZone: 'Asia/Riyadh' },
    ]);
    // New York falls back on Sunday 2026-11-01, in the week starting Saturday 2026-10-31.
    expect([...marks.keys()]).toEqual(['2026-10-31']);
  });
});
