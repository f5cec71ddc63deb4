import { describe, expect, it } from 'vitest';
import {
  DAYS, canRemove, canSave, emptyRow, fromEnabled, payloadOf, rowsFromSchedule, toEnabled,
} from '../../src/features/schedule/rules.ts';

describe('working hours form', () => {
  it('lists days from Saturday to Friday', () => {
    expect(DAYS.map((d) => d.label)).toEqual(['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(DAYS.map((d) => d.value)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });
  it('starts with three empty rows, keeping saved rows', () => {
    expect(rowsFromSchedule([])).toHaveLength(3);
    const rows = rowsFromSchedule([{ day: 1, start_time: '09:00', end_time: '12:00' }]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ day: 1, start_time: '09:00', end_time: '12:00' });
    expect(rowsFromSchedule(Array.from({ length: 5 }, () => ({ day: 2, start_time: '09:00', end_time: '10:00' })))).toHaveLength(5);
  });
  it('enables from once a day is chosen, Sunday (0) included, and to once from is set', () => {
    const r = emptyRow();
    expect(fromEnabled(r)).toBe(false);
    expect(fromEnabled({ ...r, day: 0 })).toBe(true);
    expect(toEnabled({ ...r, day: 0 })).toBe(false);
    expect(toEnabled({ ...r, day: 0, start_time: '08:00' })).toBe(true);
  });
  it('never removes the first row', () => {
    expect(canRemove(0)).toBe(false);
    expect(canRemove(1)).toBe(true);
  });
  it('saves only when a row has both times, and not while saving', () => {
    const rows = [emptyRow(), { ...emptyRow(), day: 0, start_time: '08:00' }];
    expect(canSave(rows, false)).toBe(false);
    const full = [...rows, { ...emptyRow(), day: 0, start_time: '08:00', end_time: '10:00' }];
    expect(canSave(full, false)).toBe(true);
    expect(canSave(full, true)).toBe(false);
    expect(payloadOf(full)).toEqual([{ day: 0, start_time: '08:00', end_time: '10:00' }]);
  });
});
