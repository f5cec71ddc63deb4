import { isTeacher } from '../../../db/roles.ts';
import { useCallback, useMemo, useState } from 'react';
import { useCalendarController, type DatesSetInfo } from '@fullcalendar/react';
import { Alert, Box, HStack, Heading, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Temporal } from '../../lib/temporal.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { PageContainer } from '../../components/page-container.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { useUser } from '../../app/session-context.tsx';
import { AddUpcomingToCalendar, ClassDialog, useClassInAddress } from '../classes/index.ts';
import { monthOf, safeZone } from '../classes/index.ts';
import type { Role } from '../classes/index.ts';
import { CalendarLegend } from './legend.tsx';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { CalendarView } from './calendar-view.tsx';
import { otherParties } from './events.ts';
import { describeWeek, offsetChangesByWeek, weekStartsBetween } from './offset-changes.ts';
import { useCalendarClasses, useWatchedMonths } from './data.ts';
import { PhoneCalendar } from './phone-calendar.tsx';
import { JoinNow } from './join-now.tsx';
import { usePhoneNav } from './phone-nav.ts';
import type { CalendarRange as Range, CalendarViewName } from './phone-range.ts';

/** The months a view covers: the view's own month, and in week view the month it ends in when that differs. */
function monthsOf(info: DatesSetInfo, timeZone: string): string[] {
  // currentStart is the instant of local midnight: its month is read in the user's zone, not UTC.
  const current = monthOf(info.view.currentStart.getTime(), timeZone);
  if (info.view.type !== 'timeGridWeek') return [current];
  const last = Temporal.PlainDate.from(info.endStr.slice(0, 10)).subtract({ days: 1 }).toString().slice(0, 7);
  return last === current ? [current] : [current, last];
}

/**
 * Calendar (section 2.8): month or week view (teachers start in week view), weeks from Saturday.
 * Events come from the mirror at once; the months on screen are watched through the engine, which
 * refreshes them every calendar_reload_timeout while the tab is visible. Below the medium
 * breakpoint the same classes, colours and toolbar drive a calendar made for a phone
 * (phone-calendar.tsx) instead of FullCalendar's grids.
 */
export function CalendarPage() {
  const { t } = useI18n();
  const user = useUser();
  const role: Role = isTeacher(user) ? 'teacher' : 'student';
  const timeZone = safeZone(user?.timezone);
  const initialView: CalendarViewName = role === 'teacher' ? 'timeGridWeek' : 'dayGridMonth';
  // Read at once (not after a first desktop render): a phone never mounts FullCalendar.
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const desktopController = useCalendarController();
  const phoneNav = usePhoneNav(initialView, timeZone);
  const controller = phone ? phoneNav.controller : desktopController;
  const [desktopRange, setRange] = useState<Range | null>(null);
  const range = phone ? phoneNav.range : desktopRange;
  // The open class is in the address (`/calendar?class=12`): links, notifications and reload open it.
  const { openId, open, close } = useClassInAddress();
  // The view asked for, given to the grid in the same render as FullCalendar's switch to it: the
  // month's events are cut to what its days show before FullCalendar lays them out (calendar-view.tsx).
  const [view, setView] = useState<CalendarViewName>(initialView);
  const onView = useCallback((next: CalendarViewName) => {
    setView(next);
    controller.changeView(next);
  }, [controller]);

  const onRange = useCallback((info: DatesSetInfo) => {
    const next: Range = {
      from: info.startStr.slice(0, 10),
      to: info.endStr.slice(0, 10),
      startIso: info.start.toISOString(),
      endIso: info.end.toISOString(),
      view: info.view.type as CalendarViewName,
      months: monthsOf(info, timeZone),
    };
    setView(next.view);
    setRange((r) => (r && r.startIso === next.startIso && r.endIso === next.endIso && r.view === next.view ? r : next));
  }, [timeZone]);

  const months = useWatchedMonths(range?.months ?? []);
  const classes = useCalendarClasses(range?.startIso ?? null, range?.endIso ?? null);

  const marks = useMemo(() => {
    if (!range) return NO_MARKS;
    return offsetChangesByWeek(weekStartsBetween(range.from, range.to), timeZone, otherParties(classes, role));
  }, [range, timeZone, classes, role]);

  return (
    <PageContainer maxW="7xl">
      <Stack gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">{t('calendar.title')}</Heading>
          <HStack gap="3" wrap="wrap">
            {!months.loaded && !months.failed && <HStack gap="2"><Spinner size="sm" /><Text color="fg.muted" fontSize="sm">{t('calendar.loading')}</Text></HStack>}
            <AddUpcomingToCalendar role={role} />
          </HStack>
        </HStack>
        {/* A month never read that cannot be read now: the grid would look free, so say why it is empty. */}
        {!months.loaded && months.failed && <LoadError variant="inline" onRetry={months.retry} retrying={months.retrying} />}
        <CalendarLegend />
        <CalendarToolbar controller={controller} view={range?.view ?? initialView} onView={onView} />
        {marks.size > 0 && (
          <Alert.Root status="warning" variant="surface" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('calendar.offsetTitle')}</Alert.Title>
              <Alert.Description>
                {[...marks.entries()].map(([week, list]) => (
                  <Text key={week}>{describeWeek(week, list)}</Text>
                ))}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {!phone && <JoinNow classes={classes} role={role} timeZone={timeZone} />}
        {/* Busy while a month on screen has not been read on this device yet: its grid is not complete. */}
        <Box aria-busy={!months.loaded && !months.failed} data-months={range?.months.join(',') ?? ''}>
          {phone && range
            ? <PhoneCalendar range={range} classes={classes} role={role} timeZone={timeZone} selected={phoneNav.selected} onSelect={phoneNav.select} onOpen={open} />
            : (
              <CalendarView
                controller={desktopController}
                classes={classes}
                role={role}
                timeZone={timeZone}
                initialView={initialView}
                view={view}
                offsetMarks={marks}
                onRange={onRange}
                onOpen={open}
              />
            )}
        </Box>
        <Text fontSize="xs" color="fg.muted">{t('calendar.timesIn', { timeZone })}</Text>
      </Stack>
      <ClassDialog classId={openId} onClose={close} />
    </PageContainer>
  );
}
export default CalendarPage;

const NO_MARKS = new Map<string, never>();
