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

/** A day's "+N more" in the month view: the day and how many of its classes it stands for. */
export interface MoreOf { day: string; n: number }

/**
 * The month view's events, for days of `rows` rows: a day's classes when they fit, else its first
 * ones and one "+N more" event in its last row, which opens the day's classes in a dialog
 * (calendar-view.tsx). FullCalendar's own "+N more" (`dayMaxEvents`) takes every event of the month
 * and lays them out to hide most: a thousand in a teacher's busiest month, of which it shows under
 * two hundred. A class that runs past midnight also shows in the next day, which may then overflow:
 * FullCalendar's own link takes it there.
 */
export function monthEvents(byDay: Map<string, Class[]>, role: Role, rows: number) {
  const out: ReturnType<typeof toEvent | typeof moreEvent>[] = [];
  for (const [day, list] of byDay) {
    const shown = list.length > rows ? list.slice(0, rows - 1) : list;
    for (const k of shown) out.push(toEvent(k, role));
    if (shown.length < list.length) out.push(moreEvent({ day, n: list.length - shown.length }, list[shown.length]!));
  }
  return out;
}

/** A day's "+N more" event, placed after the classes shown: it starts with the first class it stands for and is shorter than any. */
function moreEvent(more: MoreOf, first: Class) {
  const start = Date.parse(first.start_datetime);
  return {
    id: `more:${more.day}`,
    title: '',
    start,
    end: start + 60_000,
    color: 'transparent',
    contrastColor: 'inherit',
    className: 'more-classes',
    extendedProps: { more },
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
