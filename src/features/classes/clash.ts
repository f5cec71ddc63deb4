import type { Class } from '../../../db/entities.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n/index.ts';
import { Temporal } from '../../lib/temporal.ts';
import { MINUTE_MS } from './time.ts';
import { safeZone } from './time.ts';
import type { Role } from './rules.ts';

/**
 * Whether a new slot for a class (a reschedule, a makeup class) clashes with the user's other
 * classes in the mirror, and the wall clock of the slot for the other party. Pure, tested in
 * tests/unit/classes-clash.test.ts. The mirror holds the months seen and the next class: a clash
 * in a month never opened on this device is not known here (the server decides in the end).
 */

/** The instant of `date` (YYYY-MM-DD) at `time` (HH:mm) in `tz`, or null when either is not one. */
export function slotStart(date: string, time: string, tz: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{1,2}:\d{2}$/.test(time)) return null;
  try {
    const [h = 0, m = 0] = time.split(':').map(Number);
    return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: safeZone(tz), plainTime: Temporal.PlainTime.from({ hour: h, minute: m }) }).epochMilliseconds;
  } catch {
    return null;
  }
}

/** The first of `classes` (canceled, absent and `excludeId` aside) whose time overlaps [start, start + minutes). */
export function findClash(classes: readonly Class[], start: number, minutes: number, excludeId?: number): Class | null {
  const end = start + Math.max(1, minutes) * MINUTE_MS;
  let first: Class | null = null;
  for (const k of classes) {
    if (k.id === excludeId || k.canceled || k.absent) continue;
    const a = Date.parse(k.start_datetime);
    const b = Date.parse(k.end_datetime);
    if (!(a < end && b > start)) continue;
    if (!first || a < Date.parse(first.start_datetime)) first = k;
  }
  return first;
}

/** "You already have Tajweed Rules for Beginners at 4:00 PM that day" (the student's name first for teachers). */
export function clashMessage(k: Class, role: Role, tz: string): string {
  const course = role === 'teacher' ? `${k.enrollment.student.name} – ${k.enrollment.course.name}` : k.enrollment.course.name;
  return t('classes.clash', { course, time: formatTime(k.start_datetime, safeZone(tz)) });
}

/**
 * "6:00 PM for the student, Africa/Cairo": the slot in the student's timezone, for a teacher; the
 * date too when it is another day there. Null when the zone is unknown or the same as the viewer's.
 */
export function forStudentText(start: number, viewerTz: string, studentTz: string | null | undefined): string | null {
  if (!studentTz || safeZone(studentTz) !== studentTz || studentTz === viewerTz) return null;
  const here = formatDate(start, safeZone(viewerTz));
  const there = formatDate(start, studentTz);
  const time = formatTime(start, studentTz);
  return t('classes.forStudent', { time: there === here ? time : `${there} ${time}`, zone: studentTz });
}
