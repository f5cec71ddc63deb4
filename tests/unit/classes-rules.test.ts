import { describe, expect, it } from 'vitest';
import {
  attendedBlock, canChangeClass, canMarkAttendance, cardTitle, classChips, countdownText, delayWarning, eventTitle,
  isChangeLocked, isRescheduleDateAllowed, makeupError, makeupMinTime, rescheduleFormError, rescheduleWindow,
  showCountdown, showLockAlert, snapMessage, snapToQuarter,
} from '../../src/features/classes/rules.ts';
import { makeClass } from '../../src/features/classes/fixtures.ts';

const MIN = 60_000;
const start = '2026-03-10T15:00:00.000Z';
const at = (minutesBefore: number) => Date.parse(start) - minutesBefore * MIN;

describe('quarter-hour snapping of the reschedule time', () => {
  it('keeps quarters and 23:59 unchanged', () => {
    for (const t of ['00:00', '09:15', '12:30', '17:45', '23:45', '23:59']) {
      expect(snapToQuarter(t)).toEqual({ time: t, changed: false });
    }
  });
  it('rounds to the nearest quarter, ties later', () => {
    expect(snapToQuarter('10:07')).toEqual({ time: '10:00', changed: true });
    expect(snapToQuarter('10:08')).toEqual({ time: '10:15', changed: true });
    expect(snapToQuarter('10:22')).toEqual({ time: '10:15', changed: true });
    expect(snapToQuarter('10:53')).toEqual({ time: '11:00', changed: true });
    expect(snapToQuarter('00:05')).toEqual({ time: '00:00', changed: true });
  });
  it('never rolls over midnight: late minutes go to 23:45 or 23:59', () => {
    expect(snapToQuarter('23:50')).toEqual({ time: '23:45', changed: true });
    expect(snapToQuarter('23:52')).toEqual({ time: '23:59', changed: true });
    expect(snapToQuarter('23:58')).toEqual({ time: '23:59', changed: true });
  });
  it('tells the user in 12-hour form', () => {
    expect(snapMessage('17:15', '17:07')).toBe('5:15 PM used instead of 5:07 PM');
    expect(snapMessage('23:59', '23:58')).toBe('11:59 PM used instead of 11:58 PM');
  });
});

describe('reschedule date window (tomorrow to 7 days ahead, in the user timezone)', () => {
  // 2026-03-10 23:30 UTC is already 2026-03-11 in Cairo (UTC+2).
  const now = Date.parse('2026-03-10T23:30:00Z');
  it('is computed in the user timezone', () => {
    expect(rescheduleWindow('Africa/Cairo', now)).toEqual({ min: '2026-03-12', max: '2026-03-18' });
    expect(rescheduleWindow('America/New_York', now)).toEqual({ min: '2026-03-11', max: '2026-03-17' });
  });
  it('rejects today, past dates and beyond 7 days', () => {
    expect(isRescheduleDateAllowed('2026-03-11', 'Africa/Cairo', now)).toBe(false);
    expect(isRescheduleDateAllowed('2026-03-12', 'Africa/Cairo', now)).toBe(true);
    expect(isRescheduleDateAllowed('2026-03-18', 'Africa/Cairo', now)).toBe(true);
    expect(isRescheduleDateAllowed('2026-03-19', 'Africa/Cairo', now)).toBe(false);
    expect(isRescheduleDateAllowed('', 'Africa/Cairo', now)).toBe(false);
  });
  it('needs both date and time', () => {
    expect(rescheduleFormError('', '10:00')).toBe('Fill required inputs');
    expect(rescheduleFormError('2026-03-12', '')).toBe('Fill required inputs');
    expect(rescheduleFormError('2026-03-12', '10:00')).toBeNull();
  });
});

describe('30-minute lock on cancel and reschedule', () => {
  it('locks at 30 minutes or less before the start', () => {
    expect(isChangeLocked(start, at(31))).toBe(false);
    expect(isChangeLocked(start, at(30))).toBe(true);
    expect(isChangeLocked(start, at(29))).toBe(true);
  });
  it('hides the actions from students only, and shows them the info alert', () => {
    const k = makeClass({ start_datetime: start, editable: true });
    expect(canChangeClass(k, 'student', at(29))).toBe(false);
    expect(canChangeClass(k, 'teacher', at(29))).toBe(true);
    expect(canChangeClass(k, 'student', at(45))).toBe(true);
    expect(showLockAlert(k, 'student', at(29))).toBe(true);
    expect(showLockAlert(k, 'teacher', at(29))).toBe(false);
    expect(showLockAlert(k, 'student', at(45))).toBe(false);
  });
  it('never offers changes on a class that is not editable', () => {
    expect(canChangeClass(makeClass({ editable: false }), 'teacher', at(600))).toBe(false);
  });
});

