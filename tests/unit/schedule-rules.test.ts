import { describe, expect, it } from 'vitest';
import { emptyRow, firstProblemRow, payloadOf, rowProblems, rowsFromSchedule, ROW_MESSAGES, type HoursRow } from '../../src/features/schedule/rules.ts';

const row = (day: number | null, start_time = '', end_time = ''): HoursRow => ({ ...emptyRow(), day, start_time, end_time });

describe('working hours rows (issue 16 item 6)', () => {
  it('a row that ends at or before its start says so on that row', () => {
    expect(rowProblems([row(6, '10:00', '09:00'), row(0, '10:00', '10:00'), row(1, '09:00', '10:00')])).toEqual([
      ROW_MESSAGES.endBeforeStart, ROW_MESSAGES.endBeforeStart, null,
    ]);
  });
  it('rows of the same day that overlap: the later one names the earlier by its day and times', () => {
    const rows = [row(6, '09:00', '12:00'), row(0, '10:00', '11:00'), row(6, '11:00', '13:00')];
    const problems = rowProblems(rows);
    expect(problems[0]).toBeNull();
    expect(problems[1]).toBeNull();
    expect(problems[2]).toBe('Overlaps another Saturday entry (09:00–12:00). Entries on the same day must not overlap.');
    expect(firstProblemRow(rows)).toBe(2);
  });
  it('a row inside another and a repeated row overlap; touching ends do not', () => {
    expect(rowProblems([row(1, '08:00', '16:00'), row(1, '10:00', '11:00')])[1]).toBe(ROW_MESSAGES.overlaps('Monday', '08:00', '16:00'));
    expect(rowProblems([row(1, '08:00', '10:00'), row(1, '08:00', '10:00')])[1]).toBe(ROW_MESSAGES.overlaps('Monday', '08:00', '10:00'));
    expect(rowProblems([row(1, '08:00', '10:00'), row(1, '10:00', '12:00'), row(1, '06:00', '08:00')])).toEqual([null, null, null]);
  });
  it('Sunday (0) is a day like the others', () => {
    expect(rowProblems([row(0, '08:00', '10:00'), row(0, '09:00', '11:00')])[1]).toContain('Sunday');
  });
  it('rows being filled in say nothing yet', () => {
    expect(rowProblems([row(1, '08:00', '10:00'), row(1, '09:00', ''), row(null, '', ''), row(1)])).toEqual([null, null, null, null]);
    expect(firstProblemRow([row(1, '08:00', '10:00'), row(null)])).toBe(-1);
    expect(payloadOf([row(1, '08:00', '10:00'), row(1, '09:00', '')])).toEqual([{ day: 1, start_time: '08:00', end_time: '10:00' }]);
  });
});

describe('saved working hours come back Saturday first (issue 28)', () => {
  it('orders by the week from Saturday, then by start time', () => {
    const rows = rowsFromSchedule([
      { day: 5, start_time: '10:00', end_time: '12:00' },
      { day: 6, start_time: '14:00', end_time: '16:00' },
      { day: 0, start_time: '09:00', end_time: '10:00' },
      { day: 6, start_time: '08:00', end_time: '09:00' },
    ]);
    expect(rows.map((r) => `${r.day} ${r.start_time}`)).toEqual(['6 08:00', '6 14:00', '0 09:00', '5 10:00']);
  });
});
