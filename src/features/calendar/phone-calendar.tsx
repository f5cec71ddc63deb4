import { useEffect, useMemo, useRef } from 'react';
import { Badge, Box, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { formatDayDate, formatDayOfMonth, formatTime, formatWeekday, WEEK_DAYS } from '../../lib/format.ts';
import { eventTitle, JoinButton, todayIn, type Role } from '../classes/index.ts';
import { EVENT_COLOURS, eventKind, kindLabel } from './colors.ts';
import { datesBetween, type CalendarRange } from './phone-range.ts';
import { classesByDay } from './by-day.ts';

export interface PhoneCalendarProps {
  range: CalendarRange;
  classes: Class[];
  role: Role;
  timeZone: string;
  /** The day whose classes the month lists below its grid (YYYY-MM-DD). */
  selected: string;
  onSelect: (date: string) => void;
  onOpen: (classId: number) => void;
}

/**
 * The calendar below the medium breakpoint: the month as a compact grid of days (a dot per class,
 * in its colour) with the chosen day's classes listed below it, and the week from Saturday as a
 * list of days. Each class shows its time, its whole title and its status in the desktop's colour
 * (colors.ts); a tap or Enter opens the class dialog. Nothing is wider than the screen.
 */
export function PhoneCalendar({ range, classes, role, timeZone, selected, onSelect, onOpen }: PhoneCalendarProps) {
  const today = todayIn(timeZone);
  const byDay = useMemo(() => classesByDay(classes, timeZone), [classes, timeZone]);
  const days = useMemo(() => datesBetween(range.from, range.to), [range.from, range.to]);
  const item = (k: Class) => <AgendaItem key={k.id} k={k} role={role} timeZone={timeZone} onOpen={onOpen} />;
  return (
    <Box className="tutoring-calendar" data-view={range.view} data-phone="">
      {range.view === 'dayGridMonth'
        ? <MonthGrid days={days} month={range.months[0]!} byDay={byDay} today={today} selected={selected} onSelect={onSelect} dayList={(byDay.get(selected) ?? []).map(item)} />
        : <WeekList days={days} byDay={byDay} today={today} item={item} />}
    </Box>
  );
}

/** A class: its start and end, its whole title (wrapped, never cut) and its status, on its colour's edge. */
export function AgendaItem({ k, role, timeZone, onOpen }: { k: Class; role: Role; timeZone: string; onOpen: (id: number) => void }) {
  useI18n(); // its time and status are in the language: a switch draws it again
  const kind = eventKind(k);
  const colour = EVENT_COLOURS[kind];
  return (
    // Join Class on a joinable class: a sibling laid over the item's bottom corner (not inside its
    // button: a control inside a control), beside the status line, so the name keeps its width.
    <Box as="li" position="relative">
      <chakra.button
        type="button"
        className={`event-${kind} class-${k.id}`}
        onClick={() => onOpen(k.id)}
        display="flex"
        gap="3"
        w="full"
        textAlign="start"
        p="2.5"
        bg="bg"
        borderWidth="1px"
        borderInlineStartWidth="6px"
        borderInlineStartColor={colour}
        borderRadius="l2"
        cursor="pointer"
        _hover={{ bg: 'bg.muted' }}
        focusVisibleRing="outside"
      >
        <Box flexShrink={0} minW="4.5rem" fontSize="sm" fontVariantNumeric="tabular-nums" lineHeight="short">
          <Text fontWeight="semibold">{formatTime(k.start_datetime, timeZone)}</Text>
          <Text color="fg.muted">{formatTime(k.end_datetime, timeZone)}</Text>
        </Box>
        <Box minW="0" flex="1">
          {/* The course's own direction: an English title inside Arabic reads left to right. */}
          <Text fontWeight="medium" dir="auto" overflowWrap="anywhere" textDecoration={kind === 'canceled' ? 'line-through' : undefined}>{eventTitle(k, role)}</Text>
          <HStack gap="1.5" mt="0.5" minH={k.joinable ? '6' : undefined} pe={k.joinable ? '24' : undefined}>
            <Box w="2.5" h="2.5" borderRadius="full" bg={colour} flexShrink={0} aria-hidden />
            <Text fontSize="xs" color="fg.muted">{kindLabel(kind)}</Text>
          </HStack>
        </Box>
      </chakra.button>
      {k.joinable && <JoinButton klass={k} role={role} size="2xs" position="absolute" insetEnd="2.5" bottom="2.5" />}
    </Box>
  );
}

function MonthGrid({ days, month, byDay, today, selected, onSelect, dayList }: {
  days: string[]; month: string; byDay: Map<string, Class[]>; today: string; selected: string; onSelect: (d: string) => void; dayList: React.ReactNode[];
}) {
  const { t } = useI18n();
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return (
    <Stack gap="3">
      <chakra.table w="full" tableLayout="fixed" borderCollapse="collapse" aria-label={t('calendar.days')}>
        <chakra.thead>
          <chakra.tr>
            {WEEK_DAYS.map((d) => (
              <chakra.th key={d} role="columnheader" scope="col" fontSize="xs" fontWeight="medium" color="fg.muted" py="1" overflow="hidden" whiteSpace="nowrap">
                {formatWeekday(d, 'short')}
              </chakra.th>
            ))}
          </chakra.tr>
        </chakra.thead>
        <chakra.tbody>
          {weeks.map((w) => (
            <chakra.tr key={w[0]}>
              {w.map((d) => {
                const list = byDay.get(d) ?? [];
                const outside = d.slice(0, 7) !== month;
                const chosen = d === selected;
                return (
                  <chakra.td key={d} p="0.5" data-date={d}>
                    <chakra.button
                      type="button"
                      aria-pressed={chosen}
                      aria-current={d === today ? 'date' : undefined}
                      aria-label={t('calendar.dayClasses', { date: formatDayDate(d), n: list.length })}
                      data-classes={list.length || undefined}
                      onClick={() => onSelect(d)}
                      w="full"
                      h="11"
                      display="flex"
                      flexDirection="column"
                      alignItems="center"
                      justifyContent="center"
                      gap="0.5"
                      borderRadius="l2"
                      borderWidth={d === today ? '2px' : '1px'}
                      borderColor={d === today ? 'brand.solid' : 'transparent'}
                      bg={chosen ? 'brand.subtle' : undefined}
                      color={outside ? 'fg.muted' : 'fg'}
                      fontWeight={chosen || d === today ? 'bold' : 'normal'}
                      fontSize="sm"
                      cursor="pointer"
                      focusVisibleRing="outside"
                    >
                      <span>{formatDayOfMonth(d)}</span>
                      <HStack gap="0.5" h="1.5" aria-hidden>
                        {list.slice(0, 3).map((k) => <Box key={k.id} w="1.5" h="1.5" borderRadius="full" bg={EVENT_COLOURS[eventKind(k)]} />)}
                      </HStack>
                    </chakra.button>
                  </chakra.td>
                );
              })}
            </chakra.tr>
          ))}
        </chakra.tbody>
      </chakra.table>
      <Stack gap="2" as="section" aria-labelledby="phone-day-heading">
        <Heading as="h3" size="sm" id="phone-day-heading">
          {formatDayDate(selected)}
          {selected === today && <Badge ms="2" size="sm" colorPalette="brand">{t('calendar.today')}</Badge>}
        </Heading>
        {dayList.length > 0
          ? <Stack as="ul" gap="2" listStyleType="none">{dayList}</Stack>
          : <Text fontSize="sm" color="fg.muted">{t('calendar.noClasses')}</Text>}
      </Stack>
    </Stack>
  );
}

/** The week from Saturday, a heading per day and its classes; today's day is brought into view when the week is shown. */
function WeekList({ days, byDay, today, item }: { days: string[]; byDay: Map<string, Class[]>; today: string; item: (k: Class) => React.ReactNode }) {
  const { t } = useI18n();
  const todayRef = useRef<HTMLDivElement>(null);
  const first = days[0];
  // Today's day is placed as the classes come in: the week may open with only the classes already
  // on the device, today near the top, and the days before today then fill and push it below the
  // fold (on a Sunday, Saturday's classes). Once brought to the top it is kept there while they
  // fill (on a Friday all six days before it grow after it was placed). Never once the user has
  // scrolled, tapped or pressed a key: the list is theirs then.
  const placed = useRef(false);
  const anchored = useRef(false);
  useEffect(() => {
    placed.current = false;
    anchored.current = false;
    const mine = () => void (placed.current = true);
    const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const e of events) addEventListener(e, mine, { passive: true, once: true });
    return () => {
      for (const e of events) removeEventListener(e, mine);
    };
  }, [first]);
  useEffect(() => {
    const el = todayRef.current;
    if (!el || placed.current) return;
    // Only once it is below the fold (a week opened at today's day needs no scroll), then again
    // whenever the days before it grow.
    if (anchored.current || el.getBoundingClientRect().top > window.innerHeight * 0.5) {
      el.scrollIntoView({ block: 'start' });
      anchored.current = true;
    }
  }, [first, byDay]);
  return (
    <Stack gap="4">
      {days.map((d) => {
        const list = byDay.get(d) ?? [];
        return (
          <Stack as="section" key={d} gap="2" aria-labelledby={`phone-day-${d}`} ref={d === today ? todayRef : undefined} scrollMarginTop="calc({sizes.navbarPhone} + 0.5rem)" data-date={d}>
            <Heading as="h3" size="sm" id={`phone-day-${d}`} color={d === today ? 'brand.fg' : undefined}>
              {formatDayDate(d)}
              {d === today && <Badge ms="2" size="sm" colorPalette="brand">{t('calendar.today')}</Badge>}
            </Heading>
            {list.length > 0
              ? <Stack as="ul" gap="2" listStyleType="none">{list.map(item)}</Stack>
              : <Text fontSize="sm" color="fg.muted">{t('calendar.noClasses')}</Text>}
          </Stack>
        );
      })}
    </Stack>
  );
}
