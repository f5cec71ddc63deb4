import { describe, expect, it } from 'vitest';
import { EVENT_COLOURS, LEGEND, eventKind, kindLabel } from '../../src/features/calendar/colors.ts';
import { scrollTimeFor } from '../../src/features/calendar/scroll-time.ts';
import { classesByDay } from '../../src/features/calendar/by-day.ts';
import { monthEvents } from '../../src/features/calendar/events.ts';
import { classChips } from '../../src/features/classes/rules.ts';
import { snapMessage, snapToQuarter } from '../../src/features/classes/rules.ts';
import { countMyCourses, isCurrentEnrollment } from '../../src/features/my-courses/my-courses-filter.ts';
import { reportsSubtitle } from '../../src/features/class-reports/report-rules.ts';
import type { Class } from '../../db/entities.ts';

/** Issue 16 items 11 and 13: calendar colours and scroll, time snapping, one course count, wording. */

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
const lum = (hex: string) => {
  const [r, g, b] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};
/** Distance in RGB (0–441): a rough "looks different" measure. */
const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((c, i) => (c - rgb(b)[i]!) * 255));

describe('calendar colours', () => {
  it('every kind carries white text at AA contrast', () => {
    for (const [kind, c] of Object.entries(EVENT_COLOURS)) expect(contrast(c, '#ffffff'), kind).toBeGreaterThanOrEqual(4.5);
  });

  it('Missed and Canceled look different (hue and lightness), and no two legend colours are close', () => {
    expect(distance(EVENT_COLOURS.missed, EVENT_COLOURS.canceled)).toBeGreaterThan(100);
    expect(Math.abs(lum(EVENT_COLOURS.missed) - lum(EVENT_COLOURS.canceled))).toBeGreaterThan(0.005);
    const kinds = LEGEND.map((l) => l.kind);
    for (const a of kinds) for (const b of kinds) if (a < b) expect(distance(EVENT_COLOURS[a], EVENT_COLOURS[b]), `${a}/${b}`).toBeGreaterThan(50);
  });

  it('the legend, the event names and the class chips agree', () => {
    expect(LEGEND.map((l) => l.label)).toEqual(['Attended', 'Missed', 'Next Classes', 'Trial', 'Rescheduled', 'Running', 'Canceled', 'Absent']);
    expect(kindLabel('canceled')).toBe('Canceled');
    expect(kindLabel('missed')).toBe('Missed');
    const base = { id: 1, status: 'expired', full_status: 'expired', payment_status: 'paid', rescheduled: false, absent: false, canceled: false, makeup: false, waiting_reschedule_request: false } as unknown as Class;
    const chip = (k: Partial<Class>, label: string) => classChips({ ...base, ...k } as Class).find((c) => c.label === label)?.color;
    // The chips' palettes follow the calendar's hues: Canceled slate, Absent magenta, Missed red.
    expect(chip({ canceled: true, full_status: 'canceled' }, 'Canceled')).toBe('gray');
    expect(chip({ absent: true, full_status: 'absent' }, 'Absent')).toBe('pink');
    expect(eventKind({ ...base, canceled: true })).toBe('canceled');
  });
});

describe('week view scroll time', () => {
  const NOW = Date.UTC(2026, 10, 24, 13, 30); // 15:30 in Cairo
  it('opens an hour before the earliest class of the week, in the user\'s timezone', () => {
    const ks = [{ start_datetime: '2026-11-25T15:00:00Z' }, { start_datetime: '2026-11-23T07:15:00Z' }, { start_datetime: '2026-11-27T18:00:00Z' }];
    expect(scrollTimeFor(ks, 'Africa/Cairo', NOW)).toBe('08:00:00');
    expect(scrollTimeFor(ks, 'UTC', NOW)).toBe('06:00:00');
    expect(scrollTimeFor(ks, 'America/New_York', NOW)).toBe('01:00:00');
  });
  it('opens around now when the week has no class, never before midnight', () => {
    expect(scrollTimeFor([], 'Africa/Cairo', NOW)).toBe('14:00:00');
    expect(scrollTimeFor([{ start_datetime: '2026-11-24T22:20:00Z' }], 'Africa/Cairo', NOW)).toBe('00:00:00');
    expect(scrollTimeFor([{ start_datetime: 'not a date' }], 'UTC', NOW)).toBe('12:00:00');
  });
  it('opens at midnight when a class shown runs past it (its next day\'s part starts at 00:00)', () => {
    // 23:30 to 00:15 in UTC, Tuesday into Wednesday, beside a class at 07:15.
    const late = { start_datetime: '2026-11-24T23:30:00Z', end_datetime: '2026-11-25T00:15:00Z' };
    const early = { start_datetime: '2026-11-23T07:15:00Z', end_datetime: '2026-11-23T08:00:00Z' };
    const weekEnd = Date.UTC(2026, 10, 28);
    expect(scrollTimeFor([late, early], 'UTC', NOW, weekEnd)).toBe('00:00:00');
    // Wednesday is not shown (the view ends at Wednesday's midnight): the start alone counts.
    expect(scrollTimeFor([late, early], 'UTC', NOW, Date.UTC(2026, 10, 25))).toBe('06:00:00');
    // In New York it is 18:30 to 19:15, one day: no midnight part (the earliest is 02:15).
    expect(scrollTimeFor([late, early], 'America/New_York', NOW, weekEnd)).toBe('01:00:00');
  });
});

