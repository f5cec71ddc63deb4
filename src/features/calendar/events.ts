import type { Class } from '../../../db/entities.ts';
import { eventTitle, type Role } from '../classes/index.ts';
import { eventColour, eventKind, eventStatus } from './colors.ts';

/** FullCalendar's event input for a class: instants in UTC (the calendar shows them in the user's zone), colour by precedence. */
export function toEvent(k: Class, role: Role) {
  const colour = eventColour(k);
  return {
    id: String(k.id),
    title: eventTitle(k, role),
    start: k.start_datetime,
    end: k.end_datetime,
    // FullCalendar 7's event colours: the background and the text on it (white, AA on every kind).
    color: colour,
    contrastColor: '#ffffff',
    // A canceled class is struck through (theme.ts), so it does not rest on its colour alone.
    // `class-<id>` names every segment of the class (one per day it spans) for tests and styles.
    className: `event-${eventKind(k)} class-${k.id}`,
    extendedProps: { kind: eventKind(k), status: eventStatus(k) },
  };
}

/** The parties whose timezone the calendar compares with the viewer's: students for a teacher, the teacher (when the server tells) for a student. */
export function otherParties(classes: Class[], role: Role): { label: string; timeZone: string }[] {
  const out: { label: string; timeZone: string }[] = [];
  for (const k of classes) {
    if (role === 'teacher' && k.student_timezone) out.push({ label: k.enrollment.student.name, timeZone: k.student_timezone });
    const teacherTz = (k as { teacher_timezone?: unknown }).teacher_timezone;
    if (role === 'student' && typeof teacherTz === 'string' && k.enrollment.teacher) {
      out.push({ label: k.enrollment.teacher.name, timeZone: teacherTz });
    }
  }
  return out;
}
