import { useMemo, useState } from 'react';
import type { CalendarController } from '@fullcalendar/react';
import { formatMonthYear, formatDateRange } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { todayIn } from '../classes/index.ts';
import { addDays, addMonths, phoneRange, type CalendarRange, type CalendarViewName } from './phone-range.ts';

export interface PhoneNav {
  range: CalendarRange;
  selected: string;
  select(date: string): void;
  /**
   * The toolbar's controls (This Month, previous, next, the view switch, the title) over the
   * phone's views: the part of FullCalendar's controller that calendar-toolbar.tsx uses, so one
   * toolbar serves both sizes.
   */
  controller: CalendarController;
}

/** Where the phone calendar is (its view, the day it is at, the chosen day), starting at today. */
export function usePhoneNav(initialView: CalendarViewName, timeZone: string): PhoneNav {
  const { locale } = useI18n();
  const today = todayIn(timeZone);
  const [view, setView] = useState<CalendarViewName>(initialView);
  // Null until the user moves: then the day it is at and the chosen day are today's, following
  // today when it changes under an open screen (midnight, or the user's timezone saved after the
  // screen was prepared, which moved a teacher's week a day ahead near midnight).
  const [moved, setAnchor] = useState<string | null>(null);
  const [chosen, setSelected] = useState<string | null>(null);
  const anchor = moved ?? today;
  const selected = chosen ?? today;
  const range = useMemo(() => phoneRange(view, anchor, timeZone), [view, anchor, timeZone]);
  const controller = useMemo(() => {
    // A month shows today's classes when it holds today, else its first day's.
    const go = (to: string) => {
      setAnchor(to);
      setSelected(to.slice(0, 7) === today.slice(0, 7) && view === 'dayGridMonth' ? today : to);
    };
    const step = (n: number) => go(view === 'dayGridMonth' ? addMonths(anchor, n) : addDays(anchor, 7 * n));
    return {
      view: { type: view, title: view === 'dayGridMonth' ? formatMonthYear(anchor) : formatDateRange(range.from, addDays(range.to, -1)) },
      // Back to today, following it again.
      today: () => {
        setAnchor(null);
        setSelected(null);
      },
      prev: () => step(-1),
      next: () => step(1),
      changeView: (v: string) => {
        setView(v === 'timeGridWeek' ? 'timeGridWeek' : 'dayGridMonth');
        // The week that holds the chosen day, or the month that holds it.
        setAnchor(selected);
      },
    } as unknown as CalendarController;
    // The title is in the language: a switch makes it again.
  }, [view, anchor, today, range, selected, locale]); // eslint-disable-line react-hooks/exhaustive-deps
  return { range, selected, select: setSelected, controller };
}
