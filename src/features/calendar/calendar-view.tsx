import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import FullCalendar, { type CalendarController, type CalendarRef, type DatesSetInfo, type DayCellInfo, type EventClickInfo, type EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicTheme from '@fullcalendar/react/themes/classic';
// FullCalendar's Arabic (week from Saturday, right to left): chosen by `locale`, which names the
// language with format.ts's Intl locale so FullCalendar's dates use the app's digits.
import arLocale from '@fullcalendar/react/locales/ar';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Box, Stack, Tooltip, Portal } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { AppIcon } from '../../components/ui/icons.tsx';
import { useColorMode } from '../../app/color-mode.tsx';
import { dirOf, t as translate, useI18n } from '../../lib/i18n/index.ts';
import { formatDayDate, formatNumber, intlLocale, WEEK_START } from '../../lib/format.ts';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import type { Role } from '../classes/index.ts';
import { monthEvents, toEvent, type MoreOf } from './events.ts';
import { todayIn } from '../classes/index.ts';
import { describeChange, type OffsetChange } from './offset-changes.ts';
import { kindLabel, type EventKind } from './colors.ts';
import { scrollTimeFor } from './scroll-time.ts';
import { classesByDay } from './by-day.ts';
import { AgendaItem } from './phone-calendar.tsx';

const PLUGINS = [dayGridPlugin, timeGridPlugin, classicTheme];
/** Weeks start on Saturday, in every language (format.ts). */
export const FIRST_DAY = WEEK_START;
const EVENT_TIME = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;
/** Arabic: the locale's own `5:30 م` (FullCalendar's short meridiem drops the space). */
const EVENT_TIME_AR = { hour: 'numeric', minute: '2-digit' } as const;
/**
 * The month grows with its weeks. The week view has a height of its own, so its hours scroll inside
 * it and it can open at `scrollTime`. (Below the medium breakpoint the page shows phone-calendar.tsx
 * instead.)
 */
/** The rows of a day in the month view: its first classes, the last row "+N more" when there are more. */
const MONTH_ROWS = 4;
const MONTH = { fixedWeekCount: false, dayMaxEvents: MONTH_ROWS };
const VIEWS = { dayGridMonth: MONTH, timeGridWeek: { allDaySlot: false } };
/** The week view's height (px): about twelve hours on screen, the rest scrolls. */
const WEEK_HEIGHT = 680;

/**
 * An event's content: its time and title, cut to the box by the grid, with the whole name and its
 * status (the legend's word) as the tooltip. Screen readers read the whole title (the text is all
 * there; only its display is cut). Enter or a click opens the class dialog, which shows it all.
 */
function EventContent(info: EventDisplayInfo) {
  const more = info.event.extendedProps.more as MoreOf | undefined;
  if (more) {
    return (
      <span title={translate('calendar.fc.moreHint', { n: more.n })} style={CONTENT_MONTH}>
        +{formatNumber(more.n)} {translate('calendar.fc.more')}
      </span>
    );
  }
  const status = (info.event.extendedProps.status as string | undefined) ?? kindLabel(info.event.extendedProps.kind as EventKind);
  const week = info.view.type === 'timeGridWeek';
  return (
    <span title={[info.timeText, info.event.title, status].filter(Boolean).join(' · ')} style={week ? CONTENT_WEEK : CONTENT_MONTH}>
      {/* FullCalendar's own classes for the time and the title keep its type sizes. */}
      {info.timeText && <span className={info.timeClass} style={week ? TITLE : TIME_MONTH}>{info.timeText}</span>}
      {/* The course's own direction: an English title inside Arabic is cut at its end, not its start. */}
      <span className={info.titleClass} style={TITLE} dir="auto">{info.event.title}</span>
    </span>
  );
}
const CONTENT_MONTH = { display: 'flex', gap: '0.3em', minWidth: 0, width: '100%', overflow: 'hidden', padding: '0 2px' } as const;
const CONTENT_WEEK = { display: 'flex', flexDirection: 'column', minWidth: 0, width: '100%', overflow: 'hidden', padding: '1px 2px' } as const;
const TIME_MONTH = { flexShrink: 0, whiteSpace: 'nowrap' } as const;
const TITLE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

export interface CalendarViewProps {
  controller: CalendarController;
  classes: Class[];
  role: Role;
  timeZone: string;
  initialView: 'dayGridMonth' | 'timeGridWeek';
  /** The view shown or being switched to (its switch renders with it): the month's events are cut per day. */
  view: 'dayGridMonth' | 'timeGridWeek';
  /** Week start date (YYYY-MM-DD) → the time-difference changes in that week. */
  offsetMarks: Map<string, OffsetChange[]>;
  onRange: (info: DatesSetInfo) => void;
  onOpen: (classId: number) => void;
}

/**
 * FullCalendar over the classes the mirror holds for the visible range, in the user's timezone.
 * The toolbar is ours (see calendar-toolbar.tsx), driven through the controller. Memoised, with
 * stable callbacks: FullCalendar re-renders every cell when an option changes identity.
 */
