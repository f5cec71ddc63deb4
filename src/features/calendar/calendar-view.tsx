import { memo, useCallback, useMemo } from 'react';
import FullCalendar, { type CalendarController, type DatesSetInfo, type DayCellInfo, type EventClickInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Box, Tooltip, Portal } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { AppIcon } from '../../components/ui/icons.tsx';
import { useColorMode } from '../../app/color-mode.tsx';
import type { Role } from '../classes/index.ts';
import { toEvent } from './events.ts';
import { todayIn } from '../classes/index.ts';
import { describeChange, type OffsetChange } from './offset-changes.ts';

const PLUGINS = [dayGridPlugin, timeGridPlugin, classicTheme];
/** Weeks start on Saturday. */
export const FIRST_DAY = 6;
const EVENT_TIME = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;
const VIEWS = {
  dayGridMonth: { fixedWeekCount: false, dayMaxEvents: 4 },
  timeGridWeek: { scrollTime: '07:00:00', allDaySlot: false },
};

export interface CalendarViewProps {
  controller: CalendarController;
  classes: Class[];
  role: Role;
  timeZone: string;
  initialView: 'dayGridMonth' | 'timeGridWeek';
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
export const CalendarView = memo(function CalendarView({ controller, classes, role, timeZone, initialView, offsetMarks, onRange, onOpen }: CalendarViewProps) {
  const { colorMode } = useColorMode();
  const events = useMemo(() => classes.map((k) => toEvent(k, role)), [classes, role]);
  const onClick = useCallback((info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    onOpen(Number(info.event.id));
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
  }, [offsetMarks, timeZone]);
  return (
    <Box className="tutoring-calendar" bg="surface" borderRadius="l2" p={{ base: '1', md: '2' }}>
      <FullCalendar
        controller={controller}
        plugins={PLUGINS}
        initialView={initialView}
        headerToolbar={false}
        timeZone={timeZone}
        firstDay={FIRST_DAY}
        height="auto"
        views={VIEWS}
        colorScheme={colorMode}
        events={events}
        eventTimeFormat={EVENT_TIME}
        eventDisplay="block"
        eventClick={onClick}
        datesSet={onRange}
        eventInteractive
        dayCellTopContent={dayCellTopContent}
      />
    </Box>
  );
});

/** A small clock on the first day of a week in which a time difference changes, with the details on hover or focus. */
function OffsetMarker({ marks }: { marks: OffsetChange[] }) {
  const text = marks.map(describeChange).join('\n');
  return (
    <Tooltip.Root openDelay={100}>
      <Tooltip.Trigger asChild>
        <Box as="span" role="img" aria-label={text} tabIndex={0} mr="1" color="orange.600" cursor="help" display="inline-flex" verticalAlign="middle">
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