describe('"starts in" countdown', () => {
  it('shows under 12 hours and before the start only', () => {
    expect(showCountdown(start, at(12 * 60))).toBe(false);
    expect(showCountdown(start, at(12 * 60 - 1))).toBe(true);
    expect(showCountdown(start, at(1))).toBe(true);
    expect(showCountdown(start, at(0))).toBe(false);
    expect(showCountdown(start, at(-5))).toBe(false);
  });
  it('reads hours, minutes and seconds', () => {
    expect(countdownText(start, at(125) - 9000)).toBe('2h 05m 09s');
    expect(countdownText(start, at(5))).toBe('5m 00s');
    expect(countdownText(start, at(-1))).toBe('0m 00s');
  });
});

describe('attendance', () => {
  const running = { can_mark_attended: true, status: 'running' as const, attended: false, absent: false };
  it('is offered to teachers once started, when neither attended nor absent', () => {
    expect(canMarkAttendance(running, 'teacher')).toBe(true);
    expect(canMarkAttendance(running, 'student')).toBe(false);
    expect(canMarkAttendance({ ...running, status: 'scheduled' }, 'teacher')).toBe(false);
    expect(canMarkAttendance({ ...running, attended: true }, 'teacher')).toBe(false);
    expect(canMarkAttendance({ ...running, absent: true }, 'teacher')).toBe(false);
    expect(canMarkAttendance({ ...running, can_mark_attended: false }, 'teacher')).toBe(false);
  });
  it('needs a report and enough student credits', () => {
    expect(attendedBlock({ has_class_report: false, payment_status: 'paid' })).toBe('report');
    expect(attendedBlock({ has_class_report: true, payment_status: 'credits-not-enough' })).toBe('credits');
    expect(attendedBlock({ has_class_report: true, payment_status: 'trial' })).toBeNull();
  });
});

describe('delay warning', () => {
  it('warns over 3 minutes average or at 30 % delayed', () => {
    expect(delayWarning(3, 29.9)).toBe(false);
    expect(delayWarning(3.1, 0)).toBe(true);
    expect(delayWarning(0, 30)).toBe(true);
    expect(delayWarning(0, 0)).toBe(false);
  });
});

describe('makeup class date and time', () => {
  // 2026-03-10 12:20 in Cairo.
  const now = Date.parse('2026-03-10T10:20:00Z');
  it('refuses a date before today', () => {
    expect(makeupError('2026-03-09', '13:00', 'Africa/Cairo', now)).toBe('date');
    expect(makeupError('', '13:00', 'Africa/Cairo', now)).toBe('date');
  });
  it('for today refuses a time before now', () => {
    expect(makeupError('2026-03-10', '12:19', 'Africa/Cairo', now)).toBe('time');
    expect(makeupError('2026-03-10', '12:20', 'Africa/Cairo', now)).toBeNull();
    expect(makeupMinTime('2026-03-10', 'Africa/Cairo', now)).toBe('12:20');
  });
  it('accepts any time on a later day', () => {
    expect(makeupError('2026-03-11', '00:00', 'Africa/Cairo', now)).toBeNull();
    expect(makeupMinTime('2026-03-11', 'Africa/Cairo', now)).toBeUndefined();
  });
});

describe('cards and titles', () => {
  it('lists the chips in order', () => {
    const k = makeClass({ waiting_reschedule_request: true, rescheduled: true, makeup: true, payment_status: 'trial' });
    expect(classChips(k).map((c) => c.label)).toEqual(['Reschedule Requested', 'Scheduled', 'Makeup', 'Trial']);
    const gone = makeClass({ rescheduled: true, absent: true, full_status: 'absent', status: 'expired', payment_status: 'paid' });
    // No payment chip on a class that did not take place (issue 28): it would not inform.
    expect(classChips(gone).map((c) => c.label)).toEqual(['Rescheduled', 'Absent']);
    const canceled = makeClass({ canceled: true, full_status: 'canceled', payment_status: 'credits-not-enough' });
    expect(classChips(canceled).map((c) => c.label)).toEqual(['Canceled']);
  });
  it('shows Attended as soon as the class is marked, though the server says running until its end', () => {
    const k = makeClass({ status: 'running', full_status: 'running', attended: true, payment_status: 'paid' });
    expect(classChips(k).map((c) => c.label)).toEqual(['Attended', 'Paid']);
  });
  it('hides Recharge Required once the class has ended', () => {
    const k = makeClass({ status: 'expired', full_status: 'missed', payment_status: 'credits-not-enough' });
    expect(classChips(k).map((c) => c.label)).toEqual(['Missed']);
  });
  it('titles by student for teachers, by class or course for students', () => {
    const k = makeClass({ name: null });
    expect(cardTitle(k, 'teacher')).toBe('Sara Student');
    expect(cardTitle(k, 'student')).toBe('Quran Recitation');
    expect(eventTitle(k, 'teacher')).toBe('Sara Student - Quran Recitation');
    expect(eventTitle(k, 'student')).toBe('Quran Recitation');
  });
});