export const CalendarView = memo(function CalendarView({ controller, classes, role, timeZone, initialView, view, offsetMarks, onRange, onOpen }: CalendarViewProps) {
  const { colorMode } = useColorMode();
  // The language: FullCalendar's locale and direction follow a switch at once (no reload).
  const { locale, t } = useI18n();
  // FullCalendar's Arabic lacks some of its own texts (hidden headers, hints): ours fill them.
  const fcLocales = useMemo(() => [{
    ...arLocale,
    timedText: t('calendar.fc.timed'),
    allDayText: t('calendar.fc.allDay'),
    closeHint: t('calendar.fc.close'),
    eventsHint: t('calendar.fc.events'),
    moreLinkText: t('calendar.fc.more'),
    moreLinkHint: (n: number) => t('calendar.fc.moreHint', { n }),
    noEventsText: t('calendar.fc.noEvents'),
  }], [t, locale]); // eslint-disable-line react-hooks/exhaustive-deps -- t reads the language
  // Around the week's first class, or now (the same string on a poll is the same option).
  // The shown range's end (a class running past its last midnight is not shown past it).
  const [viewEnd, setViewEnd] = useState<number | undefined>(undefined);
  // Only the week view opens at a time of day: the month view's classes (a thousand in a teacher's
  // busiest month) are not read for it (40 ms of each month shown at the benchmark's scale).
  const [viewType, setViewType] = useState<string>(initialView);
  const byDay = useMemo(() => (view === 'dayGridMonth' ? classesByDay(classes, timeZone) : null), [view, classes, timeZone]);
  const events = useMemo(() => (byDay ? monthEvents(byDay, role, MONTH_ROWS) : classes.map((k) => toEvent(k, role))), [byDay, classes, role]);
  // The day whose classes the dialog lists (its "+N more" was chosen), YYYY-MM-DD.
  const [moreDay, setMoreDay] = useState<string | null>(null);
  const dayList = moreDay ? (byDay?.get(moreDay) ?? []) : [];
  const weekClasses = viewType === 'timeGridWeek' ? classes : null;
  const scrollTime = useMemo(() => (weekClasses ? scrollTimeFor(weekClasses, timeZone, undefined, viewEnd) : undefined), [weekClasses, timeZone, viewEnd]);
  // FullCalendar scrolls to `scrollTime` only when a view is first shown. The first render may
  // hold only some of the window's classes (the home document's, before the calendar's own read),
  // and the week then opened around those, with the week's earlier classes above the view. When the
  // earliest hour moves, the week goes there (rare once the window is read: a class earlier than all).
  const calendar = useRef<CalendarRef>(null);
  useEffect(() => {
    if (!scrollTime) return;
    try {
      calendar.current?.getApi().scrollToTime(scrollTime);
    } catch {
      // no view yet: FullCalendar applies scrollTime itself when it shows one
    }
  }, [scrollTime]);
  const onDates = useCallback((info: DatesSetInfo) => {
    setViewType(info.view.type);
    setViewEnd(info.end.getTime());
    onRange(info);
  }, [onRange]);
  const onClick = useCallback((info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const more = info.event.extendedProps.more as MoreOf | undefined;
    if (more) setMoreDay(more.day);
    else onOpen(Number(info.event.id));
  }, [onOpen]);
  const openFromDay = useCallback((id: number) => {
    setMoreDay(null);
    onOpen(id);
  }, [onOpen]);
  const dayCellTopContent = useCallback((arg: DayCellInfo) => {
    // The cell's date is the instant of its local midnight: read its day in the user's zone.
    const marks = offsetMarks.get(todayIn(timeZone, arg.date.getTime()));
    return (
      <>
        {marks && <OffsetMarker marks={marks} />}
        {arg.dayNumberText}
      </>
    );
    // The marker's words are in the language: a switch draws the cells again.
  }, [offsetMarks, timeZone, locale]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Box className="tutoring-calendar" data-view={viewType} bg="surface" borderRadius="l2" p="2">
      <FullCalendar
        ref={calendar}
        controller={controller}
        plugins={PLUGINS}
        initialView={initialView}
        headerToolbar={false}
        timeZone={timeZone}
        locales={fcLocales}
        locale={intlLocale(locale)}
        direction={dirOf(locale)}
        firstDay={FIRST_DAY}
        height={viewType === 'timeGridWeek' ? WEEK_HEIGHT : 'auto'}
        views={VIEWS}
        scrollTime={scrollTime}
        eventContent={EventContent}
        colorScheme={colorMode}
        events={events}
        eventTimeFormat={locale === 'en' ? EVENT_TIME : EVENT_TIME_AR}
        eventDisplay="block"
        eventClick={onClick}
        datesSet={onDates}
        eventInteractive
        dayCellTopContent={dayCellTopContent}
      />
      {moreDay && (
        <AppDialog open title={t('calendar.dayClasses', { date: formatDayDate(moreDay), n: dayList.length })} onClose={() => setMoreDay(null)} size="md" scrollBehavior="inside">
          {dayList.length > 0
            ? <Stack as="ul" gap="2" listStyleType="none">{dayList.map((k) => <AgendaItem key={k.id} k={k} role={role} timeZone={timeZone} onOpen={openFromDay} />)}</Stack>
            : t('calendar.noClasses')}
        </AppDialog>
      )}
    </Box>
  );
});

/** A small clock on the first day of a week in which a time difference changes, with the details on hover or focus. */
function OffsetMarker({ marks }: { marks: OffsetChange[] }) {
  const text = marks.map(describeChange).join('\n');
  return (
    <Tooltip.Root openDelay={100}>
      <Tooltip.Trigger asChild>
        <Box as="span" role="img" aria-label={text} tabIndex={0} me="1" color="orange.600" cursor="help" display="inline-flex" verticalAlign="middle">
          <AppIcon name="clock" boxSize="3.5" />
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content whiteSpace="pre-line">{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