describe('class form times snap to quarters (reschedule and makeup)', () => {
  it('10:10 becomes 10:15 and says so; quarters and 23:59 stay', () => {
    expect(snapToQuarter('10:10')).toEqual({ time: '10:15', changed: true });
    expect(snapToQuarter('10:07')).toEqual({ time: '10:00', changed: true });
    expect(snapToQuarter('10:45')).toEqual({ time: '10:45', changed: false });
    expect(snapToQuarter('23:59')).toEqual({ time: '23:59', changed: false });
    expect(snapMessage('10:15', '10:10')).toBe('10:15 AM used instead of 10:10 AM');
  });
});

describe('one definition of my courses', () => {
  it('counts every enrolment but finished and canceled ones, on the dashboard and in My Courses', () => {
    const list = ['approved', 'joined', 'pending', 'review', 'action-needed', 'updated', 'suspended', 'finished', 'canceled'].map((status) => ({ status }));
    expect(countMyCourses(list)).toBe(7);
    expect(list.filter(isCurrentEnrollment).map((e) => e.status)).not.toContain('finished');
  });
});

describe('class reports subtitle', () => {
  it('is the spec\'s for students and guests, and right for the teacher who wrote them', () => {
    expect(reportsSubtitle('student')).toBe('Reports added by your tutor after each class');
    expect(reportsSubtitle(null)).toBe('Reports added by your tutor after each class');
    expect(reportsSubtitle('teacher')).toBe('Reports you added for your students after each class');
  });
});

describe("the month view's days (issue 27)", () => {
  const at = (iso: string, id: number) => ({
    id, start_datetime: iso, end_datetime: Number.isNaN(Date.parse(iso)) ? iso : new Date(Date.parse(iso) + 30 * 60_000).toISOString(),
    status: 'pending', full_status: 'pending', payment_status: 'paid', rescheduled: false, absent: false, canceled: false, makeup: false,
    enrollment: { id: 1, course: { id: 3, name: 'Tajweed' }, student: { id: 5, name: 'Yusuf' }, teacher: { id: 6, name: 'Amina' } },
  }) as unknown as Class;

  it('groups classes by their day in the timezone, in order of start, and leaves out a start that is no instant', () => {
    // 23:30 UTC on the 5th is the 6th in Cairo (UTC+2) and still the 5th in London (UTC+0 in December).
    const classes = [at('2026-12-05T23:30:00.000Z', 1), at('2026-12-05T08:00:00.000Z', 2), at('not a date', 3), at('2026-12-06T07:00:00.000Z', 4)];
    const cairo = classesByDay(classes, 'Africa/Cairo');
    expect([...cairo].map(([d, ks]) => [d, ks.map((k) => k.id)])).toEqual([['2026-12-05', [2]], ['2026-12-06', [1, 4]]]);
    const london = classesByDay(classes, 'Europe/London');
    expect([...london].map(([d, ks]) => [d, ks.map((k) => k.id)])).toEqual([['2026-12-05', [2, 1]], ['2026-12-06', [4]]]);
    // Kathmandu is UTC+5:45: 18:15 UTC is its midnight.
    const nepal = classesByDay([at('2026-12-05T18:00:00.000Z', 5), at('2026-12-05T18:15:00.000Z', 6)], 'Asia/Kathmandu');
    expect([...nepal].map(([d, ks]) => [d, ks.map((k) => k.id)])).toEqual([['2026-12-05', [5]], ['2026-12-06', [6]]]);
  });

  it('gives FullCalendar a day whole when it fits its rows, else its first classes and one "+N more" after them', () => {
    const day = (n: number, date: string) => Array.from({ length: n }, (_, i) => at(`${date}T${String(8 + i).padStart(2, '0')}:00:00.000Z`, Number(date.slice(-2)) * 100 + i));
    const byDay = classesByDay([...day(4, '2026-12-05'), ...day(9, '2026-12-06')], 'UTC');
    const events = monthEvents(byDay, 'student', 4);
    const of = (date: string) => events.filter((e) => e.id.startsWith('more:') ? e.id.endsWith(date) : byDay.get(date)!.some((k) => String(k.id) === e.id));
    expect(of('2026-12-05').map((e) => e.id)).toEqual(['500', '501', '502', '503']);
    expect(of('2026-12-06').map((e) => e.id)).toEqual(['600', '601', '602', 'more:2026-12-06']);
    const more = events.find((e) => e.id === 'more:2026-12-06')!;
    expect(more.extendedProps).toEqual({ more: { day: '2026-12-06', n: 6 } });
    // It starts with the first class it stands for and is shorter than any: FullCalendar orders it after the three.
    expect(more.start).toBe(Date.parse('2026-12-06T11:00:00.000Z'));
    expect(Number(more.end) - Number(more.start)).toBe(60_000);
  });
});
